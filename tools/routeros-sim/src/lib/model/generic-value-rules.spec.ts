import { expectGenericValueTable } from '../testing/value-tables.fixture';
import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { checkGenericValue, GENERIC_MENU_BOOLS, GENERIC_VALUES } from './generic-values';
import { treeFor } from '../schema/menu-schema';
import { MENU_BY_PATH } from './menus';
import { genericMenuOf } from './generic-menus';

/** Time, integer and word syntax of generic menus' arguments, from MikroTik's manual (model/generic-values.ts). */

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (version: string) => new DeviceState(version, 42, () => seedConfig({ profile: 'home', version, identity: 'r1', index: 0, users }));

describe('the table', () => {
  it('names only generic menus and arguments their add/set take that the tree leaves undescribed, each with a manual page', () => {
    expectGenericValueTable(GENERIC_VALUES, /^https:\/\/(help|wiki|manual)\.mikrotik\.com\//);
  });

  it.each([
    [{ kind: 'time' as const, source: '' }, ['30s', '1h30m', '00:05:00', '90', '1d02:00:00', '500ms', ''], ['soon', '30x', '-1s', '1s30m']],
    [{ kind: 'time' as const, keywords: ['never'], source: '' }, ['never', '1w'], ['always']],
    [{ kind: 'integer' as const, min: 1, max: 7200, source: '' }, ['1', '7200', '600', ''], ['0', '7201', 'ten', '-5', '1.5', '10s']],
    [{ kind: 'integer' as const, min: 0, max: 63, keywords: ['auto'], source: '' }, ['auto', '0', '63'], ['64', 'any']],
    [{ kind: 'enum' as const, values: ['loose', 'no', 'strict'], source: '' }, ['loose', 'no', 'strict'], ['yes', 'Loose', 'loose,strict']],
  ])('%j takes %j and refuses %j', (rule, good, bad) => {
    for (const value of good) expect(() => checkGenericValue(rule, 'x', value)).not.toThrow();
    for (const value of bad) expect(() => checkGenericValue(rule, 'x', value)).toThrow();
  });

  it("refuses with RouterOS's wording", () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return (error as Error).message;
      }
      return undefined;
    };
    expect(refusal(() => checkGenericValue({ kind: 'time', source: '' }, 'update-interval', 'soon'))).toBe('invalid value for argument update-interval');
    expect(refusal(() => checkGenericValue({ kind: 'integer', min: 1, max: 7200, source: '' }, 'retry-interval', '9000'))).toBe('value of retry-interval out of range (1..7200)');
    expect(refusal(() => checkGenericValue({ kind: 'integer', min: 1, max: 7200, source: '' }, 'retry-interval', 'soon'))).toBe('invalid value for argument retry-interval');
    expect(refusal(() => checkGenericValue({ kind: 'enum', values: ['no'], source: '' }, 'rp-filter', 'yes'))).toBe('input does not match any value of rp-filter');
  });
});

describe.each(['7.15.3', '7.20.5'])('generic menus on %s', (version) => {
  it.each([
    ['routing/rpki', { group: 'g1', address: '10.0.0.1', 'retry-interval': '7201' }, 'value of retry-interval out of range (1..7200)'],
    ['routing/rpki', { group: 'g1', address: '10.0.0.1', 'expire-interval': '2h' }, 'invalid value for argument expire-interval'],
    ['routing/rip/instance', { name: 'rip1', 'update-interval': 'often' }, 'invalid value for argument update-interval'],
    ['radius', { address: '10.0.0.2', 'authentication-port': '0' }, 'value of authentication-port out of range (1..65535)'],
    ['ip/settings', { 'rp-filter': 'yes' }, 'input does not match any value of rp-filter'],
    ['ip/settings', { 'icmp-rate-limit': 'fast' }, 'invalid value for argument icmp-rate-limit'],
    ['ip/proxy', { 'cache-hit-dscp': '64' }, 'value of cache-hit-dscp out of range (0..63)'],
    ['interface/sstp-server/server', { mrru: '511' }, 'value of mrru out of range (512..65535)'],
    ['interface/sstp-server/server', { pfs: 'always' }, 'input does not match any value of pfs'],
    ['interface/l2tp-server/server', { 'caller-id-type': 'name' }, 'input does not match any value of caller-id-type'],
    ['interface/l2tp-server/server', { 'max-sessions': 'many' }, 'invalid value for argument max-sessions'],
    ['interface/pptp-server/server', { mrru: 'off' }, 'invalid value for argument mrru'],
    ['interface/pppoe-server/server', { interface: 'ether1', 'keepalive-timeout': 'often' }, 'invalid value for argument keepalive-timeout'],
    ['interface/pppoe-server/server', { interface: 'ether1', mrru: '70000' }, 'value of mrru out of range (512..65535)'],
    ['interface/ovpn-server/server', { mode: 'tap' }, 'input does not match any value of mode'],
    ['interface/ovpn-server/server', { 'reneg-sec': '1h' }, 'invalid value for argument reneg-sec'],
    ['ip/hotspot', { name: 'hs1', interface: 'ether2', 'addresses-per-mac': 'many' }, 'invalid value for argument addresses-per-mac'],
    ['ip/hotspot/user/profile', { name: 'p1', 'open-status-page': 'never' }, 'input does not match any value of open-status-page'],
    ['ip/hotspot/ip-binding', { 'mac-address': '02:00:00:00:00:01', type: 'allowed' }, 'input does not match any value of type'],
    ['ip/hotspot/walled-garden/ip', { 'dst-address': '10.0.0.9', action: 'allow' }, 'input does not match any value of action'],
  ])('refuses %s %j as RouterOS does, changing nothing', (menu, props, refusal) => {
    const s = device(version);
    const before = JSON.stringify(s.snapshot());
    const write = () => (s.menu(menu)!.kind === 'singleton' ? s.setSingleton(menu, props) : s.add(menu, props));
    expect(detail(write)).toBe(refusal);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('takes what the manual allows', () => {
    const s = device(version);
    expect(s.add('routing/rpki', { group: 'g1', address: '10.0.0.1', 'refresh-interval': '20', 'expire-interval': '7200' })).toMatchObject({ 'refresh-interval': '20' });
    expect(s.add('routing/rip/instance', { name: 'rip1', 'update-interval': '30s' })).toMatchObject({ 'update-interval': '30s' });
    expect(() => s.setSingleton('ip/settings', { 'rp-filter': 'loose', 'icmp-rate-limit': '0' })).not.toThrow();
    expect(() => s.setSingleton('ip/proxy', { 'cache-hit-dscp': '4' })).not.toThrow();
    expect(() => s.setSingleton('interface/sstp-server/server', { mrru: '1600', pfs: 'required', 'tls-version': 'only-1.2' })).not.toThrow();
    expect(() => s.setSingleton('interface/sstp-server/server', { mrru: 'disabled' })).not.toThrow();
    expect(() => s.setSingleton('interface/l2tp-server/server', { 'max-sessions': 'unlimited', 'l2tpv3-cookie-length': '4-bytes' })).not.toThrow();
    expect(() => s.setSingleton('interface/l2tp-server/server', { 'max-sessions': '10', mrru: '1600' })).not.toThrow();
    expect(s.add('interface/pppoe-server/server', { interface: 'ether1', 'keepalive-timeout': 'disabled', mrru: '1600' })).toMatchObject({ mrru: '1600' });
    // One server before 7.17 (a singleton), several after (a table).
    const ovpn = { mode: 'ethernet', port: '1194', protocol: 'udp', 'reneg-sec': '3600' };
    expect(s.menu('interface/ovpn-server/server')!.kind === 'singleton' ? s.setSingleton('interface/ovpn-server/server', ovpn) : s.add('interface/ovpn-server/server', ovpn)).toMatchObject({ mode: 'ethernet' });
    expect(s.add('ip/hotspot', { name: 'hs1', interface: 'ether2', 'addresses-per-mac': 'unlimited' })).toMatchObject({ 'addresses-per-mac': 'unlimited' });
    expect(s.add('ip/hotspot/profile', { name: 'hp1', 'radius-mac-format': 'XX-XX-XX-XX-XX-XX' })).toMatchObject({ 'radius-mac-format': 'XX-XX-XX-XX-XX-XX' });
    expect(s.add('ip/hotspot/ip-binding', { 'mac-address': '02:00:00:00:00:01', type: 'bypassed' })).toMatchObject({ type: 'bypassed' });
    expect(s.add('ip/hotspot/walled-garden', { 'dst-host': 'example.com', action: 'deny' })).toMatchObject({ action: 'deny' });
  });
});

describe.each(['7.15.3', '7.20.5'])('yes/no menus on %s', (version) => {
  it('makes every IPFIX field a boolean, refusing other words and storing yes/no as true/false', () => {
    for (const [menu, source] of Object.entries(GENERIC_MENU_BOOLS)) {
      expect(MENU_BY_PATH.has(menu)).toBe(false);
      expect(source).toMatch(/^https:\/\/help\.mikrotik\.com\//);
      const spec = genericMenuOf(treeFor(version), menu)!;
      expect(spec.kind).toBe('singleton');
      expect(spec.bools).toEqual([...(treeFor(version)[menu].set ?? [])].sort());
    }
    const s = device(version);
    const before = JSON.stringify(s.snapshot());
    expect(detail(() => s.setSingleton('ip/traffic-flow/ipfix', { 'nat-events': 'perhaps' }))).toBe('invalid value of nat-events: perhaps');
    expect(JSON.stringify(s.snapshot())).toBe(before);
    s.setSingleton('ip/traffic-flow/ipfix', { 'nat-events': 'yes', bytes: 'no' });
    expect(s.singleton('ip/traffic-flow/ipfix')).toMatchObject({ 'nat-events': 'true', bytes: 'false' });
  });
});
