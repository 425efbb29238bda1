import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { hasCuratedRule } from './arg-rules';
import { DHCP_VALUES } from './dhcp-values';
import { GENERIC_ARG_BOOLS, GENERIC_VALUES } from './generic-values';
import { genericMenuOf } from './generic-menus';
import { treeFor } from '../schema/menu-schema';

/** The DHCP, queue type and IPsec value tables (model/dhcp-values.ts, generic-values.ts, ipsec.ts), on both trees. */
describe.each(['7.15.3', '7.20.5'])('DHCP, queue type and IPsec values on %s', (version) => {
  const device = () => seededDevice('home', version);

  it('every table entry names a manual page, and the coverage sees it as checked', () => {
    for (const [path, args] of Object.entries(DHCP_VALUES)) {
      for (const [arg, rule] of Object.entries(args)) {
        expect(rule.source).toMatch(/^https:\/\/help\.mikrotik\.com\//);
        expect(hasCuratedRule(path, arg)).toBe(true);
      }
    }
    expect(genericMenuOf(treeFor(version), 'queue/type')!.valueArgs).toEqual(expect.arrayContaining(['kind', 'cake-mpu', 'pcq-rate', 'pcq-dst-address6-mask']));
    expect(genericMenuOf(treeFor(version), 'queue/type')!.bools).toEqual(expect.arrayContaining(GENERIC_ARG_BOOLS['queue/type'].args));
    for (const rule of Object.values(GENERIC_VALUES['queue/type'])) expect(rule.source).toContain('Queues');
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
});
