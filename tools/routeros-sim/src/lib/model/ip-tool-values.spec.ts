import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { MENU_BY_PATH } from './menus';
import { treeRule } from './tree-rules';
import { genericMenuOf } from './generic-menus';
import { hasCuratedRule } from './arg-rules';
import { IP_TOOL_ARG_BOOLS, IP_TOOL_VALUES } from './ip-tool-values';
import { IP_CURATED_VALUES } from './ip-curated-values';
import { FIREWALL_REST_VALUES } from './firewall-rest-values';

/**
 * The /ip, /ipv6, /tool and bridge CALEA arguments MikroTik's CLI reference settles (model/ip-tool-values.ts,
 * ip-curated-values.ts, firewall-rest-values.ts), on both vendored versions.
 */
const takes = (version: string, menu: string, arg: string) => [...(treeFor(version)[menu]?.add ?? []), ...(treeFor(version)[menu]?.set ?? [])].includes(arg);
const versionsOf = (menu: string) => SUPPORTED_VERSIONS.filter((v) => treeFor(v)[menu]);
const CLI = /^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\//;
const RULE_TABLES = ['filter', 'nat', 'mangle', 'raw'].flatMap((t) => [`ip/firewall/${t}`, `ipv6/firewall/${t}`]);

describe('the tables', () => {
  it('name generic menus and undescribed arguments some tree takes, each checked, with its CLI reference page', () => {
    for (const [menu, args] of Object.entries(IP_TOOL_VALUES)) {
      expect({ menu, curated: MENU_BY_PATH.has(menu) }).toEqual({ menu, curated: false });
      const versions = versionsOf(menu);
      const newest = versions[versions.length - 1];
      for (const [arg, rule] of Object.entries(args)) {
        const taken = versions.filter((v) => takes(v, menu, arg));
        expect({ menu, arg, taken: taken.length > 0 }).toEqual({ menu, arg, taken: true });
        for (const v of taken) expect({ menu, arg, v, described: treeRule(v, menu, 'set', arg)?.kind ?? 'free' }).toEqual({ menu, arg, v, described: 'free' });
        expect(rule.source).toMatch(CLI);
        if (taken.includes(newest)) expect({ menu, arg, checked: genericMenuOf(treeFor(newest), menu)!.valueArgs?.includes(arg) }).toEqual({ menu, arg, checked: true });
      }
    }
    for (const [menu, { args, source }] of Object.entries(IP_TOOL_ARG_BOOLS)) {
      expect(source).toMatch(CLI);
      const newest = versionsOf(menu).at(-1)!;
      for (const arg of args) expect({ menu, arg, bool: genericMenuOf(treeFor(newest), menu)!.bools?.includes(arg) }).toEqual({ menu, arg, bool: true });
    }
  });

  it('reach the curated menus and firewall tables that take their arguments', () => {
    for (const [menu, args] of Object.entries(IP_CURATED_VALUES)) {
      expect({ menu, curated: MENU_BY_PATH.has(menu) }).toEqual({ menu, curated: true });
      for (const [arg, rule] of Object.entries(args)) {
        expect({ menu, arg, taken: SUPPORTED_VERSIONS.some((v) => takes(v, menu, arg)) }).toEqual({ menu, arg, taken: true });
        expect({ menu, arg, curated: hasCuratedRule(menu, arg) }).toEqual({ menu, arg, curated: true });
        expect(rule.source).toMatch(CLI);
      }
    }
    for (const arg of Object.keys(FIREWALL_REST_VALUES)) {
      const taking = RULE_TABLES.filter((p) => SUPPORTED_VERSIONS.some((v) => takes(v, p, arg)));
      expect({ arg, taken: taking.length > 0 }).toEqual({ arg, taken: true });
      for (const p of taking) expect({ arg, p, curated: hasCuratedRule(p, arg) }).toEqual({ arg, p, curated: true });
    }
  });
});

describe.each(SUPPORTED_VERSIONS)('on %s', (version) => {
  const refusedAdds: Array<[string, Record<string, string>, string]> = [
    ['ip/firewall/filter', { chain: 'forward', action: 'fasttrack-connection', 'hw-offload': 'maybe' }, 'invalid value of hw-offload: maybe'],
    ['ip/firewall/nat', { chain: 'srcnat', action: 'masquerade', 'randomise-ports': 'sometimes' }, 'invalid value of randomise-ports: sometimes'],
    ['ip/firewall/nat', { chain: 'dstnat', 'socks5-port': 'socks' }, 'invalid value for argument socks5-port'],
    ['ip/firewall/nat', { chain: 'dstnat', 'socksify-service': 'nope' }, 'input does not match any value of socksify-service'],
    ['ipv6/firewall/filter', { chain: 'input', headers: 'hop,tcp' }, 'input does not match any value of headers'],
    ['ipv6/firewall/filter', { chain: 'input', headers: 'hop:partial' }, 'invalid value for argument headers'],
    ['ipv6/firewall/mangle', { chain: 'forward', action: 'change-hop-limit', 'new-hop-limit': 'set:256' }, 'value of new-hop-limit out of range (0..255)'],
    ['ipv6/firewall/mangle', { chain: 'forward', action: 'change-hop-limit', 'new-hop-limit': 'halve:1' }, 'invalid value for argument new-hop-limit'],
    ['ip/route', { gateway: '10.0.0.1', 'check-gateway': 'icmp' }, 'input does not match any value of check-gateway'],
    ['ip/route', { gateway: '10.0.0.1', scope: 'link' }, 'invalid value for argument scope'],
    ['ip/route', { gateway: '10.0.0.1', 'vrf-interface': 'nope' }, 'input does not match any value of interface'],
    ['ipv6/route', { gateway: 'fe80::1%ether1', 'check-gateway': 'icmp' }, 'input does not match any value of check-gateway'],
    ['ip/dhcp-client', { interface: 'ether3', 'use-broadcast': 'sometimes' }, 'input does not match any value of use-broadcast'],
    ['ip/dhcp-client', { interface: 'ether3', 'dhcp-options': 'hostname,nope' }, 'input does not match any value of dhcp-options'],
    ['ip/dhcp-client', { interface: 'ether3', 'default-route-tables': 'nope' }, 'input does not match any value of default-route-tables'],
    ['ip/dhcp-client/option', { name: 'o', code: '255' }, 'value of code out of range (1..254)'],
    ['ip/proxy/direct', { action: 'redirect' }, 'input does not match any value of action'],
    ['ip/proxy/direct', { method: '!FETCH' }, 'input does not match any value of method'],
    ['ip/proxy/direct', { 'dst-port': '443-80' }, 'invalid value for argument dst-port'],
    ['ip/upnp/interfaces', { interface: 'ether1', type: 'outside' }, 'input does not match any value of type'],
    ['ip/traffic-flow/target', { 'dst-address': '10.0.0.9', version: '10' }, 'input does not match any value of version'],
    ['tool/romon/port', { interface: 'ether1', forbid: 'perhaps' }, 'invalid value of forbid: perhaps'],
    ['interface/bridge/calea', { chain: 'prerouting', action: 'sniff' }, 'input does not match any value of chain'],
    ['ip/hotspot/user/profile', { name: 'up', 'queue-type': 'nope' }, 'input does not match any value of queue-type'],
    ['ip/hotspot/user/profile', { name: 'up', 'parent-queue': 'nope' }, 'input does not match any value of parent-queue'],
    ['ip/hotspot/user/profile', { name: 'up', 'insert-queue-before': 'last' }, 'input does not match any value of insert-queue-before'],
    ['ip/firewall/calea', { chain: 'forward', action: 'sniff', 'layer7-protocol': '!nope' }, 'input does not match any value of layer7-protocol'],
  ];
  it.each(refusedAdds)('refuses adding to %s %j as RouterOS does, changing nothing', (menu, props, refused) => {
    if (!Object.keys(props).every((arg) => takes(version, menu, arg))) return; // an argument this version lacks
    const s = seededDevice('edge', version);
    const before = JSON.stringify(s.snapshot());
    expect(refusal(() => s.add(menu, props))).toBe(refused);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  const refusedSets: Array<[string, Record<string, string>, string]> = [
    ['ip/settings', { 'icmp-rate-mask': '0xg' }, 'invalid value for argument icmp-rate-mask'],
    ['ip/settings', { 'icmp-rate-mask': '0x100000000' }, 'value of icmp-rate-mask out of range (0..4294967295)'],
    ['ip/settings', { 'tcp-timestamps': 'random' }, 'input does not match any value of tcp-timestamps'],
    ['ipv6/settings', { 'accept-router-advertisements': 'always' }, 'input does not match any value of accept-router-advertisements'],
    ['ipv6/settings', { 'stale-neighbor-timeout': '60s' }, 'invalid value for argument stale-neighbor-timeout'],
    ['ip/firewall/connection/tracking', { enabled: 'on' }, 'input does not match any value of enabled'],
    ['ip/firewall/connection/tracking', { 'loose-tcp-tracking': 'loose' }, 'invalid value of loose-tcp-tracking: loose'],
    ['ip/smb', { enabled: 'true' }, 'input does not match any value of enabled'],
    ['ip/tftp/settings', { 'max-block-size': '1024' }, 'input does not match any value of max-block-size'],
    ['ip/traffic-flow', { 'cache-entries': '3k' }, 'input does not match any value of cache-entries'],
    ['ip/ssh', { ciphers: 'aes-gcm,chacha20' }, 'input does not match any value of ciphers'],
    ['tool/e-mail', { tls: 'ssl' }, 'input does not match any value of tls'],
    ['tool/e-mail', { port: '-1' }, 'invalid value for argument port'],
    ['tool/graphing', { 'store-every': 'day' }, 'input does not match any value of store-every'],
    ['tool/bandwidth-server', { enabled: 'auto' }, 'invalid value of enabled: auto'],
    ['tool/sms', { 'sms-storage': 'cloud' }, 'input does not match any value of sms-storage'],
  ];
  it.each(refusedSets)('refuses setting %s %j, changing nothing', (menu, props, refused) => {
    if (!Object.keys(props).every((arg) => takes(version, menu, arg))) return;
    const s = seededDevice('edge', version);
    const before = JSON.stringify(s.snapshot());
    expect(refusal(() => s.setSingleton(menu, props))).toBe(refused);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  const taken: Array<[string, Record<string, string>, Record<string, string>]> = [
    ['ip/firewall/filter', { chain: 'forward', action: 'fasttrack-connection', 'hw-offload': 'yes' }, { 'hw-offload': 'true' }],
    ['ip/firewall/nat', { chain: 'srcnat', action: 'masquerade', 'randomise-ports': 'no' }, { 'randomise-ports': 'false' }],
    ['ip/firewall/nat', { chain: 'dstnat', 'socks5-port': '1080' }, { 'socks5-port': '1080' }],
    ['ipv6/firewall/filter', { chain: 'input', action: 'drop', headers: '!hop,frag:contains' }, { headers: '!hop,frag:contains' }],
    ['ipv6/firewall/mangle', { chain: 'forward', action: 'change-hop-limit', 'new-hop-limit': 'decrement:1' }, { 'new-hop-limit': 'decrement:1' }],
    ['ip/route', { 'dst-address': '10.9.0.0/16', gateway: '10.0.0.1', 'check-gateway': 'ping', scope: '30', 'target-scope': '11', 'vrf-interface': 'ether2' }, { 'check-gateway': 'ping', 'target-scope': '11', 'vrf-interface': 'ether2' }],
    ['ip/dhcp-client', { interface: 'ether3', 'dhcp-options': 'hostname,clientid', 'check-gateway': 'arp' }, { 'dhcp-options': 'hostname,clientid', 'check-gateway': 'arp' }],
    ['ip/dhcp-client', { interface: 'ether4', 'default-route-tables': 'main:2,default', 'use-broadcast': 'both' }, { 'default-route-tables': 'main:2,default', 'use-broadcast': 'both' }],
    ['ip/proxy/direct', { 'dst-host': '*.example.com', 'dst-port': '!80,8000-8080', method: 'GET', action: 'deny' }, { 'dst-port': '!80,8000-8080', action: 'deny' }],
    // Text the reference leaves open: marks and lists that exist nowhere yet, chains a bridge rule names first.
    ['ip/firewall/mangle', { chain: 'prerouting', action: 'mark-packet', 'new-packet-mark': 'not-yet-anywhere', 'src-address-list': '!also-new' }, { 'new-packet-mark': 'not-yet-anywhere' }],
    ['interface/bridge/filter', { chain: 'my-chain', action: 'jump', 'jump-target': 'other-chain' }, { chain: 'my-chain', 'jump-target': 'other-chain' }],
  ];
  it.each(taken)('takes what the reference allows on %s %j, as exports write it', (menu, props, stored) => {
    if (!Object.keys(props).every((arg) => takes(version, menu, arg))) return; // an argument this version lacks
    expect(seededDevice('edge', version).add(menu, props)).toMatchObject(stored);
  });

  it('takes the settings the reference allows, as exports write them', () => {
    const s = seededDevice('edge', version);
    const set = (menu: string, props: Record<string, string>) => s.setSingleton(menu, Object.fromEntries(Object.entries(props).filter(([arg]) => takes(version, menu, arg))));
    expect(set('ip/settings', { 'icmp-rate-mask': '0x1818', 'ipv4-multipath-hash-policy': 'l4' })).toMatchObject({ 'icmp-rate-mask': '0x1818' });
    if (takes(version, 'ip/settings', 'ipv4-multipath-hash-policy')) expect(s.singleton('ip/settings')['ipv4-multipath-hash-policy']).toBe('l4');
    expect(set('ipv6/settings', { 'accept-router-advertisements': 'yes-if-forwarding-disabled', 'max-neighbor-entries': '8192' })).toMatchObject({ 'max-neighbor-entries': '8192' });
    expect(set('ip/firewall/connection/tracking', { enabled: 'auto', 'loose-tcp-tracking': 'yes' })).toMatchObject({ enabled: 'auto', 'loose-tcp-tracking': 'true' });
    expect(set('tool/e-mail', { tls: 'starttls', port: '587' })).toMatchObject({ tls: 'starttls', port: '587' });
    if (takes(version, 'ip/ssh', 'ciphers')) expect(set('ip/ssh', { ciphers: 'aes-gcm,aes-ctr' })).toMatchObject({ ciphers: 'aes-gcm,aes-ctr' });
    if (takes(version, 'ipv6/settings', 'stale-neighbor-timeout')) expect(set('ipv6/settings', { 'stale-neighbor-timeout': '60' })).toMatchObject({ 'stale-neighbor-timeout': '60' });
  });

  it('checks the built-in service ports (rows RouterOS creates; only `set` writes them)', () => {
    const check = (menu: string, ports: string) => refusal(() => genericMenuOf(treeFor(version), menu)!.argRule!('ports', ports, { command: 'set', version, rowsOf: () => [] }));
    expect(check('ip/firewall/service-port', '21,70000')).toBe('value of ports out of range (0..65535)');
    expect(check('ip/firewall/service-port', '5060,5061')).toBe('ok');
    expect(check('ip/hotspot/service-port', '0')).toBe('value of ports out of range (1..65535)');
    expect(check('ip/hotspot/service-port', '21')).toBe('ok');
  });

  it('takes HotSpot queue placement and CALEA layer7 protocols that exist, following their renames', () => {
    const s = seededDevice('edge', version);
    s.add('queue/simple', { name: 'guests', target: '10.5.0.0/24' });
    s.add('ip/firewall/layer7-protocol', { name: 'video', regexp: '^.+(youtube).*$' });
    const profile = s.add('ip/hotspot/user/profile', { name: 'up', 'parent-queue': 'guests', 'insert-queue-before': 'first', 'queue-type': 'pcq-download-default' });
    const sniff = s.add('ip/firewall/calea', { chain: 'forward', action: 'sniff', 'layer7-protocol': '!video' });
    s.update('queue/simple', 'guests', { name: 'visitors' });
    s.update('ip/firewall/layer7-protocol', 'video', { name: 'streaming' });
    expect(s.list('ip/hotspot/user/profile').find((r) => r['.id'] === profile['.id'])).toMatchObject({ 'parent-queue': 'visitors', 'insert-queue-before': 'first', 'queue-type': 'pcq-download-default' });
    expect(s.list('ip/firewall/calea').find((r) => r['.id'] === sniff['.id'])!['layer7-protocol']).toBe('!streaming');
  });

  it('shows the defconf fasttrack rule’s hw-offload as a written one is stored (REST true, export yes)', () => {
    const s = seededDevice('home', version);
    const fasttrack = s.list('ip/firewall/filter').find((r) => r['action'] === 'fasttrack-connection')!;
    expect(fasttrack['hw-offload']).toBe('true');
    if (takes(version, 'ip/firewall/filter', 'hw-offload')) expect(s.add('ip/firewall/filter', { chain: 'forward', action: 'fasttrack-connection', 'hw-offload': 'yes' })['hw-offload']).toBe(fasttrack['hw-offload']);
  });

  it('takes action=socksify only where the tree has socksify-service (7.20, not 7.15)', () => {
    const s = seededDevice('edge', version);
    const socksify = () => s.add('ip/firewall/nat', { chain: 'dstnat', action: 'socksify', protocol: 'tcp' });
    if (takes(version, 'ip/firewall/nat', 'socksify-service')) expect(socksify()).toMatchObject({ action: 'socksify' });
    else expect(refusal(socksify)).toBe('input does not match any value of action');
  });

  it('takes a socksify service that exists and follows its rename (7.20)', () => {
    if (!takes(version, 'ip/firewall/nat', 'socksify-service')) return;
    const s = seededDevice('edge', version);
    s.add('ip/socksify', { name: 'tor', 'socks5-server': '10.0.0.9', 'socks5-port': '9050' });
    const rule = s.add('ip/firewall/nat', { chain: 'dstnat', action: 'socksify', protocol: 'tcp', 'socksify-service': 'tor' });
    s.update('ip/socksify', 'tor', { name: 'onion' });
    expect(s.list('ip/firewall/nat').find((r) => r['.id'] === rule['.id'])!['socksify-service']).toBe('onion');
  });

  it('follows the rename of an interface a route names as its VRF interface', () => {
    const s = seededDevice('edge', version);
    const route = s.add('ip/route', { 'dst-address': '10.9.0.0/16', gateway: '10.0.0.1', 'vrf-interface': 'ether2' });
    s.update('interface', 'ether2', { name: 'uplink2' });
    expect(s.list('ip/route').find((r) => r['.id'] === route['.id'])!['vrf-interface']).toBe('uplink2');
  });
});
