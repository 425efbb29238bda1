import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail, refusalOf } from '../testing/rest-error-detail.fixture';
import { FIREWALL_VALUES } from './firewall-values';
import { checkArg, hasCuratedRule, RULE_MENUS } from './arg-rules';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { treeRule } from './tree-rules';

/** Firewall matchers' and mangle actions' value syntax from MikroTik's manual (model/firewall-values.ts). */

const RULE_TABLES = ['ip/firewall/filter', 'ip/firewall/nat', 'ip/firewall/mangle', 'ip/firewall/raw', 'ipv6/firewall/filter', 'ipv6/firewall/nat', 'ipv6/firewall/mangle', 'ipv6/firewall/raw'];
const rows: Record<string, Record<string, string>[]> = { 'routing/table': [{ name: 'to_wan1' }], 'ip/vrf': [{ name: 'vrf1' }], 'ip/firewall/layer7-protocol': [{ name: 'youtube' }] };
const check = (path: string, key: string, value: string) => checkArg(key, value, { path, rowsOf: (p) => rows[p] ?? [] });

describe('the table', () => {
  it('names only arguments some rule table takes and the tree leaves undescribed, each with a manual page', () => {
    for (const [arg, rule] of Object.entries(FIREWALL_VALUES)) {
      const taking = SUPPORTED_VERSIONS.flatMap((v) => RULE_TABLES.filter((p) => [...(treeFor(v)[p]?.add ?? []), ...(treeFor(v)[p]?.set ?? [])].includes(arg)).map((p) => [v, p] as const));
      expect({ arg, taken: taking.length > 0 }).toEqual({ arg, taken: true });
      for (const [v, p] of taking) expect({ arg, v, p, described: treeRule(v, p, 'add', arg)?.kind ?? 'free' }).toEqual({ arg, v, p, described: 'free' });
      // The curated rules of the tables (model/arg-rules.ts) reach the entry, so writes and the coverage count see it.
      for (const [, p] of taking) expect({ arg, p, curated: hasCuratedRule(p, arg) }).toEqual({ arg, p, curated: true });
      for (const source of rule.source.split(' ')) expect(source).toMatch(/^https:\/\/(help\.mikrotik\.com\/docs\/spaces\/ROS\/pages\/\d+\/|manual\.mikrotik\.com\/docs\/cli-reference\/)/);
    }
    expect(RULE_TABLES.every((p) => RULE_MENUS.test(p))).toBe(true);
  });
});

describe.each(['ip/firewall/mangle', 'ipv6/firewall/mangle'])('argument values on %s', (path) => {
  it.each<[string, [string, string][], [string, string][]]>([
    // [argument, [value, stored][], [value, refusal][]]
    ['nth', [['2,1', '2,1'], ['!10,3', '!10,3']], [['2', 'invalid value for argument nth'], ['2,x', 'invalid value for argument nth'], ['2,4294967296', 'value of nth out of range (0..4294967295)']]],
    ['random', [['1', '1'], ['99', '99'], ['!50', '!50']], [['0', 'value of random out of range (1..99)'], ['100', 'value of random out of range (1..99)'], ['half', 'invalid value for argument random']]],
    ['tcp-mss', [['1301-65535', '1301-65535'], ['536', '536'], ['!1000-1500', '!1000-1500']], [['65536', 'value of tcp-mss out of range (0..65535)'], ['1500-1000', 'invalid value for argument tcp-mss'], ['big', 'invalid value for argument tcp-mss']]],
    ['packet-size', [['0-512', '0-512']], [['0-70000', 'value of packet-size out of range (0..65535)'], ['1,2', 'invalid value for argument packet-size']]],
    ['connection-bytes', [['2000000-0', '2000000-0'], ['0-10000000000', '0-10000000000']], [['2000000', 'invalid value for argument connection-bytes'], ['2M-0', 'invalid value for argument connection-bytes']]],
    ['dst-address-type', [['local', 'local'], ['!local', '!local'], ['multicast', 'multicast']], [['blackhole', 'input does not match any value of dst-address-type'], ['Local', 'input does not match any value of dst-address-type']]],
    ['src-address-type', [['unreachable', 'unreachable'], ['!unicast', '!unicast']], [['anycast', 'input does not match any value of src-address-type']]],
    ['tcp-flags', [['syn', 'syn'], ['!fin,!syn,!rst,!ack', '!fin,!syn,!rst,!ack'], ['syn,!ack', 'syn,!ack']], [['syn,nul', 'input does not match any value of tcp-flags'], ['SYN', 'input does not match any value of tcp-flags']]],
    ['per-connection-classifier', [['both-addresses-and-ports:3/0', 'both-addresses-and-ports:3/0'], ['src-address:2/1', 'src-address:2/1']], [['both:3/0', 'invalid value for argument per-connection-classifier'], ['src-address:3', 'invalid value for argument per-connection-classifier']]],
    ['connection-type', [['ftp', 'ftp'], ['!sip', '!sip']], [['http', 'input does not match any value of connection-type']]],
    ['ipsec-policy', [['in,ipsec', 'in,ipsec'], ['out,none', 'out,none']], [['in', 'invalid value for argument ipsec-policy'], ['up,ipsec', 'invalid value for argument ipsec-policy'], ['in,esp', 'invalid value for argument ipsec-policy']]],
    ['dscp', [['0', '0'], ['63', '63']], [['64', 'value of dscp out of range (0..63)'], ['ef', 'invalid value for argument dscp']]],
    ['priority', [['7', '7']], [['64', 'value of priority out of range (0..63)']]],
    ['ingress-priority', [['3', '3']], [['99', 'value of ingress-priority out of range (0..63)']]],
    ['connection-limit', [['100,32', '100,32']], [['100', 'invalid value for argument connection-limit']]],
    ['time', [['8h-17h,mon,tue,wed', '8h-17h,mon,tue,wed'], ['00:00:00-1d', '00:00:00-1d']], [['8h-17h,funday', 'invalid value for argument time'], ['later', 'invalid value for argument time'], ['8h-soon', 'invalid value for argument time']]],
    ['src-mac-address', [['aa-bb-cc-dd-ee-01', 'AA:BB:CC:DD:EE:01'], ['!02:00:00:00:00:01', '!02:00:00:00:00:01']], [['02:00:00:00:00', 'invalid value of src-mac-address, mac address required']]],
    ['new-dscp', [['46', '46']], [['64', 'value of new-dscp out of range (0..63)'], ['!4', 'invalid value for argument new-dscp']]],
    ['new-priority', [['from-dscp', 'from-dscp'], ['from-ingress', 'from-ingress'], ['5', '5']], [['from-vlan', 'invalid value for argument new-priority']]],
    ['new-routing-mark', [['to_wan1', 'to_wan1'], ['main', 'main'], ['vrf1', 'vrf1']], [['to_wan9', 'input does not match any value of new-routing-mark']]],
  ])('%s takes %j and refuses %j with RouterOS words', (arg, good, bad) => {
    for (const [value, stored] of good) expect({ value, stored: check(path, arg, value) }).toEqual({ value, stored });
    for (const [value, refusal] of bad) expect({ value, refusal: refusalOf(() => check(path, arg, value)) }).toEqual({ value, refusal });
  });

  it('bounds the netmask of connection-limit by the table family', () => {
    const bits = path.startsWith('ipv6/') ? 128 : 32;
    expect(check(path, 'connection-limit', `10,${bits}`)).toBe(`10,${bits}`);
    expect(refusalOf(() => check(path, 'connection-limit', `10,${bits + 1}`))).toBe(`value of connection-limit out of range (0..${bits})`);
  });
});

describe('IPv4-only matchers on ip/firewall/filter', () => {
  it.each<[string, string[], [string, string][]]>([
    ['hotspot', ['from-client,!auth', 'to-client', '!auth'], [['clients', 'input does not match any value of hotspot']]],
    ['ipv4-options', ['any', '!router-alert'], [['loose', 'input does not match any value of ipv4-options']]],
    ['psd', ['21,3s,3,1'], [['21,3s,3', 'invalid value for argument psd'], ['21,soon,3,1', 'invalid value for argument psd']]],
    ['realm', ['0', '4294967295'], [['4294967296', 'value of realm out of range (0..4294967295)']]],
    ['layer7-protocol', ['youtube', '!youtube'], [['netflix', 'input does not match any value of layer7-protocol']]],
  ])('%s takes %j and refuses %j', (arg, good, bad) => {
    for (const value of good) expect(check('ip/firewall/filter', arg, value)).toBe(value);
    for (const [value, refusal] of bad) expect({ value, refusal: refusalOf(() => check('ip/firewall/filter', arg, value)) }).toEqual({ value, refusal });
  });

  it('takes hop-limit as mode:value on IPv6 tables', () => {
    expect(check('ipv6/firewall/filter', 'hop-limit', 'equal:255')).toBe('equal:255');
    expect(refusalOf(() => check('ipv6/firewall/filter', 'hop-limit', 'equal:256'))).toBe('value of hop-limit out of range (0..255)');
    expect(refusalOf(() => check('ipv6/firewall/filter', 'hop-limit', 'above:3'))).toBe('invalid value for argument hop-limit');
  });
});

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (version: string) => new DeviceState(version, 42, () => seedConfig({ profile: 'home', version, identity: 'r1', index: 0, users }));

describe.each(SUPPORTED_VERSIONS)('rule tables on %s', (version) => {
  it.each([
    ['ip/firewall/mangle', { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'c1', 'per-connection-classifier': 'both:2/0' }, 'invalid value for argument per-connection-classifier'],
    ['ip/firewall/filter', { chain: 'forward', random: '100' }, 'value of random out of range (1..99)'],
    ['ip/firewall/raw', { chain: 'prerouting', protocol: 'tcp', 'tcp-flags': 'syn,nul' }, 'input does not match any value of tcp-flags'],
    ['ip/firewall/nat', { chain: 'srcnat', action: 'masquerade', 'dst-address-type': 'everywhere' }, 'input does not match any value of dst-address-type'],
    ['ipv6/firewall/mangle', { chain: 'prerouting', action: 'mark-routing', 'new-routing-mark': 'nowhere' }, 'input does not match any value of new-routing-mark'],
    ['ipv6/firewall/filter', { chain: 'forward', protocol: 'tcp', 'tcp-mss': '70000' }, 'value of tcp-mss out of range (0..65535)'],
    ['ip/firewall/mangle', { chain: 'forward', action: 'change-mss', passthrough: 'maybe' }, 'invalid value of passthrough: maybe'],
    ['ip/firewall/filter', { chain: 'forward', fragment: 'sometimes' }, 'invalid value of fragment: sometimes'],
    ['ip/firewall/nat', { chain: 'srcnat', action: 'same', 'same-not-by-dst': 'perhaps' }, 'invalid value of same-not-by-dst: perhaps'],
  ])('refuses %s %j, changing nothing', (menu, props, refusal) => {
    const s = device(version);
    const before = JSON.stringify(s.snapshot());
    expect(detail(() => s.add(menu, props))).toBe(refusal);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('stores what the manual allows, and refuses a set of a bad value on an existing rule', () => {
    const s = device(version);
    s.add('routing/table', { name: 'to_wan1', fib: 'yes' });
    const rule = s.add('ip/firewall/mangle', {
      chain: 'prerouting', action: 'mark-routing', 'new-routing-mark': 'to_wan1', passthrough: 'no', 'dst-address-type': '!local',
      'per-connection-classifier': 'both-addresses-and-ports:2/1', nth: '2,1', 'tcp-mss': '1301-65535', 'src-mac-address': 'aa-bb-cc-dd-ee-01',
    });
    expect(rule).toMatchObject({ 'new-routing-mark': 'to_wan1', passthrough: 'false', 'dst-address-type': '!local', 'per-connection-classifier': 'both-addresses-and-ports:2/1', nth: '2,1', 'src-mac-address': 'AA:BB:CC:DD:EE:01' });
    const before = JSON.stringify(s.snapshot());
    expect(detail(() => s.update('ip/firewall/mangle', rule['.id'], { nth: '2' }))).toBe('invalid value for argument nth');
    expect(JSON.stringify(s.snapshot())).toBe(before);
    expect(s.update('ip/firewall/mangle', rule['.id'], { random: '25' })).toMatchObject({ random: '25' });
    expect(s.add('ip/firewall/nat', { chain: 'srcnat', action: 'same', 'same-not-by-dst': 'yes', 'to-addresses': '192.0.2.1-192.0.2.4' })).toMatchObject({ 'same-not-by-dst': 'true' });
    expect(s.add('ip/firewall/filter', { chain: 'forward', fragment: 'no', action: 'drop' })).toMatchObject({ fragment: 'false' });
  });
});
