import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { curatedArg, hasCuratedRule } from './arg-rules';
import { CORE_MORE_VALUES } from './core-more-values';
import { MENU_BY_PATH } from './menus';
import { valueRuleRefFields } from './value-rule-refs';

/** The clock's, tree queues' and SNMP's values from MikroTik's CLI reference (model/core-more-values.ts). */

const CLI = /^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\//;
const takes = (version: string, menu: string, arg: string) => [...(treeFor(version)[menu]?.add ?? []), ...(treeFor(version)[menu]?.set ?? [])].includes(arg);

describe('the core value table', () => {
  it('names curated menus and arguments both trees take, each with its reference page, counted as curated rules', () => {
    for (const [menu, args] of Object.entries(CORE_MORE_VALUES)) {
      expect({ menu, curated: MENU_BY_PATH.has(menu) }).toEqual({ menu, curated: true });
      for (const [arg, rule] of Object.entries(args)) {
        for (const v of SUPPORTED_VERSIONS) expect({ menu, arg, v, taken: takes(v, menu, arg) }).toEqual({ menu, arg, v, taken: true });
        expect(rule.source).toMatch(CLI);
        expect({ menu, arg, curated: hasCuratedRule(menu, arg) }).toEqual({ menu, arg, curated: true });
      }
    }
  });

  it('health\'s `state-after-reboot` and a script job\'s `type` are the page\'s words (the menus refuse writes, so the rules are asked directly)', () => {
    const ctx = { path: 'system/health', rowsOf: () => [] };
    expect(curatedArg('state-after-reboot', 'enabled', ctx)).toBe('enabled');
    expect(curatedArg('state-after-reboot', 'disabled', ctx)).toBe('disabled');
    expect(refusal(() => curatedArg('state-after-reboot', 'on', ctx))).toBe('input does not match any value of state-after-reboot');
    const job = { path: 'system/script/job', rowsOf: () => [] };
    expect(curatedArg('type', 'api-login', job)).toBe('api-login');
    expect(refusal(() => curatedArg('type', 'script', job))).toBe('input does not match any value of type');
  });

  it('follows renames of the interfaces SNMP traps name', () => {
    expect(valueRuleRefFields('snmp', (m) => m === 'interface')).toEqual(['trap-interfaces']);
  });
});

describe.each(['7.15.3', '7.20.5'])('core values on %s', (version) => {
  const device = () => seededDevice('home', version);

  it('the clock: an ISO date, a 24-hour time, `manual` or an IANA zone in its own case', () => {
    const s = device();
    for (const date of ['nov/29/2026', '2026-13-01', '2026-00-10', '2026-11-32', '26-11-29', '2026-11-29x']) {
      expect(refusal(() => s.setSingleton('system/clock', { date }))).toBe(`invalid value of date: ${date}`);
    }
    for (const time of ['24:00:00', '12:60:00', '12:00:60', '1:02:03', 'noon']) {
      expect(refusal(() => s.setSingleton('system/clock', { time }))).toBe(`invalid value of time: ${time}`);
    }
    for (const zone of ['Mars/Olympus', 'europe/riga', 'Europe/Riga/', '../etc', 'UTC+5']) {
      expect(refusal(() => s.setSingleton('system/clock', { 'time-zone-name': zone }))).toBe('input does not match any value of time-zone-name');
    }
    expect(() => s.setSingleton('system/clock', { date: '2026-11-29', time: '23:59:59' })).not.toThrow();
    for (const zone of ['Europe/Riga', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC', 'manual']) {
      s.setSingleton('system/clock', { 'time-zone-name': zone });
      expect(s.singleton('system/clock')['time-zone-name']).toBe(zone);
    }
  });

  it('a tree queue: `global`, an interface or a tree queue as parent; a known queue type', () => {
    const s = device();
    expect(refusal(() => s.add('queue/tree', { name: 'q0', parent: 'ghost' }))).toBe('input does not match any value of parent');
    expect(refusal(() => s.add('queue/tree', { name: 'q0', parent: 'global', queue: 'turbo' }))).toBe('input does not match any value of queue');
    expect(s.list('queue/tree')).toHaveLength(0);
    s.add('queue/type', { name: 'fair', kind: 'sfq' });
    expect(s.add('queue/tree', { name: 'top', parent: 'global', queue: 'fair' })).toMatchObject({ parent: 'global', queue: 'fair' });
    expect(s.add('queue/tree', { name: 'down', parent: 'ether2', queue: 'ethernet-default' })).toMatchObject({ parent: 'ether2', queue: 'ethernet-default' });
    expect(s.add('queue/tree', { name: 'child', parent: 'top' })).toMatchObject({ parent: 'top' });
  });

  it('SNMP trap interfaces: `all` or existing interfaces, renames followed', () => {
    const s = device();
    expect(refusal(() => s.setSingleton('snmp', { 'trap-interfaces': 'ether2,ghost' }))).toBe('input does not match any value of interface');
    expect(s.singleton('snmp')['trap-interfaces']).toBe('');
    s.setSingleton('snmp', { 'trap-interfaces': 'all' });
    expect(s.singleton('snmp')['trap-interfaces']).toBe('all');
    s.setSingleton('snmp', { 'trap-interfaces': 'ether2,ether3' });
    s.update('interface/ethernet', 'ether2', { name: 'uplink' });
    expect(s.singleton('snmp')['trap-interfaces']).toBe('uplink,ether3');
  });
});
