import { expectGenericValueTable, takes, versionsOf } from '../testing/value-tables.fixture';
import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import type { DeviceState } from './device-state';
import { MENU_BY_PATH } from './menus';
import { genericMenuOf } from './generic-menus';
import { hasCuratedRule } from './arg-rules';
import { ROUTING_MORE_ARG_BOOLS, ROUTING_MORE_CURATED, ROUTING_MORE_VALUES } from './routing-more-values';
import { ROUTING_MORE_REFS, ROUTING_MORE_VALUE_REFS } from './routing-more-refs';
import { ROUTING_TEXT_ARGS } from './routing-text-args';

/** The routing, MPLS, VPLS and VRRP menus' arguments typed from MikroTik's CLI reference (model/routing-more-values.ts). */

const CLI = /^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\/(routing|mpls|interface)\//;
/** `add` on a table, `set` on a singleton (`/mpls/settings`, `/routing/settings`). */
const write = (s: DeviceState, menu: string, props: Record<string, string>) => (s.menu(menu)!.kind === 'singleton' ? s.setSingleton(menu, props) : s.add(menu, props));

describe('the tables', () => {
  it('name generic menus and arguments a tree takes and leaves undescribed, each with its page, checked on the newest', () => {
    expectGenericValueTable(ROUTING_MORE_VALUES, CLI);
  });

  it('make the yes/no arguments of generic menus booleans', () => {
    for (const [menu, { args, source }] of Object.entries(ROUTING_MORE_ARG_BOOLS)) {
      expect(MENU_BY_PATH.has(menu)).toBe(false);
      expect(source).toMatch(CLI);
      for (const v of versionsOf(menu)) for (const arg of args.filter((a) => takes(v, menu, a))) expect({ menu, arg, v, bool: genericMenuOf(treeFor(v), menu)!.bools?.includes(arg) }).toEqual({ menu, arg, v, bool: true });
    }
  });

  it('name curated arguments a tree takes, which count as curated rules', () => {
    for (const [menu, args] of Object.entries(ROUTING_MORE_CURATED)) {
      expect(MENU_BY_PATH.has(menu)).toBe(true);
      for (const [arg, rule] of Object.entries(args)) {
        expect({ menu, arg, taken: versionsOf(menu).some((v) => takes(v, menu, arg)) }).toEqual({ menu, arg, taken: true });
        expect({ menu, arg, curated: hasCuratedRule(menu, arg) }).toEqual({ menu, arg, curated: true });
        expect(rule.source).toMatch(CLI);
      }
    }
  });

  it('give every curated reference its targets for renames, and generic references reach the menus', () => {
    for (const [menu, args] of Object.entries(ROUTING_MORE_VALUE_REFS)) for (const arg of Object.keys(args)) expect(ROUTING_MORE_CURATED[menu]?.[arg]).toBeDefined();
    for (const [menu, args] of Object.entries(ROUTING_MORE_REFS)) {
      for (const v of versionsOf(menu)) for (const arg of Object.keys(args)) expect({ menu, arg, v, targets: genericMenuOf(treeFor(v), menu)!.refTargets?.[arg] }).toEqual({ menu, arg, v, targets: args[arg].menus });
    }
  });

  it('list text arguments no table here also checks', () => {
    for (const [menu, { args }] of Object.entries(ROUTING_TEXT_ARGS)) {
      for (const arg of args) {
        expect({ menu, arg, typed: ROUTING_MORE_VALUES[menu]?.[arg] ?? ROUTING_MORE_CURATED[menu]?.[arg] }).toEqual({ menu, arg, typed: undefined });
        if (MENU_BY_PATH.has(menu)) expect({ menu, arg, curated: hasCuratedRule(menu, arg) }).toEqual({ menu, arg, curated: false });
      }
    }
  });
});

describe.each(SUPPORTED_VERSIONS)('routing and MPLS menus on %s', (version) => {
  it.each([
    ['mpls/interface', { interface: 'all', 'mpls-mtu': 'big' }, 'invalid value for argument mpls-mtu'],
    ['mpls/interface', { interface: 'all', input: 'maybe' }, 'invalid value of input: maybe'],
    ['mpls/ldp', { 'preferred-afi': 'ipv4' }, 'input does not match any value of preferred-afi'],
    ['mpls/ldp', { 'hop-limit': '-1' }, 'invalid value for argument hop-limit'],
    ['mpls/ldp', { 'loop-detect': 'sometimes' }, 'invalid value of loop-detect: sometimes'],
    ['mpls/ldp/accept-filter', { accept: 'sure' }, 'invalid value of accept: sure'],
    ['mpls/ldp/neighbor', { transport: '10.0.0.1', 'send-targeted': 'sure' }, 'invalid value of send-targeted: sure'],
    ['mpls/ldp/local-mapping', { 'dst-address': '10.0.0.0/8', label: '15' }, 'value of label out of range (16..1048576)'],
    ['mpls/ldp/local-mapping', { 'dst-address': '10.0.0.0/8', label: 'explicit-null' }, 'invalid value for argument label'],
    ['mpls/ldp/remote-mapping', { 'dst-address': '10.0.0.0/8', label: '1048577', nexthop: '10.0.0.1' }, 'value of label out of range (16..1048576)'],
    ['mpls/ldp/remote-mapping', { 'dst-address': '10.0.0.0/8', label: '100', nexthop: '10.0.0.300' }, 'invalid value for argument nexthop'],
    ['mpls/settings', { 'dynamic-label-range': '16-' }, 'invalid value for argument dynamic-label-range'],
    ['mpls/settings', { 'dynamic-label-range': '16-4294967296' }, 'value of dynamic-label-range out of range (0..4294967295)'],
    ['mpls/settings', { 'dynamic-label-range': '16..1048575' }, 'invalid value for argument dynamic-label-range'],
    ['mpls/settings', { 'propagate-ttl': 'true' }, 'input does not match any value of propagate-ttl'],
    ['mpls/traffic-eng/interface', { interface: 'ether1', 'up-flood-thresholds': '15,101' }, 'value of up-flood-thresholds out of range (0..100)'],
    ['mpls/traffic-eng/interface', { interface: 'ether1', 'k-factor': 'x' }, 'invalid value for argument k-factor'],
    ['mpls/traffic-eng/path', { name: 'p', 'setup-priority': 'high' }, 'invalid value for argument setup-priority'],
    ['mpls/traffic-eng/path', { name: 'p', 'use-cspf': 'sure' }, 'invalid value of use-cspf: sure'],
    ['mpls/traffic-eng/tunnel', { name: 't', 'to-address': '10.0.0.1', 'primary-path': 'nowhere' }, 'input does not match any value of primary-path'],
    ['mpls/traffic-eng/tunnel', { name: 't', 'to-address': '10.0.0.1', bandwidth: '4294967296' }, 'value of bandwidth out of range (0..4294967295)'],
    ['routing/bfd/configuration', { multiplier: 'three' }, 'invalid value for argument multiplier'],
    ['routing/bfd/configuration', { 'forbid-bfd': 'sure' }, 'invalid value of forbid-bfd: sure'],
    ['routing/fantasy', { name: 'f', 'prefix-length': '24-x' }, 'invalid value for argument prefix-length'],
    ['routing/fantasy', { name: 'f', scope: 'wide' }, 'invalid value for argument scope'],
    ['routing/fantasy', { name: 'f', count: '-5' }, 'invalid value for argument count'],
    ['routing/gmp', { exclude: 'sure' }, 'invalid value of exclude: sure'],
    ['routing/igmp-proxy', { 'quick-leave': 'sure' }, 'invalid value of quick-leave: sure'],
    ['routing/igmp-proxy/interface', { interface: 'ether1', threshold: 'low' }, 'invalid value for argument threshold'],
    ['routing/igmp-proxy/interface', { interface: 'ether1', upstream: 'sure' }, 'invalid value of upstream: sure'],
    ['routing/settings', { 'single-process': 'sure' }, 'invalid value of single-process: sure'],
    ['interface/vpls', { name: 'v', peer: '10.0.0.1', 'pw-type': 'ethernet' }, 'input does not match any value of pw-type'],
    ['interface/vpls', { name: 'v', peer: '10.0.0.1', arp: 'on' }, 'input does not match any value of arp'],
    ['interface/vpls', { name: 'v', peer: '10.0.0.1', 'bridge-horizon': 'off' }, 'invalid value for argument bridge-horizon'],
    ['interface/vpls', { name: 'v', peer: '10.0.0.1', bridge: 'no-bridge' }, 'input does not match any value of interface'],
    ['interface/vrrp', { name: 'vr', interface: 'ether1', authentication: 'md5' }, 'input does not match any value of authentication'],
    ['interface/vrrp', { name: 'vr', interface: 'ether1', 'v3-protocol': 'ip' }, 'input does not match any value of v3-protocol'],
    ['interface/vrrp', { name: 'vr', interface: 'ether1', 'group-master': 'ghost' }, 'input does not match any value of interface'],
    ['routing/bgp/template', { name: 't', vrf: 'red' }, 'input does not match any value of vrf'],
    ['routing/bgp/template', { name: 't', 'routing-table': 'nowhere' }, 'input does not match any value of routing-table'],
    ['routing/bgp/connection', { name: 'c', vrf: 'red' }, 'input does not match any value of vrf'],
    ['routing/ospf/instance', { name: 'o', vrf: 'red' }, 'input does not match any value of vrf'],
    ['routing/rule', { 'min-prefix': 'zero' }, 'invalid value for argument min-prefix'],
  ])('refuses %s %j as RouterOS does, changing nothing', (menu, props, refused) => {
    const s = seededDevice('edge', version);
    const before = JSON.stringify(s.snapshot());
    expect(refusal(() => write(s, menu, props))).toBe(refused);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('takes what the reference allows: its words, integers, ranges, label keywords, yes/no as booleans, and existing rows', () => {
    const s = seededDevice('edge', version);
    expect(s.add('mpls/interface', { interface: 'all', 'mpls-mtu': '1580', input: 'yes' })).toMatchObject({ 'mpls-mtu': '1580', input: 'true' });
    expect(s.add('mpls/ldp', { 'preferred-afi': 'ipv6', 'hop-limit': '255', 'loop-detect': 'no' })).toMatchObject({ 'preferred-afi': 'ipv6', 'loop-detect': 'false' });
    expect(s.add('mpls/ldp/local-mapping', { 'dst-address': '10.0.0.0/8', label: 'impl-null' })).toMatchObject({ label: 'impl-null' });
    expect(s.add('mpls/ldp/remote-mapping', { 'dst-address': '10.0.0.0/8', label: '1048576', nexthop: 'fe80::1%ether1' })).toMatchObject({ label: '1048576' });
    expect(s.setSingleton('mpls/settings', { 'dynamic-label-range': '16-1048575', 'propagate-ttl': 'no' })).toMatchObject({ 'dynamic-label-range': '16-1048575', 'propagate-ttl': 'no' });
    expect(s.add('mpls/traffic-eng/interface', { interface: 'ether1', bandwidth: '100000000', 'up-flood-thresholds': '15,30,45,60,75,80,85,90,95,97,98,99,100', 'use-udp': 'yes' })).toMatchObject({ 'use-udp': 'true' });
    s.add('mpls/traffic-eng/path', { name: 'dyn', 'use-cspf': 'yes', 'setup-priority': '7', 'holding-priority': '7' });
    s.add('mpls/traffic-eng/path', { name: 'backup' });
    expect(s.add('mpls/traffic-eng/tunnel', { name: 't', 'to-address': '10.0.0.1', 'primary-path': 'dyn', 'secondary-paths': 'backup,dyn', 'record-route': 'yes' })).toMatchObject({ 'primary-path': 'dyn', 'record-route': 'true' });
    expect(s.add('routing/fantasy', { name: 'f', 'prefix-length': '24', scope: '20-30', count: '1000' })).toMatchObject({ scope: '20-30' });
    expect(s.add('routing/rule', { 'min-prefix': '0', action: 'lookup', table: 'main' })).toMatchObject({ 'min-prefix': '0' });
    s.add('interface/bridge', { name: 'br-vpls' });
    expect(s.add('interface/vpls', { name: 'v', peer: '10.0.0.1', 'pw-type': 'tagged-ethernet', bridge: 'br-vpls', 'bridge-horizon': 'none', 'cisco-static-id': '5' })).toMatchObject({ bridge: 'br-vpls', 'bridge-horizon': 'none' });
    s.add('interface/vrrp', { name: 'vr1', interface: 'ether1', authentication: 'ah', 'group-master': 'self' });
    expect(s.add('interface/vrrp', { name: 'vr2', interface: 'ether1', 'v3-protocol': 'ipv6', 'group-master': 'vr1' })).toMatchObject({ 'group-master': 'vr1' });
    // Names RouterOS takes on first use stay free text (model/routing-text-args.ts).
    expect(s.add('routing/bgp/template', { name: 't', vrf: 'main', 'routing-table': 'main', 'input.filter': 'bgp-in', 'output.network': 'bgp-networks' })).toMatchObject({ vrf: 'main', 'input.filter': 'bgp-in' });
    expect(s.add('routing/filter/rule', { chain: 'bgp-in', rule: 'if (dst-len > 24) { reject }' })).toMatchObject({ chain: 'bgp-in' });
  });

  it("checks /routing/route/rule's set (no add: its rows are RouterOS's own) by the reference's words and integers", () => {
    const rule = genericMenuOf(treeFor(version), 'routing/route/rule')!.argRule!;
    const ctx = { command: 'set' as const, version, rowsOf: () => [] };
    expect(refusal(() => rule('action', 'accept', ctx))).toBe('input does not match any value of action');
    expect(refusal(() => rule('min-prefix', 'none', ctx))).toBe('invalid value for argument min-prefix');
    expect(rule('action', 'lookup-only-in-table', ctx)).toBe('lookup-only-in-table');
    expect(rule('min-prefix', '0', ctx)).toBe('0');
  });

  it('keeps following what a reference names when it is renamed', () => {
    const s = seededDevice('edge', version);
    s.add('ip/vrf', { name: 'red', interfaces: 'ether2' });
    const template = s.add('routing/bgp/template', { name: 't', vrf: 'red' });
    s.add('mpls/traffic-eng/path', { name: 'dyn' });
    const tunnel = s.add('mpls/traffic-eng/tunnel', { name: 't', 'to-address': '10.0.0.1', 'primary-path': 'dyn' });
    s.update('ip/vrf', 'red', { name: 'blue' });
    s.update('mpls/traffic-eng/path', 'dyn', { name: 'cspf' });
    expect(s.get('routing/bgp/template', template['.id'])).toMatchObject({ vrf: 'blue' });
    expect(s.get('mpls/traffic-eng/tunnel', tunnel['.id'])).toMatchObject({ 'primary-path': 'cspf' });
  });
});

describe('7.20-only arguments', () => {
  it('type MPLS mangle set-exp and VRRP connection tracking where 7.20.5 has them', () => {
    const s = seededDevice('edge', '7.20.5');
    expect(refusal(() => s.add('mpls/mangle', { chain: 'forward', 'set-exp': '8' }))).toBe('input does not match any value of set-exp');
    expect(s.add('mpls/mangle', { chain: 'forward', 'set-exp': '5' })).toMatchObject({ 'set-exp': '5' });
    expect(refusal(() => s.add('interface/vrrp', { name: 'vr', interface: 'ether1', 'connection-tracking-mode': 'both' }))).toBe('input does not match any value of connection-tracking-mode');
    expect(s.add('interface/vrrp', { name: 'vr', interface: 'ether1', 'connection-tracking-mode': 'active-active', 'connection-tracking-port': '8275' })).toMatchObject({ 'connection-tracking-port': '8275' });
    expect(refusal(() => seededDevice('edge', '7.15.3').add('interface/vrrp', { name: 'vr', interface: 'ether1', 'connection-tracking-port': '8275' }))).toMatch(/unknown parameter/);
  });
});
