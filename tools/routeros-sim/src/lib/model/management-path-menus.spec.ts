import { DeviceState } from './device-state';
import { ProfileName, seedConfig } from './profiles';

// Issue 23: every menu that can cut the managing service off, each with a change that cuts and one that does not.
const users = [
  { name: 'admin', password: 'x', group: 'full' as const },
  { name: 'svc', password: 'y', group: 'full' as const },
];
const device = (profile: ProfileName) => new DeviceState('7.20.5', 7, () => seedConfig({ profile, version: '7.20.5', identity: 'r1', index: 0, users }));
const idOf = (s: DeviceState, path: string, where: (r: Record<string, string>) => boolean) => s.list(path).find(where)!['.id'];
const reason = (s: DeviceState, service: 'www-ssl' | 'ssh' = 'www-ssl') => {
  const access = s.access(service);
  return access.verdict === 'ok' ? 'ok' : `${access.verdict}: ${access.reason}`;
};

/** edge: the NOC's replies routed through table `mgmt` by a connection mark, main left to route the client elsewhere. */
function policyRoutedEdge(main: 'wan' | 'blackhole' | 'same'): DeviceState {
  const s = device('edge');
  s.add('routing/table', { name: 'mgmt', fib: 'yes' });
  s.add('ip/route', { 'dst-address': '10.0.0.0/8', gateway: '10.100.0.254', 'routing-table': 'mgmt' });
  s.add('ip/firewall/mangle', { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'noc', 'in-interface': 'vlan100-mgmt' });
  s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'mgmt', 'connection-mark': 'noc' });
  if (main !== 'same') s.remove('ip/route', idOf(s, 'ip/route', (r) => r['comment'] === 'internal'));
  if (main === 'blackhole') s.add('ip/route', { 'dst-address': '10.100.250.0/24', gateway: '10.100.0.254', blackhole: 'yes' });
  return s;
}

describe('rp-filter (/ip/settings)', () => {
  it('policy-routed replies reach the client while rp-filter is off', () => {
    expect(reason(policyRoutedEdge('wan'))).toBe('ok');
  });

  it('strict drops the client when the unmarked route back leaves by another interface; loose and no do not', () => {
    const s = policyRoutedEdge('wan');
    s.setSingleton('ip/settings', { 'rp-filter': 'loose' });
    expect(reason(s)).toBe('ok');
    s.setSingleton('ip/settings', { 'rp-filter': 'strict' });
    expect(reason(s)).toMatch(/^timeout: rp-filter=strict drops the client's packets: the route back to 10.100.250.10 leaves by sfp-sfpplus1, not vlan100-mgmt/);
    expect(reason(s, 'ssh')).toMatch(/rp-filter=strict/);
    s.setSingleton('ip/settings', { 'rp-filter': 'no' });
    expect(reason(s)).toBe('ok');
  });

  it('loose drops the client when main has no route back at all', () => {
    const s = policyRoutedEdge('blackhole');
    expect(reason(s)).toBe('ok');
    s.setSingleton('ip/settings', { 'rp-filter': 'loose' });
    expect(reason(s)).toMatch(/^timeout: rp-filter=loose drops the client's packets: no route back to 10.100.250.10/);
  });

  it('strict leaves a symmetric path alone', () => {
    const s = device('edge');
    s.setSingleton('ip/settings', { 'rp-filter': 'strict' });
    expect(reason(s)).toBe('ok');
  });
});

describe('mangle routing marks with routing tables and rules', () => {
  it('replies marked into a table that routes the client out of the WAN never reach it', () => {
    const s = device('edge');
    s.add('routing/table', { name: 'wan', fib: 'yes' });
    s.add('ip/route', { 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', 'routing-table': 'wan' });
    s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', protocol: 'tcp' });
    expect(reason(s)).toMatch(/^timeout: replies to 10.100.250.10 \(routing mark wan\) would leave by sfp-sfpplus1, not vlan100-mgmt/);
  });

  it('a marked table that blackholes the client cuts; a routing rule for the mark is followed', () => {
    const s = device('edge');
    s.add('routing/table', { name: 'dead', fib: 'yes' });
    s.add('ip/route', { 'dst-address': '10.100.250.0/24', gateway: '10.100.0.254', blackhole: 'yes', 'routing-table': 'dead' });
    s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'dead', 'dst-address': '10.100.250.10' });
    expect(reason(s)).toMatch(/^timeout: no route back to 10.100.250.10 \(routing mark dead\)/);
    s.reset();
    s.add('routing/table', { name: 'marked', fib: 'yes' });
    s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'marked' });
    s.add('routing/rule', { 'routing-mark': 'marked', action: 'unreachable' });
    expect(reason(s)).toMatch(/^timeout: no route back/);
  });

  it('marks for other traffic, a prerouting routing mark, or a marked table without a route for the client change nothing', () => {
    const s = device('edge');
    s.add('routing/table', { name: 'wan', fib: 'yes' });
    s.add('ip/route', { 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', 'routing-table': 'wan' });
    s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', 'dst-address': '192.0.2.0/24' });
    s.add('ip/firewall/mangle', { chain: 'prerouting', action: 'mark-routing', 'new-routing-mark': 'wan', 'src-address': '10.100.250.10' });
    expect(reason(s)).toBe('ok');
    s.add('routing/table', { name: 'empty', fib: 'yes' });
    s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'empty', passthrough: 'no' });
    expect(reason(s)).toBe('ok');
  });

  it('a mark placed after a passthrough=no mark never applies', () => {
    const s = device('edge');
    s.add('routing/table', { name: 'wan', fib: 'yes' });
    s.add('ip/route', { 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', 'routing-table': 'wan' });
    s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-packet', 'new-packet-mark': 'x', passthrough: 'no' });
    s.add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan' });
    expect(reason(s)).toBe('ok');
  });
});

describe('VRFs (/ip/vrf)', () => {
  it('moving the management interface into a VRF refuses the services that listen in main', () => {
    const s = device('home');
    s.add('ip/vrf', { name: 'mgmt', interfaces: 'bridge' });
    expect(reason(s)).toMatch(/^refused: service www-ssl listens in vrf main, but bridge is in vrf mgmt/);
    expect(reason(s, 'ssh')).toMatch(/^refused: service ssh listens in vrf main/);
  });

  it('services listening in that VRF still answer; a VRF of other interfaces changes nothing; a service moved to a VRF the client is not in is refused', () => {
    const s = device('home');
    s.add('ip/vrf', { name: 'lab', interfaces: 'ether5' });
    expect(reason(s)).toBe('ok');
    s.update('ip/service', 'www-ssl', { vrf: 'lab' });
    expect(reason(s)).toMatch(/^refused: service www-ssl listens in vrf lab, but bridge is in vrf main/);
    s.reset();
    s.add('ip/vrf', { name: 'mgmt', interfaces: 'bridge' });
    s.update('ip/service', 'www-ssl', { vrf: 'mgmt' });
    expect(reason(s)).toBe('ok');
  });

  it('in a VRF the route back is looked up in its table only', () => {
    const s = device('edge');
    s.add('ip/vrf', { name: 'mgmt', interfaces: 'vlan100-mgmt' });
    s.update('ip/service', 'www-ssl', { vrf: 'mgmt' });
    expect(reason(s)).toMatch(/^timeout: no route back to 10.100.250.10/);
    s.add('ip/route', { 'dst-address': '10.0.0.0/8', gateway: '10.100.0.254', 'routing-table': 'mgmt' });
    expect(reason(s)).toBe('ok');
  });
});

describe("the certificate www-ssl uses", () => {
  it('removing it refuses REST but not SSH', () => {
    const s = device('home');
    s.remove('certificate', idOf(s, 'certificate', (r) => r['name'] === 'sim-cert'));
    expect(reason(s)).toMatch(/^refused: service www-ssl uses certificate sim-cert, which no longer exists/);
    expect(reason(s, 'ssh')).toBe('ok');
  });

  it('another certificate with its private key serves (a template has none); removing a certificate nobody uses changes nothing', () => {
    const s = device('home');
    s.add('certificate', { name: 'other', 'common-name': 'other' });
    s.update('ip/service', 'www-ssl', { certificate: 'other' });
    expect(reason(s)).toMatch(/^refused: service www-ssl uses certificate other, which has no private key/);
    expect(reason(s, 'ssh')).toBe('ok');
    // As `/certificate sign` leaves it.
    s.commandUpdate('certificate', idOf(s, 'certificate', (r) => r['name'] === 'other'), { 'private-key': 'true' });
    expect(reason(s)).toBe('ok');
    s.remove('certificate', idOf(s, 'certificate', (r) => r['name'] === 'sim-cert'));
    expect(reason(s)).toBe('ok');
  });
});

describe('WireGuard', () => {
  function overWireguard(): DeviceState {
    const s = device('edge');
    s.add('interface/wireguard', { name: 'wg-noc', 'listen-port': '13231' });
    s.add('interface/wireguard/peers', { interface: 'wg-noc', 'public-key': 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=', 'allowed-address': '10.255.0.2/32' });
    s.add('ip/address', { address: '10.255.0.1/24', interface: 'wg-noc' });
    s.setManagement({ clientAddress: '10.255.0.2', deviceAddress: '10.255.0.1' });
    s.update('ip/firewall/address-list', idOf(s, 'ip/firewall/address-list', (r) => r['list'] === 'mgmt-allowed'), { address: '10.0.0.0/8' });
    return s;
  }
  const peer = (s: DeviceState) => idOf(s, 'interface/wireguard/peers', (r) => r['interface'] === 'wg-noc');

  it('a client reaching the device through its peer gets in', () => {
    expect(reason(overWireguard())).toBe('ok');
  });

  it.each<[string, (s: DeviceState) => void, RegExp]>([
    ['disabling the interface', (s) => s.update('interface/wireguard', idOf(s, 'interface/wireguard', (r) => r['name'] === 'wg-noc'), { disabled: 'yes' }), /interface wg-noc is disabled/],
    ["removing the client's peer", (s) => s.remove('interface/wireguard/peers', peer(s)), /no enabled peer of wg-noc allows 10.255.0.2/],
    ["disabling the client's peer", (s) => s.update('interface/wireguard/peers', peer(s), { disabled: 'yes' }), /no enabled peer of wg-noc allows/],
    ["narrowing the peer's allowed-address", (s) => s.update('interface/wireguard/peers', peer(s), { 'allowed-address': '10.255.0.3/32' }), /no enabled peer of wg-noc allows/],
  ])('%s cuts it', (_label, change, expected) => {
    const s = overWireguard();
    change(s);
    expect(reason(s)).toMatch(expected);
    expect(s.access('www-ssl').verdict).toBe('timeout');
  });

  it('another peer, or widening the allowed addresses, changes nothing', () => {
    const s = overWireguard();
    s.add('interface/wireguard/peers', { interface: 'wg-noc', 'public-key': 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=', 'allowed-address': '10.255.0.9/32' });
    s.update('interface/wireguard/peers', peer(s), { 'allowed-address': '10.255.0.0/24' });
    expect(reason(s)).toBe('ok');
  });
});

describe('bonding and ethernet', () => {
  function overBond(): DeviceState {
    const s = device('edge');
    // ether1 (linked) and sfp-sfpplus2 (no link) become the bond's slaves; ether1's uplink address goes.
    s.remove('ip/address', idOf(s, 'ip/address', (r) => r['comment'] === 'uplink B'));
    s.add('interface/bonding', { name: 'bond-mgmt', slaves: 'ether1,sfp-sfpplus2', mode: '802.3ad' });
    s.add('ip/address', { address: '10.200.0.1/24', interface: 'bond-mgmt' });
    s.setManagement({ clientAddress: '10.200.0.10', deviceAddress: '10.200.0.1', clientPort: 'ether1' });
    s.update('ip/firewall/address-list', idOf(s, 'ip/firewall/address-list', (r) => r['list'] === 'mgmt-allowed'), { address: '10.0.0.0/8' });
    return s;
  }
  const bond = (s: DeviceState) => idOf(s, 'interface/bonding', (r) => r['name'] === 'bond-mgmt');

  it.each<[string, (s: DeviceState) => void, RegExp]>([
    ["taking the client's port out of the bond", (s) => s.update('interface/bonding', bond(s), { slaves: 'sfp-sfpplus2' }), /ether1 is no longer a slave of bond bond-mgmt/],
    ['disabling the bond', (s) => s.update('interface/bonding', bond(s), { disabled: 'yes' }), /interface bond-mgmt is disabled/],
    ["disabling the client's port in /interface/ethernet", (s) => s.update('interface/ethernet', idOf(s, 'interface/ethernet', (r) => r['name'] === 'ether1'), { disabled: 'yes' }), /bond bond-mgmt: interface ether1 is disabled/],
  ])('%s cuts the client behind a bond', (_label, change, expected) => {
    const s = overBond();
    expect(reason(s)).toBe('ok');
    change(s);
    expect(reason(s)).toMatch(expected);
  });

  it("taking another slave out, or disabling another port, changes nothing", () => {
    const s = overBond();
    s.update('interface/bonding', bond(s), { slaves: 'ether1' });
    s.update('interface/ethernet', idOf(s, 'interface/ethernet', (r) => r['name'] === 'sfp-sfpplus2'), { disabled: 'yes' });
    expect(reason(s)).toBe('ok');
  });

  it("disabling the client's bridge port in /interface/ethernet cuts it (home)", () => {
    const s = device('home');
    s.update('interface/ethernet', idOf(s, 'interface/ethernet', (r) => r['name'] === 'ether2'), { disabled: 'yes' });
    expect(reason(s)).toMatch(/^timeout: interface ether2 is disabled/);
  });
});

describe('bridge settings', () => {
  it('use-ip-firewall with a forward drop leaves traffic to the device alone: it is input, not forwarded', () => {
    const s = device('home');
    s.setSingleton('interface/bridge/settings', { 'use-ip-firewall': 'yes' });
    s.add('ip/firewall/filter', { chain: 'forward', action: 'drop', 'place-before': s.list('ip/firewall/filter')[0]['.id'] });
    expect(reason(s)).toBe('ok');
    s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'in-interface': 'bridge', 'place-before': s.list('ip/firewall/filter')[0]['.id'] });
    expect(reason(s)).toMatch(/^timeout: input rule .* drops/);
  });
});

describe('a management VLAN on a VLAN-filtering bridge', () => {
  // home: the device answers on vlan99 over the bridge; the client's port ether2 is an access port of VLAN 99.
  function vlanOnBridge(): DeviceState {
    const s = device('home');
    s.add('interface/vlan', { name: 'vlan99', 'vlan-id': '99', interface: 'bridge' });
    s.add('ip/address', { address: '10.99.0.1/24', interface: 'vlan99' });
    s.add('interface/list/member', { list: 'LAN', interface: 'vlan99' });
    s.update('interface/bridge/port', idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'ether2'), { pvid: '99' });
    s.setManagement({ clientAddress: '10.99.0.10', deviceAddress: '10.99.0.1', clientPort: 'ether2' });
    return s;
  }
  const bridge = (s: DeviceState) => idOf(s, 'interface/bridge', (r) => r['name'] === 'bridge');

  it('reaches the device before VLAN filtering, and with it once the bridge is tagged in the VLAN', () => {
    const s = vlanOnBridge();
    expect(reason(s)).toBe('ok');
    s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '99', tagged: 'bridge' });
    s.update('interface/bridge', bridge(s), { 'vlan-filtering': 'yes' });
    expect(reason(s)).toBe('ok');
  });

  it('turning VLAN filtering on without a bridge VLAN entry carrying the management VLAN cuts', () => {
    const s = vlanOnBridge();
    s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10,20', tagged: 'bridge' });
    s.update('interface/bridge', bridge(s), { 'vlan-filtering': 'yes' });
    expect(reason(s)).toMatch(/^timeout: bridge bridge filters VLANs and no bridge VLAN entry carries VLAN 99 tagged to bridge itself/);
  });

  it("moving the client's port out of the VLAN cuts; disabling its bridge port too", () => {
    const s = vlanOnBridge();
    s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '99', tagged: 'bridge' });
    s.update('interface/bridge', bridge(s), { 'vlan-filtering': 'yes' });
    const port = idOf(s, 'interface/bridge/port', (r) => r['interface'] === 'ether2');
    s.update('interface/bridge/port', port, { pvid: '1' });
    expect(reason(s)).toMatch(/^timeout: bridge port ether2 is not in VLAN 99 \(PVID 1, not tagged\)/);
    s.update('interface/bridge/port', port, { pvid: '99', disabled: 'yes' });
    expect(reason(s)).toMatch(/^timeout: bridge port ether2 is disabled/);
  });
});

describe("the service's own user", () => {
  it.each<[string, (s: DeviceState) => void, 'rest-api' | 'ssh', RegExp]>([
    ['removed', (s) => s.remove('user', idOf(s, 'user', (r) => r['name'] === 'svc')), 'rest-api', /user svc no longer exists/],
    ['disabled', (s) => s.update('user', idOf(s, 'user', (r) => r['name'] === 'svc'), { disabled: 'yes' }), 'ssh', /user svc is disabled/],
    ['restricted to another address', (s) => s.update('user', idOf(s, 'user', (r) => r['name'] === 'svc'), { address: '192.0.2.0/24' }), 'rest-api', /user svc may not log in from 10.100.250.10/],
    ['moved to a group without ssh', (s) => {
      s.add('user/group', { name: 'noshell', policy: 'read,write,api,rest-api,!ssh' });
      s.update('user', idOf(s, 'user', (r) => r['name'] === 'svc'), { group: 'noshell' });
    }, 'ssh', /group noshell of user svc lacks the ssh policy/],
    ['moved to a group without api or rest-api', (s) => {
      s.add('user/group', { name: 'shell', policy: 'read,ssh' });
      s.update('user', idOf(s, 'user', (r) => r['name'] === 'svc'), { group: 'shell' });
    }, 'rest-api', /lacks the rest-api\/api policy/],
    ['moved to a group without read', (s) => {
      s.add('user/group', { name: 'blind', policy: 'ssh,api,rest-api' });
      s.update('user', idOf(s, 'user', (r) => r['name'] === 'svc'), { group: 'blind' });
    }, 'rest-api', /lacks the read policy/],
  ])('%s: new logins are refused', (_label, change, via, expected) => {
    const s = device('edge');
    expect(s.loginRefusal('svc', via)).toBeUndefined();
    change(s);
    expect(s.loginRefusal('svc', via)).toMatch(expected);
  });

  it('the built-in read group, an address that holds the client, or another user changed leave the login alone', () => {
    const s = device('edge');
    s.update('user', idOf(s, 'user', (r) => r['name'] === 'svc'), { group: 'read', address: '10.100.0.0/16' });
    // Another user keeps full rights: RouterOS refuses disabling the last one (model/users.ts).
    s.add('user', { name: 'root2', group: 'full', password: 'pw' });
    s.update('user', idOf(s, 'user', (r) => r['name'] === 'admin'), { disabled: 'yes' });
    expect(s.loginRefusal('svc', 'rest-api')).toBeUndefined();
    expect(s.loginRefusal('svc', 'ssh')).toBeUndefined();
    expect(s.sessionsEnd('svc')).toBe(false);
    expect(s.sessionsEnd('admin')).toBe(true);
  });
});

describe('bridge settings (use-ip-firewall) and the in-bridge-port matchers', () => {
  // home: the client 192.168.88.254 behind ether2, a port of bridge (where 192.168.88.1 is).
  const dropOn = (s: DeviceState, port: string) => s.add('ip/firewall/filter', { chain: 'input', action: 'drop', 'in-bridge-port': port, 'place-before': idOf(s, 'ip/firewall/filter', () => true) });

  it('an input drop by the client\'s bridge port bites only once use-ip-firewall is on; a forward drop never does', () => {
    const s = device('home');
    s.add('ip/firewall/filter', { chain: 'forward', action: 'drop', 'place-before': idOf(s, 'ip/firewall/filter', () => true) });
    dropOn(s, 'ether2');
    expect(reason(s)).toBe('ok');
    s.setSingleton('interface/bridge/settings', { 'use-ip-firewall': 'yes' });
    expect(reason(s)).toMatch(/^timeout: input rule \*\w+ drops the connection/);
    s.setSingleton('interface/bridge/settings', { 'use-ip-firewall': 'no' });
    expect(reason(s)).toBe('ok');
  });

  it('a drop by another port, or a negated port the client matches only without the setting, behave as RouterOS', () => {
    const s = device('home');
    dropOn(s, 'ether5');
    s.setSingleton('interface/bridge/settings', { 'use-ip-firewall': 'yes' });
    expect(reason(s)).toBe('ok');
    const t = device('home');
    dropOn(t, '!ether2');
    expect(reason(t)).toMatch(/drops the connection/);
    t.setSingleton('interface/bridge/settings', { 'use-ip-firewall': 'yes' });
    expect(reason(t)).toBe('ok');
  });

  it('with VLAN filtering the port is seen only with use-ip-firewall-for-vlan too', () => {
    const s = device('home');
    dropOn(s, 'ether2');
    s.update('interface/bridge', idOf(s, 'interface/bridge', (r) => r['name'] === 'bridge'), { 'vlan-filtering': 'yes' });
    s.setSingleton('interface/bridge/settings', { 'use-ip-firewall': 'yes' });
    expect(reason(s)).toBe('ok');
    s.setSingleton('interface/bridge/settings', { 'use-ip-firewall-for-vlan': 'yes' });
    expect(reason(s)).toMatch(/drops the connection/);
  });
});

describe('ethernet link settings of the client\'s port', () => {
  const port = (s: DeviceState, name: string) => idOf(s, 'interface/ethernet', (r) => r['name'] === name);

  it('forcing 1G without auto-negotiation takes the link down; 100M comes up by parallel detection', () => {
    const s = device('home');
    s.update('interface/ethernet', port(s, 'ether3'), { 'auto-negotiation': 'no', speed: '1G-baseT-full' });
    expect(reason(s)).toBe('ok');
    s.update('interface/ethernet', port(s, 'ether2'), { 'auto-negotiation': 'no', speed: '100M-baseT-full' });
    expect(reason(s)).toBe('ok');
    s.update('interface/ethernet', port(s, 'ether2'), { speed: '1G-baseT-full' });
    expect(reason(s)).toBe('timeout: interface ether2 has no link: auto-negotiation is off at speed 1G-baseT-full, which its partner cannot detect without auto-negotiation');
    expect(s.list('interface').find((r) => r['name'] === 'ether2')).toMatchObject({ running: 'false' });
    s.update('interface/ethernet', port(s, 'ether2'), { 'auto-negotiation': 'yes' });
    expect(reason(s)).toBe('ok');
  });

  it('advertising only speeds the partner lacks takes the link down; a narrower common set does not', () => {
    const s = device('home');
    s.update('interface/ethernet', port(s, 'ether2'), { advertise: '100M-baseT-full,1G-baseT-full' });
    expect(reason(s)).toBe('ok');
    s.update('interface/ethernet', port(s, 'ether2'), { advertise: '2.5G-baseT,10G-baseT' });
    expect(reason(s)).toMatch(/^timeout: interface ether2 has no link: it advertises 2.5G-baseT,10G-baseT, none of which/);
  });
});
