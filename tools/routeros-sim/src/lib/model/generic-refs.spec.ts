import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { checkRef, GENERIC_REFS } from './generic-refs';
import { checkAddress, GENERIC_ADDRESSES } from './generic-addresses';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { MENU_BY_PATH } from './menus';

/** References and address syntax of generic menus (model/generic-refs.ts, model/generic-addresses.ts). */

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (version: string) => new DeviceState(version, 42, () => seedConfig({ profile: 'home', version, identity: 'r1', index: 0, users }));

describe('the tables', () => {
  it('name only generic menus, arguments their add/set take, and menus a tree serves', () => {
    for (const [menu, args] of [...Object.entries(GENERIC_REFS), ...Object.entries(GENERIC_ADDRESSES)]) {
      expect(MENU_BY_PATH.has(menu)).toBe(false);
      const trees = SUPPORTED_VERSIONS.map(treeFor).filter((t) => t[menu]);
      expect(trees.length).toBeGreaterThan(0);
      for (const arg of Object.keys(args)) expect({ menu, arg, taken: trees.some((t) => [...(t[menu].add ?? []), ...(t[menu].set ?? [])].includes(arg)) }).toEqual({ menu, arg, taken: true });
    }
    for (const rules of Object.values(GENERIC_REFS)) for (const rule of Object.values(rules)) for (const target of rule.menus) expect(SUPPORTED_VERSIONS.some((v) => treeFor(v)[target])).toBe(true);
  });

  it('checks names, keywords, negation and lists', () => {
    const rows = (path: string) => (path === 'interface' ? [{ name: 'ether1' }, { name: 'ether2' }] : []);
    expect(checkRef({ menus: ['interface'], noun: 'interface', negatable: true }, 'in-interface', '!ether1', rows)).toBe('!ether1');
    expect(() => checkRef({ menus: ['interface'], noun: 'interface' }, 'in-interface', '!ether1', rows)).toThrow('input does not match any value of interface');
    expect(checkRef({ menus: ['interface'], keywords: ['all'], list: true }, 'interfaces', 'ether1,all,ether2', rows)).toBe('ether1,all,ether2');
    expect(() => checkRef({ menus: ['interface'], list: true }, 'interfaces', 'ether1,ether9', rows)).toThrow('input does not match any value of interfaces');
    expect(checkRef({ menus: ['interface'] }, 'interface', '', rows)).toBe('');
  });

  it.each([
    [{ kind: 'netwatch-host' as const }, ['10.0.0.1', '10.0.0.1@vrf1', '2001:db8::1', 'fe80::1%ether1', 'example.com'], ['2001:db8::zz', '10.0.0.300', '10.0.0.1/24', '10.0.0.1@']],
    [{ kind: 'ipv4-prefix' as const, negatable: true }, ['10.0.0.0/8', '!10.0.0.1', '10.0.0.0/255.0.0.0'], ['10.0.0.1/33', 'host', '10.0.0.0/255.0.255.0']],
    [{ kind: 'ipv4-range' as const }, ['10.0.0.1-10.0.0.9', '10.0.0.0/24'], ['10.0.0.9-10.0.0.1', '2001:db8::1']],
    [{ kind: 'range' as const }, ['2001:db8::/32', '10.0.0.1'], ['2001:db8::/129', 'zz::1']],
    [{ kind: 'mac-mask' as const, list: true }, ['00:11:22:33:44:55', '00:11:22:33:44:55/FF:FF:FF:00:00:00,AA-BB-CC-DD-EE-FF'], ['00:11:22', '00:11:22:33:44:55/ff']],
    [{ kind: 'ip' as const, list: true }, ['10.0.0.1,2001:db8::1'], ['10.0.0.1,nope']],
  ])('checks %j addresses', (rule, good, bad) => {
    for (const value of good) expect(checkAddress(rule, 'x', value)).toBe(value);
    for (const value of bad) expect(() => checkAddress(rule, 'x', value)).toThrow('invalid value for argument x');
  });
});

describe.each(['7.15.3', '7.20.5'])('generic menus on %s', (version) => {
  it.each([
    ['interface/bridge/filter', { chain: 'forward', 'in-interface': 'ether99' }, 'input does not match any value of interface'],
    ['interface/bridge/filter', { chain: 'forward', 'in-interface-list': 'NOPE' }, 'input does not match any value of interface-list'],
    ['interface/bridge/nat', { chain: 'srcnat', 'out-bridge': 'ether1' }, 'input does not match any value of interface'],
    ['ip/hotspot', { interface: 'bridge', 'address-pool': 'nope' }, 'input does not match any value of address-pool'],
    ['ip/hotspot/user', { name: 'u', profile: 'vip' }, 'input does not match any value of profile'],
    ['tool/netwatch', { host: '2001:db8::zz' }, 'invalid value for argument host'],
    ['interface/bridge/filter', { chain: 'forward', 'src-address': '10.0.0.300' }, 'invalid value for argument src-address'],
    ['tool/mac-server', { 'allowed-interface-list': 'NOPE' }, 'input does not match any value of interface-list'],
    ['ip/vrf', { name: 'v1', interfaces: 'ether99' }, 'input does not match any value of interface'],
  ])('refuses %s %j, changing nothing', (menu, props, refusal) => {
    const s = device(version);
    const before = JSON.stringify(s.snapshot());
    const write = () => (s.menu(menu)!.kind === 'singleton' ? s.setSingleton(menu, props) : s.add(menu, props));
    expect(detail(write)).toBe(refusal);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('takes existing names and keywords, and follows renames of interfaces, bridges, lists and rows', () => {
    const s = device(version);
    const bridge = s.list('interface/bridge')[0]['name'];
    const rule = s.add('interface/bridge/filter', { chain: 'forward', 'in-interface': '!ether2', 'in-bridge': bridge, 'out-interface-list': 'LAN' });
    s.add('interface/list', { name: 'MGMT' });
    s.setSingleton('tool/mac-server', { 'allowed-interface-list': 'MGMT' });
    s.add('ip/pool', { name: 'hs', ranges: '10.5.0.10-10.5.0.20' });
    const hs = s.add('ip/hotspot', { name: 'hs1', interface: 'ether3', 'address-pool': 'hs' });
    expect(s.add('tool/netwatch', { host: 'fe80::1%ether1' })).toMatchObject({ host: 'fe80::1%ether1' });
    expect(s.add('tool/graphing/interface', { interface: 'all' })).toMatchObject({ interface: 'all' });
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
    s.update('interface', 'ether2', { name: 'uplink' });
    // The managing client sits behind ether2 (the home profile): it stays there under the new name.
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
    s.update('interface/bridge', bridge, { name: 'br-lan' });
    s.update('interface/list', 'LAN', { name: 'INSIDE' });
    s.update('interface/list', 'MGMT', { name: 'ADMIN' });
    s.update('ip/pool', 'hs', { name: 'guests' });
    expect(s.get('interface/bridge/filter', rule['.id'])).toMatchObject({ 'in-interface': '!uplink', 'in-bridge': 'br-lan', 'out-interface-list': 'INSIDE' });
    expect(s.singleton('tool/mac-server')).toMatchObject({ 'allowed-interface-list': 'ADMIN' });
    expect(s.get('ip/hotspot', hs['.id'])).toMatchObject({ 'address-pool': 'guests' });
    // Curated references to a list follow it too: the defconf firewall's `!LAN`, the list's members.
    expect(s.list('ip/firewall/filter').map((r) => r['in-interface-list']).filter(Boolean)).toEqual(['!INSIDE', 'WAN']);
    expect(s.list('interface/list/member').map((r) => r['list'])).toEqual(['INSIDE', 'WAN']);
  });
});
