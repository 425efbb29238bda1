import { expectCuratedValueTable, takes } from '../testing/value-tables.fixture';
import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { BRIDGE_GENERIC_VALUES, BRIDGE_VALUES } from './bridge-values';
import { genericMenuOf } from './generic-menus';
import { MENU_BY_PATH } from './menus';
import { TUNNEL_ARG_BOOLS, TUNNEL_GENERIC_VALUES, TUNNEL_VALUES } from './tunnel-values';

/** Value syntax of the bridge and tunnel menus, from MikroTik's CLI reference (model/bridge-values.ts, tunnel-values.ts). */


describe('the bridge and tunnel tables', () => {
  it('name curated menus and arguments a tree takes undescribed, each with its reference page, and count as curated rules', () => {
    expectCuratedValueTable({ ...BRIDGE_VALUES, ...TUNNEL_VALUES }, /^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\/interface\//);
  });

  it('name generic bridge and link menus, whose generic spec checks each argument its tree takes', () => {
    for (const [menu, args] of [...Object.entries(BRIDGE_GENERIC_VALUES), ...Object.entries(TUNNEL_GENERIC_VALUES)]) {
      expect(MENU_BY_PATH.has(menu)).toBe(false);
      for (const [arg, rule] of Object.entries(args)) {
        expect(rule.source).toMatch(/^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\/interface\//);
        for (const v of SUPPORTED_VERSIONS.filter((version) => takes(version, menu, arg))) {
          expect({ menu, arg, v, checked: genericMenuOf(treeFor(v), menu)!.valueArgs?.includes(arg) }).toEqual({ menu, arg, v, checked: true });
        }
      }
    }
    for (const [menu, { args, source }] of Object.entries(TUNNEL_ARG_BOOLS)) {
      expect(source).toMatch(/^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\/interface\//);
      for (const v of SUPPORTED_VERSIONS) expect(genericMenuOf(treeFor(v), menu)!.bools).toEqual(expect.arrayContaining(args.filter((arg) => takes(v, menu, arg))));
    }
  });
});

describe.each(['7.15.3', '7.20.5'])('bridge and tunnel values on %s', (version) => {
  const device = () => seededDevice('home', version);
  const newer = version === '7.20.5';

  it('bridge: enumerations, priorities, counts with keywords, booleans', () => {
    const s = device();
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'protocol-mode': 'pvst' }))).toBe('input does not match any value of protocol-mode');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { arp: 'maybe' }))).toBe('input does not match any value of arp');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'igmp-version': '1' }))).toBe('input does not match any value of igmp-version');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'ether-type': '0x8101' }))).toBe('input does not match any value of ether-type');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'frame-types': 'admit-none' }))).toBe('input does not match any value of frame-types');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { priority: '65536' }))).toBe('value of priority out of range (0..65535)');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { priority: 'high' }))).toBe('invalid value for argument priority');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { priority: '0x10000' }))).toBe('invalid value for argument priority');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'max-hops': '-1' }))).toBe('invalid value for argument max-hops');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'transmit-hold-count': '4294967296' }))).toBe('value of transmit-hold-count out of range (0..4294967295)');
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'fast-forward': 'sometimes' }))).toBe('invalid value of fast-forward: sometimes');
    expect(s.update('interface/bridge', 'bridge', { 'protocol-mode': 'mstp', arp: 'reply-only', priority: '0x7000', 'igmp-version': '3', 'mld-version': '2', 'ether-type': '0x88a8', 'frame-types': 'admit-only-vlan-tagged', 'max-hops': '20', 'fast-forward': 'no', 'multicast-querier': 'yes' }))
      .toMatchObject({ 'protocol-mode': 'mstp', arp: 'reply-only', priority: '0x7000', 'igmp-version': '3', 'mld-version': '2', 'ether-type': '0x88a8', 'frame-types': 'admit-only-vlan-tagged', 'max-hops': '20', 'fast-forward': 'false', 'multicast-querier': 'true' });
    expect(s.update('interface/bridge', 'bridge', { priority: '4096', 'port-cost-mode': 'short', 'protocol-mode': '' })).toMatchObject({ priority: '4096', 'port-cost-mode': 'short' });
    if (newer) {
      expect(refusal(() => s.update('interface/bridge', 'bridge', { 'max-learned-entries': 'many' }))).toBe('invalid value for argument max-learned-entries');
      expect(s.update('interface/bridge', 'bridge', { 'max-learned-entries': 'unlimited', 'forward-reserved-addresses': 'yes' })).toMatchObject({ 'max-learned-entries': 'unlimited', 'forward-reserved-addresses': 'true' });
    } else {
      expect(refusal(() => s.update('interface/bridge', 'bridge', { 'max-learned-entries': 'auto' }))).toBe('unknown parameter max-learned-entries');
    }
  });

  it('bridge ports: priority steps, path costs, horizon or none, auto/yes/no, MVRP states, booleans', () => {
    const s = device();
    const port = s.list('interface/bridge/port').find((p) => p['interface'] === 'ether3')!['.id'];
    expect(refusal(() => s.update('interface/bridge/port', port, { priority: '0x81' }))).toBe('input does not match any value of priority');
    expect(refusal(() => s.update('interface/bridge/port', port, { priority: '128' }))).toBe('input does not match any value of priority');
    expect(refusal(() => s.update('interface/bridge/port', port, { 'path-cost': 'cheap' }))).toBe('invalid value for argument path-cost');
    expect(refusal(() => s.update('interface/bridge/port', port, { horizon: 'off' }))).toBe('invalid value for argument horizon');
    expect(refusal(() => s.update('interface/bridge/port', port, { learn: 'always' }))).toBe('input does not match any value of learn');
    expect(refusal(() => s.update('interface/bridge/port', port, { 'mvrp-registrar-state': 'forbidden' }))).toBe('input does not match any value of mvrp-registrar-state');
    expect(refusal(() => s.update('interface/bridge/port', port, { 'bpdu-guard': 'on' }))).toBe('invalid value of bpdu-guard: on');
    expect(s.update('interface/bridge/port', port, { priority: '0xf0', 'path-cost': '20', 'internal-path-cost': '5', horizon: '2', learn: 'no', 'point-to-point': 'yes', 'multicast-router': 'permanent', 'mvrp-applicant-state': 'non-participant', 'bpdu-guard': 'yes', trusted: 'no', 'fast-leave': 'yes' }))
      .toMatchObject({ priority: '0xf0', 'path-cost': '20', 'internal-path-cost': '5', horizon: '2', learn: 'no', 'point-to-point': 'yes', 'multicast-router': 'permanent', 'mvrp-applicant-state': 'non-participant', 'bpdu-guard': 'true', trusted: 'false', 'fast-leave': 'true' });
    expect(s.update('interface/bridge/port', port, { horizon: 'none', 'frame-types': 'admit-only-untagged-and-priority-tagged', 'ingress-filtering': 'yes' })).toMatchObject({ horizon: 'none', 'frame-types': 'admit-only-untagged-and-priority-tagged', 'ingress-filtering': 'true' });
  });

  it('bridge VLANs, MSTIs and MST overrides: interfaces or lists, identifiers, VLAN ranges, priorities', () => {
    const s = device();
    expect(refusal(() => s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', 'mvrp-forbidden': 'ether2,ghost' }))).toBe('input does not match any value of mvrp-forbidden');
    expect(s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', 'mvrp-forbidden': 'ether2,LAN' })).toMatchObject({ 'mvrp-forbidden': 'ether2,LAN' });
    expect(refusal(() => s.add('interface/bridge/msti', { bridge: 'bridge', identifier: 'one', 'vlan-mapping': '10' }))).toBe('invalid value for argument identifier');
    expect(refusal(() => s.add('interface/bridge/msti', { bridge: 'bridge', identifier: '1', 'vlan-mapping': '10-4095' }))).toBe('value of vlan-mapping out of range (1..4094)');
    expect(refusal(() => s.add('interface/bridge/msti', { bridge: 'bridge', identifier: '1', 'vlan-mapping': '10', priority: '70000' }))).toBe('value of priority out of range (0..65535)');
    expect(s.add('interface/bridge/msti', { bridge: 'bridge', identifier: '1', 'vlan-mapping': '10,20-30', priority: '0x1000' })).toMatchObject({ identifier: '1', 'vlan-mapping': '10,20-30', priority: '0x1000' });
    expect(refusal(() => s.add('interface/bridge/port/mst-override', { interface: 'ether3', identifier: '1', priority: '0x11' }))).toBe('input does not match any value of priority');
    expect(refusal(() => s.add('interface/bridge/port/mst-override', { interface: 'ether3', identifier: '1', 'internal-path-cost': 'x' }))).toBe('invalid value for argument internal-path-cost');
    expect(s.add('interface/bridge/port/mst-override', { interface: 'ether3', identifier: '1', priority: '0x40', 'internal-path-cost': '10' })).toMatchObject({ priority: '0x40', 'internal-path-cost': '10' });
    expect(refusal(() => s.add('interface/bridge/mdb', { bridge: 'bridge', group: '239.1.1.1', vid: 'ten', ...(newer ? { interface: 'ether3' } : { ports: 'ether3' }) }))).toBe('invalid value for argument vid');
  });

  it('VXLAN: words, booleans and the bridge it joins (7.20), a VTEP IP version', () => {
    const s = device();
    expect(refusal(() => s.add('interface/vxlan', { name: 'vx1', vni: '10', 'dont-fragment': 'maybe' }))).toBe('input does not match any value of dont-fragment');
    expect(refusal(() => s.add('interface/vxlan', { name: 'vx1', vni: '10', 'loop-protect': 'yes' }))).toBe('input does not match any value of loop-protect');
    expect(refusal(() => s.add('interface/vxlan', { name: 'vx1', vni: '10', 'vteps-ip-version': 'ipv5' }))).toBe('input does not match any value of vteps-ip-version');
    expect(s.add('interface/vxlan', { name: 'vx1', vni: '10', 'dont-fragment': 'enabled', 'loop-protect': 'on', arp: 'proxy-arp', 'vteps-ip-version': 'ipv6' }))
      .toMatchObject({ 'dont-fragment': 'enabled', 'loop-protect': 'on', arp: 'proxy-arp', 'vteps-ip-version': 'ipv6' });
    if (newer) {
      expect(refusal(() => s.add('interface/vxlan', { name: 'vx2', vni: '11', bridge: 'ghost' }))).toBe('input does not match any value of bridge');
      expect(refusal(() => s.add('interface/vxlan', { name: 'vx2', vni: '11', 'rem-csum': 'all' }))).toBe('input does not match any value of rem-csum');
      expect(refusal(() => s.add('interface/vxlan', { name: 'vx2', vni: '11', learning: 'perhaps' }))).toBe('invalid value of learning: perhaps');
      expect(s.add('interface/vxlan', { name: 'vx2', vni: '11', bridge: 'bridge', 'bridge-pvid': '20', 'rem-csum': 'both', learning: 'no', checksum: 'yes', hw: 'no' }))
        .toMatchObject({ bridge: 'bridge', 'bridge-pvid': '20', 'rem-csum': 'both', learning: 'false', checksum: 'true', hw: 'false' });
    }
  });

  it('L2TP, SSTP and OpenVPN clients: protocol words, counts, certificates by name, booleans', () => {
    const s = device();
    const l2tp = { name: 'l2', 'connect-to': '203.0.113.1', user: 'u' };
    expect(refusal(() => s.add('interface/l2tp-client', { ...l2tp, 'use-peer-dns': 'exclusive' }))).toBe('input does not match any value of use-peer-dns');
    expect(refusal(() => s.add('interface/l2tp-client', { ...l2tp, 'l2tp-proto-version': 'l2tpv4' }))).toBe('input does not match any value of l2tp-proto-version');
    expect(refusal(() => s.add('interface/l2tp-client', { ...l2tp, mrru: 'off' }))).toBe('invalid value for argument mrru');
    expect(s.add('interface/l2tp-client', { ...l2tp, 'use-peer-dns': 'exclusively', 'l2tp-proto-version': 'l2tpv3-udp', 'l2tpv3-digest-hash': 'sha1', mrru: 'disabled', 'default-route-distance': '5' }))
      .toMatchObject({ 'use-peer-dns': 'exclusively', 'l2tp-proto-version': 'l2tpv3-udp', 'l2tpv3-digest-hash': 'sha1', mrru: 'disabled', 'default-route-distance': '5' });
    const sstp = { name: 's1', 'connect-to': '203.0.113.2', user: 'u' };
    expect(refusal(() => s.add('interface/sstp-client', { ...sstp, certificate: 'ghost' }))).toBe('input does not match any value of certificate');
    expect(refusal(() => s.add('interface/sstp-client', { ...sstp, 'tls-version': 'only-1.3' }))).toBe('input does not match any value of tls-version');
    expect(refusal(() => s.add('interface/sstp-client', { ...sstp, port: '443x' }))).toBe('invalid value for argument port');
    expect(s.add('interface/sstp-client', { ...sstp, certificate: 'none', 'tls-version': 'only-1.2', pfs: 'required', port: '8443', 'add-sni': 'yes' }))
      .toMatchObject({ certificate: 'none', 'tls-version': 'only-1.2', pfs: 'required', port: '8443', 'add-sni': 'true' });
    const ovpn = { name: 'o1', 'connect-to': '203.0.113.3', user: 'u' };
    expect(refusal(() => s.add('interface/ovpn-client', { ...ovpn, cipher: 'aes256' }))).toBe('input does not match any value of cipher');
    expect(refusal(() => s.add('interface/ovpn-client', { ...ovpn, auth: 'sha3' }))).toBe('input does not match any value of auth');
    expect(refusal(() => s.add('interface/ovpn-client', { ...ovpn, protocol: 'sctp' }))).toBe('input does not match any value of protocol');
    expect(refusal(() => s.add('interface/ovpn-client', { ...ovpn, 'route-nopull': 'sometimes' }))).toBe('invalid value of route-nopull: sometimes');
    expect(s.add('interface/ovpn-client', { ...ovpn, cipher: 'aes256-gcm', auth: 'null', mode: 'ethernet', protocol: 'udp', port: '1195', 'route-nopull': 'yes', 'use-peer-dns': 'no' }))
      .toMatchObject({ cipher: 'aes256-gcm', auth: 'null', mode: 'ethernet', protocol: 'udp', port: '1195', 'route-nopull': 'true', 'use-peer-dns': 'no' });
  });

  it('EoIPv6, mesh, LTE, LTE APN, PPP client and mesh port: words, counts with keywords, booleans', () => {
    const s = device();
    const eoip = { name: 'eo6', 'remote-address': '2001:db8::2', 'tunnel-id': '5' };
    expect(refusal(() => s.add('interface/eoipv6', { ...eoip, 'loop-protect': 'yes' }))).toBe('input does not match any value of loop-protect');
    expect(s.add('interface/eoipv6', { ...eoip, arp: 'reply-only', 'loop-protect': 'on' })).toMatchObject({ arp: 'reply-only', 'loop-protect': 'on' });
    expect(refusal(() => s.add('interface/mesh', { name: 'mesh1', arp: 'maybe' }))).toBe('input does not match any value of arp');
    expect(refusal(() => s.add('interface/mesh', { name: 'mesh1', 'hwmp-preq-retries': 'x' }))).toBe('invalid value for argument hwmp-preq-retries');
    expect(refusal(() => s.add('interface/mesh', { name: 'mesh1', 'mesh-portal': 'perhaps' }))).toBe('invalid value of mesh-portal: perhaps');
    expect(s.add('interface/mesh', { name: 'mesh1', arp: 'proxy-arp', 'hwmp-preq-retries': '3', 'mesh-portal': 'yes', 'reoptimize-paths': 'no' }))
      .toMatchObject({ arp: 'proxy-arp', 'hwmp-preq-retries': '3', 'mesh-portal': 'true', 'reoptimize-paths': 'false' });
    expect(refusal(() => s.add('interface/mesh/port', { interface: 'ether3', mesh: 'mesh1', 'port-type': 'wds' }))).toBe('input does not match any value of port-type');
    expect(s.add('interface/mesh/port', { interface: 'ether3', mesh: 'mesh1', 'port-type': 'WDS', 'path-cost': '10' })).toMatchObject({ 'port-type': 'WDS', 'path-cost': '10' });
    expect(refusal(() => s.add('interface/lte/apn', { name: 'a', apn: 'internet', 'ip-type': 'ipv5' }))).toBe('input does not match any value of ip-type');
    expect(refusal(() => s.add('interface/lte/apn', { name: 'a', apn: 'internet', 'passthrough-subnet-size': '15' }))).toBe('value of passthrough-subnet-size out of range (16..32)');
    expect(refusal(() => s.add('interface/lte/apn', { name: 'a', apn: 'internet', 'use-network-apn': 'sometimes' }))).toBe('invalid value of use-network-apn: sometimes');
    expect(s.add('interface/lte/apn', { name: 'a', apn: 'internet', 'ip-type': 'ipv4', authentication: 'chap', 'passthrough-subnet-size': 'auto', 'add-default-route': 'yes' }))
      .toMatchObject({ 'ip-type': 'ipv4', authentication: 'chap', 'passthrough-subnet-size': 'auto', 'add-default-route': 'true' });
    expect(refusal(() => s.add('interface/ppp-client', { name: 'p', 'data-channel': 'one' }))).toBe('invalid value for argument data-channel');
    expect(refusal(() => s.add('interface/ppp-client', { name: 'p', 'null-modem': 'on' }))).toBe('invalid value of null-modem: on');
    expect(s.add('interface/ppp-client', { name: 'p', 'data-channel': '2', 'null-modem': 'no', 'use-peer-dns': 'yes' })).toMatchObject({ 'data-channel': '2', 'null-modem': 'false', 'use-peer-dns': 'true' });
    if (newer) {
      expect(refusal(() => s.add('interface/ppp-client', { name: 'p2', 'network-mode': '5g' }))).toBe('input does not match any value of network-mode');
      // LTE interfaces come from the modem (no `add`): the generic menu's rule is asked directly.
      const lte = genericMenuOf(treeFor(version), 'interface/lte')!;
      expect(refusal(() => lte.argRule!('sms-protocol', 'sms', { command: 'set', version, rowsOf: () => [] }))).toBe('input does not match any value of sms-protocol');
      expect(lte.argRule!('sms-protocol', 'mbim', { command: 'set', version, rowsOf: () => [] })).toBe('mbim');
    }
  });

  it('bridge filter, NAT and CALEA: actions, negatable numbers, ranges, words and IPv6 prefixes', () => {
    const s = device();
    const rule = { chain: 'forward' };
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, action: 'src-nat' }))).toBe('input does not match any value of action');
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, '802.3-sap': '0x100' }))).toBe('value of 802.3-sap out of range (0..255)');
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, 'dst-port': '80-70' }))).toBe('invalid value for argument dst-port');
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, 'vlan-priority': '8' }))).toBe('value of vlan-priority out of range (0..7)');
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, 'arp-opcode': 'ask' }))).toBe('input does not match any value of arp-opcode');
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, 'packet-type': '!anycast' }))).toBe('input does not match any value of packet-type');
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, 'src-address6': '2001:db8::/129' }))).toBe('invalid value for argument src-address6');
    expect(refusal(() => s.add('interface/bridge/filter', { ...rule, 'arp-gratuitous': 'often' }))).toBe('invalid value of arp-gratuitous: often');
    expect(s.add('interface/bridge/filter', { ...rule, action: 'drop', '802.3-sap': '0x42', 'dst-port': '!67-68', 'vlan-id': '!10', 'arp-opcode': 'request', 'stp-type': 'tcn', 'stp-flags': '128', 'packet-type': 'broadcast', 'src-address6': '2001:db8::/32', 'arp-gratuitous': 'yes' }))
      .toMatchObject({ action: 'drop', '802.3-sap': '0x42', 'dst-port': '!67-68', 'vlan-id': '!10', 'arp-opcode': 'request', 'stp-type': 'tcn', 'stp-flags': '128', 'packet-type': 'broadcast', 'src-address6': '2001:db8::/32', 'arp-gratuitous': 'true' });
    expect(refusal(() => s.add('interface/bridge/nat', { chain: 'srcnat', action: 'masquerade' }))).toBe('input does not match any value of action');
    expect(s.add('interface/bridge/nat', { chain: 'srcnat', action: 'arp-reply', 'arp-packet-type': '0x800', 'stp-root-cost': '0-100' })).toMatchObject({ action: 'arp-reply', 'arp-packet-type': '0x800', 'stp-root-cost': '0-100' });
    expect(refusal(() => s.add('interface/bridge/calea', { chain: 'forward', action: 'drop' }))).toBe('input does not match any value of action');
    expect(refusal(() => s.add('interface/bridge/calea', { chain: 'forward', action: 'sniff', 'sniff-id': 'x' }))).toBe('invalid value for argument sniff-id');
    expect(s.add('interface/bridge/calea', { chain: 'forward', action: 'sniff', 'sniff-id': '7', 'ingress-priority': '63' })).toMatchObject({ action: 'sniff', 'sniff-id': '7', 'ingress-priority': '63' });
  });
});
