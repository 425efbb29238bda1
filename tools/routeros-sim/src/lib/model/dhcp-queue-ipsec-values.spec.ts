import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { hasCuratedRule } from './arg-rules';
import { DHCP_VALUES } from './dhcp-values';
import { DNS_VALUES } from './dns-values';
import { GENERIC_ARG_BOOLS, GENERIC_VALUES } from './generic-values';
import { genericMenuOf } from './generic-menus';
import { treeFor } from '../schema/menu-schema';

/**
 * The DHCP, DNS, queue, IPsec, PPP profile and Netwatch value tables (model/dhcp-values.ts, dns-values.ts,
 * generic-values.ts, ipsec.ts, ppp.ts, queues.ts), on both trees.
 */
describe.each(['7.15.3', '7.20.5'])('DHCP, queue type and IPsec values on %s', (version) => {
  const device = () => seededDevice('home', version);
  /** Arguments RouterOS 7.20 added (the trees): on 7.15.3 they are unknown parameters, refused before any value rule. */
  const newer = version === '7.20.5';

  it('every table entry names a manual page, and the coverage sees it as checked', () => {
    for (const [path, args] of [...Object.entries(DHCP_VALUES), ...Object.entries(DNS_VALUES)]) {
      for (const [arg, rule] of Object.entries(args)) {
        expect(rule.source).toMatch(/^https:\/\/(help|manual)\.mikrotik\.com\//);
        expect(hasCuratedRule(path, arg)).toBe(true);
      }
    }
    expect(genericMenuOf(treeFor(version), 'queue/type')!.valueArgs).toEqual(expect.arrayContaining(['kind', 'cake-mpu', 'pcq-rate', 'pcq-dst-address6-mask']));
    expect(genericMenuOf(treeFor(version), 'queue/type')!.bools).toEqual(expect.arrayContaining(GENERIC_ARG_BOOLS['queue/type'].args));
    for (const rule of Object.values(GENERIC_VALUES['queue/type'])) expect(rule.source).toMatch(/Queues|queue\/type/);
  });

  it('DHCP server: enumerations, unlimited or a number, booleans and option sets by name', () => {
    const s = device();
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { authoritative: 'sometimes' }))).toBe('input does not match any value of authoritative');
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'bootp-support': 'all' }))).toBe('input does not match any value of bootp-support');
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'client-mac-limit': 'lots' }))).toBe('invalid value for argument client-mac-limit');
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'client-mac-limit': '4294967296' }))).toBe('value of client-mac-limit out of range (0..4294967295)');
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'conflict-detection': 'maybe' }))).toBe('invalid value of conflict-detection: maybe');
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'dhcp-option-set': 'nope' }))).toBe('input does not match any value of dhcp-option-set');
    expect(s.update('ip/dhcp-server', 'defconf', { authoritative: 'after-2sec-delay', 'bootp-support': 'dynamic', 'client-mac-limit': 'unlimited', 'conflict-detection': 'no', 'dhcp-option-set': 'none' }))
      .toMatchObject({ authoritative: 'after-2sec-delay', 'bootp-support': 'dynamic', 'client-mac-limit': 'unlimited', 'conflict-detection': 'false', 'dhcp-option-set': 'none' });
    expect(s.update('ip/dhcp-server', 'defconf', { 'client-mac-limit': '4294967295', 'use-framed-as-classless': 'yes' })).toMatchObject({ 'client-mac-limit': '4294967295', 'use-framed-as-classless': 'true' });
    s.add('ip/dhcp-server/option', { name: 'ntp', code: '42', value: "'10.0.0.1'" });
    s.add('ip/dhcp-server/option', { name: 'tftp', code: '66', value: "'boot'" });
    expect(refusal(() => s.add('ip/dhcp-server/option/sets', { name: 'set1', options: 'ntp,ghost' }))).toBe('input does not match any value of options');
    s.add('ip/dhcp-server/option/sets', { name: 'set1', options: 'ntp,tftp' });
    expect(s.update('ip/dhcp-server', 'defconf', { 'dhcp-option-set': 'set1' })).toMatchObject({ 'dhcp-option-set': 'set1' });
    // use-radius is `no | yes | accounting`, printed as written: not a yes/no toggle.
    expect(s.update('ip/dhcp-server', 'defconf', { 'use-radius': 'accounting' })).toMatchObject({ 'use-radius': 'accounting' });
    expect(s.update('ip/dhcp-server', 'defconf', { 'use-radius': 'no' })).toMatchObject({ 'use-radius': 'no' });
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'use-radius': 'true' }))).toBe('input does not match any value of use-radius');
  });

  it('DHCP options, leases and networks: code 1..254, option names, queue types, netmask 0..32', () => {
    const s = device();
    expect(refusal(() => s.add('ip/dhcp-server/option', { name: 'o', code: '0' }))).toBe('value of code out of range (1..254)');
    expect(refusal(() => s.add('ip/dhcp-server/option', { name: 'o', code: '255' }))).toBe('value of code out of range (1..254)');
    expect(refusal(() => s.add('ip/dhcp-server/option', { name: 'o', code: 'x' }))).toBe('invalid value for argument code');
    s.add('ip/dhcp-server/option', { name: 'classless', code: '121', value: '0x18A000000A016501000A016501' });
    const lease = { address: '192.168.88.50', 'mac-address': '02:00:00:00:00:50', server: 'defconf' };
    expect(refusal(() => s.add('ip/dhcp-server/lease', { ...lease, 'dhcp-option': 'classless,ghost' }))).toBe('input does not match any value of dhcp-option');
    expect(refusal(() => s.add('ip/dhcp-server/lease', { ...lease, 'queue-type': 'fastest' }))).toBe('input does not match any value of queue-type');
    expect(refusal(() => s.add('ip/dhcp-server/lease', { ...lease, 'use-src-mac': 'sure' }))).toBe('invalid value of use-src-mac: sure');
    expect(s.add('ip/dhcp-server/lease', { ...lease, 'dhcp-option': 'classless', 'queue-type': 'pcq-download-default', 'always-broadcast': 'yes', 'use-src-mac': 'no' }))
      .toMatchObject({ 'dhcp-option': 'classless', 'queue-type': 'pcq-download-default', 'always-broadcast': 'true', 'use-src-mac': 'false' });
    const net = s.list('ip/dhcp-server/network')[0];
    expect(refusal(() => s.update('ip/dhcp-server/network', net['.id'], { netmask: '33' }))).toBe('value of netmask out of range (0..32)');
    expect(refusal(() => s.update('ip/dhcp-server/network', net['.id'], { 'dns-none': 'perhaps' }))).toBe('invalid value of dns-none: perhaps');
    expect(s.update('ip/dhcp-server/network', net['.id'], { netmask: '24', 'dns-none': 'yes', 'dhcp-option': 'classless' })).toMatchObject({ netmask: '24', 'dns-none': 'true' });
    expect(refusal(() => s.add('ip/dhcp-server/matcher', { name: 'm', server: 'defconf', 'address-pool': 'default-dhcp', code: '60', value: 'android', 'matching-type': 'fuzzy' })))
      .toBe(version === '7.15.3' ? 'unknown parameter matching-type' : 'input does not match any value of matching-type');
  });

  it('queue types: kinds, CAKE words and signed byte counts, PCQ masks and rates, booleans', () => {
    const s = device();
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'fifo' }))).toBe('input does not match any value of kind');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'cake', 'cake-flowmode': 'fair' }))).toBe('input does not match any value of cake-flowmode');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'cake', 'cake-rtt-scheme': 'moon' }))).toBe('input does not match any value of cake-rtt-scheme');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'cake', 'cake-overhead': '-65' }))).toBe('value of cake-overhead out of range (-64..256)');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'cake', 'cake-mpu': '257' }))).toBe('value of cake-mpu out of range (-64..256)');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'cake', 'cake-mpu': '8x' }))).toBe('invalid value for argument cake-mpu');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'cake', 'cake-nat': 'on' }))).toBe('invalid value of cake-nat: on');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'pcq', 'pcq-dst-address-mask': '33' }))).toBe('value of pcq-dst-address-mask out of range (0..32)');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'pcq', 'pcq-src-address6-mask': '129' }))).toBe('value of pcq-src-address6-mask out of range (0..128)');
    expect(refusal(() => s.add('queue/type', { name: 'q', kind: 'pcq', 'pcq-rate': 'fast' }))).toBe('invalid value for argument pcq-rate');
    expect(s.add('queue/type', { name: 'cake-up', kind: 'cake', 'cake-flowmode': 'dual-srchost', 'cake-rtt-scheme': 'internet', 'cake-overhead': '-64', 'cake-mpu': '84', 'cake-nat': 'yes', 'cake-wash': 'no' }))
      .toMatchObject({ kind: 'cake', 'cake-overhead': '-64', 'cake-mpu': '84', 'cake-nat': 'true', 'cake-wash': 'false' });
    expect(s.add('queue/type', { name: 'pcq-64', kind: 'pcq', 'pcq-rate': '10000000', 'pcq-burst-rate': '1500k', 'pcq-dst-address6-mask': '64', 'pcq-src-address-mask': '24' }))
      .toMatchObject({ 'pcq-rate': '10M', 'pcq-burst-rate': '1500k', 'pcq-dst-address6-mask': '64', 'pcq-src-address-mask': '24' });
    expect(s.add('queue/type', { name: 'hw', kind: 'none' })).toMatchObject({ kind: 'none' });
  });

  it('IPsec: lifebytes, policy ports and protocols, identity IDs, EAP methods and references', () => {
    const s = seededDevice('edge', version);
    expect(refusal(() => s.add('ip/ipsec/profile', { name: 'p', lifebytes: '4294967296' }))).toBe('value of lifebytes out of range (0..4294967295)');
    expect(s.add('ip/ipsec/profile', { name: 'p', lifebytes: '1000000' })).toMatchObject({ lifebytes: '1000000' });
    expect(refusal(() => s.add('ip/ipsec/policy', { 'src-port': '65536' }))).toBe('value of src-port out of range (0..65535)');
    expect(refusal(() => s.add('ip/ipsec/policy', { 'dst-port': 'all' }))).toBe('invalid value for argument dst-port');
    expect(refusal(() => s.add('ip/ipsec/policy', { protocol: 'carrier-pigeon' }))).toBe('input does not match any value of protocol');
    expect(s.add('ip/ipsec/policy', { 'src-port': 'any', 'dst-port': '1701', protocol: 'udp', 'src-address': '10.9.0.0/24', 'dst-address': '10.8.0.0/24' })).toMatchObject({ 'dst-port': '1701', protocol: 'udp' });
    expect(s.add('ip/ipsec/policy', { protocol: '47', 'src-address': '10.9.1.0/24', 'dst-address': '10.8.1.0/24' })).toMatchObject({ protocol: '47' });
    s.add('ip/ipsec/peer', { name: 'hq', address: '203.0.113.1/32' });
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'my-id': 'hostname' }))).toBe('invalid value for argument my-id');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'my-id': 'fqdn:' }))).toBe('invalid value for argument my-id');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'remote-id': 'email:a@b' }))).toBe('invalid value for argument remote-id');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'my-id': 'ignore' }))).toBe('invalid value for argument my-id');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'auth-method': 'eap', 'eap-methods': 'eap-tls,eap-md5' }))).toBe('input does not match any value of eap-methods');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'mode-config': 'nope' }))).toBe('input does not match any value of mode-config');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'auth-method': 'rsa-key', key: 'nope' }))).toBe('input does not match any value of key');
    expect(s.add('ip/ipsec/identity', { peer: 'hq', 'my-id': 'fqdn:vpn.example.com', 'remote-id': 'ignore', 'mode-config': 'request-only', 'auth-method': 'eap', 'eap-methods': 'eap-mschapv2,eap-tls' }))
      .toMatchObject({ 'my-id': 'fqdn:vpn.example.com', 'remote-id': 'ignore', 'mode-config': 'request-only', 'eap-methods': 'eap-mschapv2,eap-tls' });
    expect(refusal(() => s.add('ip/ipsec/mode-config', { name: 'rw', 'address-prefix-length': '0' }))).toBe('value of address-prefix-length out of range (1..32)');
    expect(refusal(() => s.add('ip/ipsec/mode-config', { name: 'rw', 'system-dns': 'perhaps' }))).toBe('invalid value of system-dns: perhaps');
    expect(s.add('ip/ipsec/mode-config', { name: 'rw', 'address-prefix-length': '32', 'system-dns': 'yes' })).toMatchObject({ 'address-prefix-length': '32', 'system-dns': 'true' });
  });

  it('DHCP queue placement, option codes and sets, the matcher, the config singleton and DHCPv6', () => {
    const s = device();
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'insert-queue-before': 'middle' }))).toBe('input does not match any value of insert-queue-before');
    expect(refusal(() => s.update('ip/dhcp-server', 'defconf', { 'parent-queue': 'ghost' }))).toBe('input does not match any value of parent-queue');
    s.add('queue/simple', { name: 'lan', target: '192.168.88.0/24', 'max-limit': '100M/100M' });
    expect(s.update('ip/dhcp-server', 'defconf', { 'insert-queue-before': 'lan', 'parent-queue': 'lan' })).toMatchObject({ 'insert-queue-before': 'lan', 'parent-queue': 'lan' });
    expect(s.update('ip/dhcp-server', 'defconf', { 'insert-queue-before': 'bottom', 'parent-queue': 'none' })).toMatchObject({ 'insert-queue-before': 'bottom' });
    expect(s.add('ip/dhcp-server/option', { name: 'vs', code: 'vendor-specific', force: 'yes' })).toMatchObject({ code: 'vendor-specific', force: 'true' });
    expect(refusal(() => s.add('ip/dhcp-server/option', { name: 'f', code: '66', force: 'always' }))).toBe('invalid value of force: always');
    expect(refusal(() => s.add('ip/dhcp-server/matcher', { name: 'm', server: 'defconf', code: '300', value: 'x' }))).toBe('value of code out of range (1..254)');
    expect(refusal(() => s.add('ip/dhcp-server/matcher', { name: 'm', server: 'defconf', code: '60', value: 'x', 'option-set': 'ghost' }))).toBe('input does not match any value of option-set');
    expect(refusal(() => s.setSingleton('ip/dhcp-server/config', { accounting: 'sometimes' }))).toBe('invalid value of accounting: sometimes');
    expect(s.setSingleton('ip/dhcp-server/config', { accounting: 'no' })).toMatchObject({ accounting: 'false' });
    s.add('ipv6/dhcp-server/option', { name: 'dns6', code: '23', value: "'2001:db8::53'" });
    expect(refusal(() => s.add('ipv6/dhcp-server/option', { name: 'x', code: '-1' }))).toBe('invalid value for argument code');
    s.add('ipv6/dhcp-server/option/sets', { name: 'set6', options: 'dns6' });
    expect(refusal(() => s.add('ipv6/dhcp-server/option/sets', { name: 'bad', options: 'dns6,ghost' }))).toBe('input does not match any value of options');
    expect(refusal(() => s.add('ipv6/dhcp-server/binding', { duid: '0x0001', iaid: '1', 'ia-type': 'ta' }))).toBe(newer ? 'input does not match any value of ia-type' : 'unknown parameter ia-type');
    expect(refusal(() => s.add('ipv6/dhcp-server/binding', { duid: '0x0001', iaid: '1', 'dhcp-option': 'ghost' }))).toBe('input does not match any value of dhcp-option');
    expect(s.add('ipv6/dhcp-server/binding', { duid: '0x0001', iaid: '1', 'dhcp-option': 'dns6,set6', 'queue-type': 'default', ...(newer ? { 'ia-type': 'pd' } : {}) })).toMatchObject({ 'dhcp-option': 'dns6,set6', 'queue-type': 'default' });    // The DHCPv6 server's use-radius is `no | yes | accounting` too, `no` by default.
    expect(s.add('ipv6/dhcp-server', { name: 'v6', interface: 'ether3' })).toMatchObject({ 'use-radius': 'no' });
    expect(s.update('ipv6/dhcp-server', 'v6', { 'use-radius': 'accounting' })).toMatchObject({ 'use-radius': 'accounting' });
    expect(refusal(() => s.update('ipv6/dhcp-server', 'v6', { 'use-radius': 'false' }))).toBe('input does not match any value of use-radius');
    // /user/aaa keeps yes/no for its use-radius and accounting (CLI reference: `bool`).
    expect(s.setSingleton('user/aaa', { 'use-radius': 'yes', accounting: 'no' })).toMatchObject({ 'use-radius': 'true', accounting: 'false' });
    expect(refusal(() => s.setSingleton('user/aaa', { 'use-radius': 'accounting' }))).toBe('invalid value of use-radius: accounting');
  });

  it('DHCPv6 client: gateway checks, IAIDs, option names and default route tables (7.20: the others are unknown on 7.15)', () => {
    const s = device();
    const client = { interface: 'ether1', request: 'address' };
    if (!newer) {
      expect(refusal(() => s.add('ipv6/dhcp-client', { ...client, 'dhcp-options': 'fqdn,ghost' }))).toBe('input does not match any value of dhcp-options');
      expect(refusal(() => s.add('ipv6/dhcp-client', { ...client, 'check-gateway': 'ping' }))).toBe('unknown parameter check-gateway');
      expect(s.add('ipv6/dhcp-client', { ...client, 'dhcp-options': 'fqdn' })).toMatchObject({ 'dhcp-options': 'fqdn' });
      return;
    }
    expect(refusal(() => s.add('ipv6/dhcp-client', { ...client, 'check-gateway': 'icmp' }))).toBe('input does not match any value of check-gateway');
    expect(refusal(() => s.add('ipv6/dhcp-client', { ...client, 'custom-iana-id': '4294967296' }))).toBe('value of custom-iana-id out of range (0..4294967295)');
    expect(refusal(() => s.add('ipv6/dhcp-client', { ...client, 'dhcp-options': 'fqdn,ghost' }))).toBe('input does not match any value of dhcp-options');
    expect(refusal(() => s.add('ipv6/dhcp-client', { ...client, 'default-route-tables': 'nowhere' }))).toBe('input does not match any value of default-route-tables');
    expect(refusal(() => s.add('ipv6/dhcp-client', { ...client, 'default-route-tables': 'main:256' }))).toBe('value of default-route-tables out of range (1..255)');
    expect(s.add('ipv6/dhcp-client', { ...client, 'check-gateway': 'ping', 'custom-iapd-id': '7', 'dhcp-options': 'fqdn', 'default-route-tables': 'default,main:10' }))
      .toMatchObject({ 'check-gateway': 'ping', 'custom-iapd-id': '7', 'dhcp-options': 'fqdn', 'default-route-tables': 'default,main:10' });
  });

  it('DNS: cache size in KiB, UDP packet size 50..65507, counts, mDNS interfaces, VRF and static SRV numbers', () => {
    const s = device();
    expect(refusal(() => s.setSingleton('ip/dns', { 'cache-size': '63' }))).toBe(`value of cache-size out of range (64..4294967295)`);
    expect(refusal(() => s.setSingleton('ip/dns', { 'cache-size': '4MiB' }))).toBe('invalid value for argument cache-size');
    expect(refusal(() => s.setSingleton('ip/dns', { 'max-udp-packet-size': '49' }))).toBe('value of max-udp-packet-size out of range (50..65507)');
    expect(refusal(() => s.setSingleton('ip/dns', { 'max-concurrent-queries': 'many' }))).toBe('invalid value for argument max-concurrent-queries');
    expect(refusal(() => s.setSingleton('ip/dns', { 'mdns-repeat-ifaces': 'ether1,ghost' }))).toBe(newer ? 'input does not match any value of interface' : 'unknown parameter mdns-repeat-ifaces');
    expect(refusal(() => s.setSingleton('ip/dns', { vrf: 'ghost' }))).toBe('input does not match any value of vrf');
    const mdns = newer ? { 'mdns-repeat-ifaces': 'ether1,bridge' } : {};
    expect(s.setSingleton('ip/dns', { 'cache-size': '4096', 'max-udp-packet-size': '1232', 'doh-max-server-connections': '10', vrf: 'main', ...mdns }))
      .toMatchObject({ 'cache-size': '4096KiB', 'max-udp-packet-size': '1232', 'doh-max-server-connections': '10', vrf: 'main', ...mdns });
    expect(s.setSingleton('ip/dns', { 'cache-size': '8192KiB' })).toMatchObject({ 'cache-size': '8192KiB' });
    expect(refusal(() => s.add('ip/dns/static', { name: '_sip._udp.lan', type: 'SRV', 'srv-port': 'sip' }))).toBe('invalid value for argument srv-port');
    expect(s.add('ip/dns/static', { name: '_sip._udp.lan', type: 'SRV', 'srv-port': '5060', 'srv-priority': '10', 'srv-weight': '5', 'srv-target': 'pbx.lan' })).toMatchObject({ 'srv-port': '5060' });
    expect(refusal(() => s.add('ip/dns/adlist', { url: 'https://example.com/hosts', 'ssl-verify': 'maybe' }))).toBe('invalid value of ssl-verify: maybe');
  });

  it('PPP profiles: bridge settings, IPv6 pools, queue placement and queue types', () => {
    const s = device();
    expect(refusal(() => s.add('ppp/profile', { name: 'p', 'bridge-learning': 'sometimes' }))).toBe('input does not match any value of bridge-learning');
    expect(refusal(() => s.add('ppp/profile', { name: 'p', 'bridge-path-cost': '-1' }))).toBe('invalid value for argument bridge-path-cost');
    expect(refusal(() => s.add('ppp/profile', { name: 'p', 'dhcpv6-use-radius': 'perhaps' }))).toBe(newer ? 'invalid value of dhcpv6-use-radius: perhaps' : 'unknown parameter dhcpv6-use-radius');
    expect(refusal(() => s.add('ppp/profile', { name: 'p', 'remote-ipv6-prefix-pool': 'ghost' }))).toBe('input does not match any value of remote-ipv6-prefix-pool');
    expect(refusal(() => s.add('ppp/profile', { name: 'p', 'queue-type': 'default/ghost' }))).toBe('input does not match any value of queue-type');
    expect(refusal(() => s.add('ppp/profile', { name: 'p', 'parent-queue': 'ghost' }))).toBe('input does not match any value of parent-queue');
    s.add('ipv6/pool', { name: 'pd', prefix: '2001:db8::/48', 'prefix-length': '64' });
    const trusted = newer ? { 'bridge-port-trusted': 'yes' } : {};
    expect(s.add('ppp/profile', { name: 'p', 'bridge-learning': 'no', 'bridge-path-cost': '10', 'remote-ipv6-prefix-pool': 'pd', 'queue-type': 'pcq-upload-default/pcq-download-default', 'insert-queue-before': 'bottom', 'parent-queue': 'none', ...trusted }))
      .toMatchObject({ 'bridge-learning': 'no', 'bridge-path-cost': '10', 'remote-ipv6-prefix-pool': 'pd', 'queue-type': 'pcq-upload-default/pcq-download-default', ...(newer ? { 'bridge-port-trusted': 'true' } : {}) });
  });

  it('Netwatch: probe types, record types, HTTP code ranges, counts, booleans and certificates', () => {
    const s = device();
    expect(refusal(() => s.add('tool/netwatch', { host: '192.0.2.1', type: 'udp' }))).toBe('input does not match any value of type');
    expect(refusal(() => s.add('tool/netwatch', { host: 'example.com', type: 'dns', 'record-type': 'TXT' }))).toBe(newer ? 'input does not match any value of record-type' : 'unknown parameter record-type');
    expect(refusal(() => s.add('tool/netwatch', { host: '192.0.2.1', type: 'http-get', 'http-codes': '200-600' }))).toBe('value of http-codes out of range (100..599)');
    expect(refusal(() => s.add('tool/netwatch', { host: '192.0.2.1', type: 'http-get', 'http-codes': '299-200' }))).toBe('invalid value for argument http-codes');
    expect(refusal(() => s.add('tool/netwatch', { host: '192.0.2.1', type: 'icmp', 'packet-count': 'ten' }))).toBe('invalid value for argument packet-count');
    expect(refusal(() => s.add('tool/netwatch', { host: '192.0.2.1', type: 'icmp', 'packet-size': '1e3' }))).toBe('invalid value for argument packet-size');
    expect(refusal(() => s.add('tool/netwatch', { host: '192.0.2.1', type: 'https-get', certificate: 'ghost' }))).toBe('input does not match any value of certificate');
    if (newer) expect(refusal(() => s.add('tool/netwatch', { host: '192.0.2.1', type: 'icmp', 'early-failure-detection': 'soon' }))).toBe('invalid value of early-failure-detection: soon');
    const icmp720 = newer ? { ttl: '3', 'accept-icmp-time-exceeded': 'yes' } : {};
    expect(s.add('tool/netwatch', { host: '192.0.2.1', type: 'icmp', 'packet-count': '5', 'thr-loss-percent': '30%', ...icmp720 }))
      .toMatchObject({ type: 'icmp', 'packet-count': '5', 'thr-loss-percent': '30%', ...(newer ? { ttl: '3', 'accept-icmp-time-exceeded': 'true' } : {}) });
    expect(s.add('tool/netwatch', { host: '192.0.2.2', type: 'https-get', port: '8443', 'http-codes': '200-299,301', certificate: 'none', 'check-certificate': 'no' })).toMatchObject({ 'http-codes': '200-299,301', port: '8443' });
  });

  it('queue types and simple queues: CAKE words and lists, PCQ sizes in KiB, queue times', () => {
    const s = device();
    expect(refusal(() => s.add('queue/type', { name: 'c', kind: 'cake', 'cake-diffserv': 'diffserv5' }))).toBe('input does not match any value of cake-diffserv');
    expect(refusal(() => s.add('queue/type', { name: 'c', kind: 'cake', 'cake-overhead-scheme': 'ethernet,fiber' }))).toBe('input does not match any value of cake-overhead-scheme');
    expect(refusal(() => s.add('queue/type', { name: 'c', kind: 'cake', 'cake-ack-filter': 'yes' }))).toBe('input does not match any value of cake-ack-filter');
    expect(refusal(() => s.add('queue/type', { name: 'f', kind: 'pfifo', 'pfifo-limit': 'lots' }))).toBe('invalid value for argument pfifo-limit');
    expect(refusal(() => s.add('queue/type', { name: 'p', kind: 'pcq', 'pcq-limit': '50MiB' }))).toBe('invalid value for argument pcq-limit');
    expect(s.add('queue/type', { name: 'c', kind: 'cake', 'cake-diffserv': 'besteffort', 'cake-overhead-scheme': 'pppoe-ptm,ether-vlan', 'cake-ack-filter': 'filter', 'cake-atm': 'ptm' }))
      .toMatchObject({ 'cake-diffserv': 'besteffort', 'cake-overhead-scheme': 'pppoe-ptm,ether-vlan', 'cake-ack-filter': 'filter', 'cake-atm': 'ptm' });
    expect(s.add('queue/type', { name: 'p', kind: 'pcq', 'pcq-limit': '100', 'pcq-total-limit': '4000KiB' })).toMatchObject({ 'pcq-limit': '100KiB', 'pcq-total-limit': '4000KiB' });
    expect(s.add('queue/type', { name: 'f', kind: 'pfifo', 'pfifo-limit': '100' })).toMatchObject({ 'pfifo-limit': '100' });
    expect(refusal(() => s.add('queue/simple', { name: 'night', target: '192.168.88.10/32', time: '22h-6h,funday' }))).toBe('invalid value for argument time');
    expect(s.add('queue/simple', { name: 'night', target: '192.168.88.10/32', time: '22h-1d,sat,sun' })).toMatchObject({ time: '22h-1d,sat,sun' });
  });
});
