import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { MENU_BY_PATH } from './menus';
import { treeRule } from './tree-rules';
import { genericMenuOf } from './generic-menus';
import { checkArg, hasCuratedRule } from './arg-rules';
import { SERVICE_TOOL_ARG_BOOLS, SERVICE_TOOL_VALUES } from './service-tool-values';
import { FIREWALL_MORE_VALUES } from './firewall-more-values';

/**
 * Values of the proxy, SOCKS, disk, sniffer and traffic generator menus (model/service-tool-values.ts) and the firewall
 * matchers the CLI reference settles (model/firewall-more-values.ts), on both vendored versions.
 */

const takes = (version: string, menu: string, arg: string) => [...(treeFor(version)[menu]?.add ?? []), ...(treeFor(version)[menu]?.set ?? [])].includes(arg);
const versionsOf = (menu: string) => SUPPORTED_VERSIONS.filter((v) => treeFor(v)[menu]);
const RULE_TABLES = ['ip/firewall/filter', 'ip/firewall/nat', 'ip/firewall/mangle', 'ip/firewall/raw', 'ipv6/firewall/filter', 'ipv6/firewall/nat', 'ipv6/firewall/mangle', 'ipv6/firewall/raw'];

describe('the tables', () => {
  it('name generic menus and arguments the tree takes and leaves undescribed, each with its CLI reference page', () => {
    for (const [menu, args] of Object.entries(SERVICE_TOOL_VALUES)) {
      expect({ menu, curated: MENU_BY_PATH.has(menu) }).toEqual({ menu, curated: false });
      const versions = versionsOf(menu);
      expect(versions.length).toBeGreaterThan(0);
      const newest = versions[versions.length - 1];
      for (const [arg, rule] of Object.entries(args)) {
        const taken = versions.filter((v) => takes(v, menu, arg));
        expect({ menu, arg, taken: taken.length > 0 }).toEqual({ menu, arg, taken: true });
        for (const v of taken) expect({ menu, arg, v, described: treeRule(v, menu, 'set', arg)?.kind ?? 'free' }).toEqual({ menu, arg, v, described: 'free' });
        expect(rule.source).toMatch(/^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\//);
        if (taken.includes(newest)) expect({ menu, arg, checked: genericMenuOf(treeFor(newest), menu)!.valueArgs?.includes(arg) }).toEqual({ menu, arg, checked: true });
      }
    }
    for (const [menu, { args, source }] of Object.entries(SERVICE_TOOL_ARG_BOOLS)) {
      expect(source).toMatch(/^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\//);
      const newest = versionsOf(menu).at(-1)!;
      for (const arg of args) expect({ menu, arg, bool: genericMenuOf(treeFor(newest), menu)!.bools?.includes(arg) }).toEqual({ menu, arg, bool: true });
    }
  });

  it('reach every firewall rule table that takes the settled matchers, as curated rules', () => {
    for (const arg of Object.keys(FIREWALL_MORE_VALUES)) {
      const taking = RULE_TABLES.filter((p) => SUPPORTED_VERSIONS.some((v) => takes(v, p, arg)));
      expect({ arg, taken: taking.length > 0 }).toEqual({ arg, taken: true });
      for (const p of taking) expect({ arg, p, curated: hasCuratedRule(p, arg) }).toEqual({ arg, p, curated: true });
    }
  });
});

describe("a container's stop signal", () => {
  it('takes the numbered names exports write, and refuses a bare name', () => {
    const ctx = { path: 'container', rowsOf: () => [] };
    expect(checkArg('stop-signal', '15-SIGTERM', ctx)).toBe('15-SIGTERM');
    expect(checkArg('stop-signal', '6-SIGABTR', ctx)).toBe('6-SIGABTR');
    expect(refusal(() => checkArg('stop-signal', 'SIGTERM', ctx))).toBe('input does not match any value of stop-signal');
  });
});

describe('7.20-only values', () => {
  it('checks the remote log format and the sniffer packet size on 7.20.5', () => {
    const s = seededDevice('edge', '7.20.5');
    expect(refusal(() => s.add('system/logging/action', { name: 'r2', target: 'remote', 'remote-log-format': 'json' }))).toBe('input does not match any value of remote-log-format');
    expect(s.add('system/logging/action', { name: 'r3', target: 'remote', 'remote-log-format': 'cef', vrf: 'main' })).toMatchObject({ 'remote-log-format': 'cef', vrf: 'main' });
    expect(refusal(() => s.add('system/logging/action', { name: 'r4', target: 'remote', vrf: 'nope' }))).toBe('input does not match any value of vrf');
    expect(refusal(() => s.setSingleton('tool/sniffer', { 'max-packet-size': '2047' }))).toBe('value of max-packet-size out of range (2048..65536)');
  });
});

describe.each(['7.15.3', '7.20.5'])('on %s', (version) => {
  it.each<[string, Record<string, string>, string]>([
    ['ip/proxy/access', { method: 'FETCH' }, 'input does not match any value of method'],
    ['ip/proxy/access', { 'dst-port': '70000' }, 'value of dst-port out of range (0..65535)'],
    ['ip/proxy/access', { 'local-port': '!x' }, 'invalid value for argument local-port'],
    ['ip/proxy/access', { action: 'block' }, 'input does not match any value of action'],
    ['ip/proxy/cache', { action: 'redirect' }, 'input does not match any value of action'],
    ['ip/socks/access', { 'dst-port': '2000-1000' }, 'invalid value for argument dst-port'],
    ['ip/socks/access', { action: 'reject' }, 'input does not match any value of action'],
    ['disk', { type: 'floppy' }, 'input does not match any value of type'],
    ['disk', { type: 'tmpfs', 'media-sharing': 'sometimes' }, 'invalid value of media-sharing: sometimes'],
    ['tool/traffic-generator/packet-template', { name: 't', 'vlan-id': '10,4096' }, 'value of vlan-id out of range (0..4095)'],
    ['tool/traffic-generator/packet-template', { name: 't', 'header-stack': 'mac,ip,sctp' }, 'input does not match any value of header-stack'],
    ['tool/traffic-generator/packet-template', { name: 't', data: 'zeros' }, 'input does not match any value of data'],
    ['tool/traffic-generator/raw-packet-template', { name: 't', 'ip-header-offset': '65536' }, 'value of ip-header-offset out of range (0..65535)'],
    ['ip/firewall/filter', { chain: 'input', 'icmp-options': '8:0-256' }, 'value of icmp-options out of range (0..255)'],
    ['ip/firewall/filter', { chain: 'input', limit: '0,5:packet' }, 'value of limit out of range (1..32000000000)'],
    ['ip/firewall/filter', { chain: 'input', limit: '50,5:byte' }, 'invalid value for argument limit'],
    ['ip/firewall/filter', { chain: 'input', 'dst-limit': '10/1m,20,src-and-dst-address' }, 'invalid value for argument dst-limit'],
    ['ip/firewall/filter', { chain: 'input', ttl: 'equal:256' }, 'value of ttl out of range (0..255)'],
    ['ip/firewall/filter', { chain: 'input', ttl: '!equal:64' }, 'invalid value for argument ttl'],
    ['ip/firewall/filter', { chain: 'input', p2p: 'napster' }, 'input does not match any value of p2p'],
    ['ip/firewall/mangle', { chain: 'forward', action: 'change-ttl', 'new-ttl': 'halve:1' }, 'invalid value for argument new-ttl'],
    ['ip/firewall/mangle', { chain: 'forward', action: 'change-mss', 'new-mss': '39' }, 'value of new-mss out of range (40..65534)'],
    ['ipv6/firewall/filter', { chain: 'input', 'icmp-options': 'echo' }, 'invalid value for argument icmp-options'],
    ['ip/firewall/calea', { chain: 'forward', action: 'drop' }, 'input does not match any value of action'],
    ['ip/firewall/calea', { chain: 'forward', action: 'sniff', 'dst-port': '!80,70000' }, 'value of dst-port out of range (0..65535)'],
    ['ip/firewall/calea', { chain: 'forward', action: 'sniff', random: '100' }, 'value of random out of range (1..99)'],
    ['ip/firewall/calea', { chain: 'forward', action: 'sniff', ttl: 'equal:300' }, 'value of ttl out of range (0..255)'],
    ['ip/hotspot/profile', { name: 'hp', 'nas-port-type': 'wifi' }, 'input does not match any value of nas-port-type'],
    ['ip/hotspot/profile', { name: 'hp', 'radius-mac-format': 'xx:xx:xx:xx:xx:xx' }, 'input does not match any value of radius-mac-format'],
    ['ip/hotspot/user/profile', { name: 'up', advertise: 'often' }, 'invalid value of advertise: often'],
    ['ip/hotspot/walled-garden', { 'dst-host': 'example.com', method: 'PATCH' }, 'input does not match any value of method'],
    ['ip/hotspot/walled-garden/ip', { 'dst-port': '65536' }, 'value of dst-port out of range (0..65535)'],
    ['ip/socks/users', { name: 'u', password: 'p', 'only-one': 'perhaps' }, 'invalid value of only-one: perhaps'],
    ['system/logging', { topics: 'dhcp,!wifi-x', action: 'memory' }, 'input does not match any value of topics'],
  ])('refuses %s %j as RouterOS does, changing nothing', (menu, props, refused) => {
    const s = seededDevice('edge', version);
    const before = JSON.stringify(s.snapshot());
    expect(refusal(() => s.add(menu, props))).toBe(refused);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it.each<[string, Record<string, string>, string]>([
    ['ip/proxy', { 'max-cache-size': 'lots' }, 'invalid value for argument max-cache-size'],
    ['ip/proxy', { port: '8080,0' }, 'value of port out of range (1..65535)'],
    ['ip/socks', { version: '6' }, 'input does not match any value of version'],
    ['ip/socks', { 'max-connections': '501' }, 'value of max-connections out of range (1..500)'],
    ['tool/sniffer', { 'memory-limit': '9' }, 'value of memory-limit out of range (10..4294967295)'],
    ['tool/sniffer', { 'filter-direction': 'both' }, 'input does not match any value of filter-direction'],
    ['tool/sniffer', { 'filter-ip-protocol': 'tcp,quic' }, 'input does not match any value of filter-ip-protocol'],
    ['tool/sniffer', { 'filter-vlan': '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17' }, 'invalid value for argument filter-vlan'],
    ['tool/sniffer', { 'only-headers': 'maybe' }, 'invalid value of only-headers: maybe'],
    ['tool/traffic-generator', { 'test-id': '-1' }, 'invalid value for argument test-id'],
  ])('refuses setting %s %j, changing nothing', (menu, props, refused) => {
    const s = seededDevice('edge', version);
    const before = JSON.stringify(s.snapshot());
    expect(refusal(() => s.setSingleton(menu, props))).toBe(refused);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('takes what the reference allows, with its keywords, negations and bounds', () => {
    const s = seededDevice('edge', version);
    expect(s.setSingleton('ip/proxy', { port: '8080,3128', 'max-cache-size': 'unlimited', 'max-cache-object-size': '4096', 'parent-proxy-port': '0' })).toMatchObject({ port: '8080,3128', 'max-cache-size': 'unlimited', 'max-cache-object-size': '4096KiB' });
    expect(s.setSingleton('ip/proxy', { 'max-cache-size': '100000KiB' })).toMatchObject({ 'max-cache-size': '100000KiB' });
    expect(s.add('ip/proxy/access', { 'dst-port': '!443', method: '!CONNECT', 'local-port': '8080', action: 'url-append', 'dst-host': '*.example.com' })).toMatchObject({ 'dst-port': '!443', method: '!CONNECT', action: 'url-append' });
    expect(s.add('ip/proxy/cache', { 'dst-port': '80,8000-8080', action: 'deny' })).toMatchObject({ 'dst-port': '80,8000-8080', action: 'deny' });
    expect(s.setSingleton('ip/socks', { version: '5', 'auth-method': 'password', 'max-connections': '500', port: '1080' })).toMatchObject({ version: '5', 'auth-method': 'password' });
    expect(s.add('ip/socks/access', { 'src-port': '!1024-65535', 'dst-port': '21', action: 'deny' })).toMatchObject({ 'src-port': '!1024-65535', action: 'deny' });
    expect(s.add('disk', { type: 'tmpfs', 'tmpfs-max-size': '100M', 'smb-sharing': 'no' })).toMatchObject({ type: 'tmpfs', 'tmpfs-max-size': '100M', 'smb-sharing': 'false' });
    expect(s.setSingleton('tool/sniffer', { 'memory-limit': '100KiB', 'filter-ip-protocol': 'tcp,!udp,47', 'filter-mac-protocol': 'ip,!arp,2048', 'filter-direction': 'rx' }))
      .toMatchObject({ 'memory-limit': '100KiB', 'filter-ip-protocol': 'tcp,!udp,47', 'filter-mac-protocol': 'ip,!arp,2048' });
  });

  it('keeps the sniffer and generator values as RouterOS prints them', () => {
    const s = seededDevice('edge', version);
    expect(s.setSingleton('tool/sniffer', { 'memory-limit': '100', 'file-limit': '1000KiB', 'filter-vlan': '10,!20', 'filter-size': '1000-1500', 'filter-direction': 'tx', 'only-headers': 'yes' }))
      .toMatchObject({ 'memory-limit': '100KiB', 'file-limit': '1000KiB', 'filter-vlan': '10,!20', 'filter-size': '1000-1500', 'only-headers': 'true' });
    expect(s.add('tool/traffic-generator/packet-template', { name: 't', 'header-stack': 'mac,vlan,ip,udp', 'vlan-id': '10,20', 'ip-ttl': '64', data: 'random', 'special-footer': 'no' }))
      .toMatchObject({ 'header-stack': 'mac,vlan,ip,udp', 'vlan-id': '10,20', data: 'random', 'special-footer': 'false' });
    expect(s.add('tool/traffic-generator/stream', { name: 's', 'tx-template': 't', 'packet-size': '64-1500', pps: '1000' })).toMatchObject({ 'packet-size': '64-1500', pps: '1000' });
  });

  it('takes CALEA matchers, HotSpot words and logging values as the reference writes them', () => {
    const s = seededDevice('edge', version);
    expect(s.add('ip/firewall/calea', { chain: 'forward', action: 'sniff-pc', 'dst-port': '!80,443,8000-8080', ttl: 'less-than:10', 'sniff-target-port': '37008', nth: '2,1' })).toMatchObject({ action: 'sniff-pc', 'dst-port': '!80,443,8000-8080', ttl: 'less-than:10' });
    expect(s.add('ip/hotspot/profile', { name: 'hp', 'mac-auth-mode': 'mac-as-username-and-password', 'nas-port-type': 'wireless-802.11', 'radius-mac-format': 'XX-XX-XX-XX-XX-XX', 'radius-accounting': 'yes' })).toMatchObject({ 'nas-port-type': 'wireless-802.11', 'radius-accounting': 'true' });
    expect(s.add('ip/hotspot/walled-garden', { 'dst-host': '*.example.com', 'dst-port': '!80,443', method: '!POST', action: 'deny' })).toMatchObject({ 'dst-port': '!80,443', method: '!POST' });
    expect(s.add('ip/hotspot/walled-garden/ip', { 'dst-port': '!1000-2000', action: 'accept' })).toMatchObject({ 'dst-port': '!1000-2000' });
    expect(s.add('ip/socks/users', { name: 'u', password: 'p', 'only-one': 'yes' })).toMatchObject({ 'only-one': 'true' });
    // Byte limits stay free: scripts write data caps past 32 bits.
    expect(s.add('ip/hotspot/user', { name: 'u1', 'limit-bytes-total': '10737418240' })).toMatchObject({ 'limit-bytes-total': '10737418240' });
    expect(s.add('system/logging', { topics: 'ntp,debug,!packet', action: 'memory' })).toMatchObject({ topics: 'ntp,debug,!packet' });
  });

  it('takes the firewall matchers the CLI reference settles, as exports write them', () => {
    const s = seededDevice('edge', version);
    expect(s.add('ip/firewall/filter', { chain: 'input', action: 'accept', protocol: 'icmp', 'icmp-options': '8:0-255', limit: '50,5:packet' })).toMatchObject({ 'icmp-options': '8:0-255', limit: '50,5:packet' });
    expect(s.add('ip/firewall/filter', { chain: 'input', action: 'accept', limit: '10/1m,5:packet', 'dst-limit': '10/1m,20,src-and-dst-addresses/1m', ttl: 'equal:63' })).toMatchObject({ 'dst-limit': '10/1m,20,src-and-dst-addresses/1m', ttl: 'equal:63' });
    expect(s.add('ip/firewall/filter', { chain: 'forward', action: 'drop', p2p: '!all-p2p', 'icmp-options': '!3' })).toMatchObject({ p2p: '!all-p2p', 'icmp-options': '!3' });
    expect(s.add('ip/firewall/mangle', { chain: 'forward', action: 'change-mss', 'new-mss': 'clamp-to-pmtu', protocol: 'tcp', 'tcp-flags': 'syn' })).toMatchObject({ 'new-mss': 'clamp-to-pmtu' });
    expect(s.add('ip/firewall/mangle', { chain: 'forward', action: 'change-ttl', 'new-ttl': 'decrement:1' })).toMatchObject({ 'new-ttl': 'decrement:1' });
    expect(s.add('ip/firewall/mangle', { chain: 'forward', action: 'sniff-tzsp', 'sniff-target': '10.0.0.9', 'sniff-target-port': '37008' })).toMatchObject({ 'sniff-target-port': '37008' });
    expect(s.add('ipv6/firewall/filter', { chain: 'input', action: 'accept', protocol: 'icmpv6', 'icmp-options': '128:0', limit: '50,5:packet' })).toMatchObject({ 'icmp-options': '128:0' });
  });
});
