import type { Row, RowOperation } from '@routeros-mcp/domain-changes';
import { apply, edgeDevice, homeDevice, LOGIN } from '../../../test/management-path.fixtures';
import { evaluateManagementPath, managementPathReads } from './management-path';

type Rows = Record<string, Row[]>;
const set = (menu: string, id: string, props: Record<string, string>): RowOperation => ({ kind: 'set', menu, id, props });
const add = (menu: string, props: Record<string, string>): RowOperation => ({ kind: 'add', menu, props });
const remove = (menu: string, id: string): RowOperation => ({ kind: 'remove', menu, id });

function judge(device: () => Rows, ops: RowOperation[]) {
  const before = device();
  return evaluateManagementPath(before, apply(before, ops), LOGIN);
}

/** The edge device with a spare port ether15 without link, and the IP settings and VRFs read. */
function edge(): Rows {
  const rows = edgeDevice();
  rows['interface'].push({ '.id': '*F', name: 'ether15', type: 'ether', disabled: 'false', running: 'false' });
  rows['interface/ethernet'].push({ '.id': '*F', name: 'ether15', 'default-name': 'ether15', disabled: 'false' });
  return { ...rows, 'ip/settings': [{ 'rp-filter': 'no', 'tcp-syncookies': 'no' }], 'ip/vrf': [] };
}

/** The NOC behind bond-mgmt (ether1 with link, ether2 without), the management address on the bond. */
function overBond(): Rows {
  const rows = edge();
  rows['interface'].push({ '.id': '*B', name: 'bond-mgmt', type: 'bond', disabled: 'false', running: 'true' }, { '.id': '*2', name: 'ether2', type: 'ether', disabled: 'false', running: 'false' });
  rows['interface/bonding'] = [{ '.id': '*B', name: 'bond-mgmt', slaves: 'ether1,ether2', mode: '802.3ad', disabled: 'false' }];
  rows['ip/address'] = rows['ip/address'].map((a) => (a['comment'] === 'management' ? { ...a, interface: 'bond-mgmt' } : a)).filter((a) => a['comment'] !== 'uplink B');
  rows['ip/arp'][0] = { ...rows['ip/arp'][0], interface: 'bond-mgmt' };
  return rows;
}

/** The NOC at 10.255.0.2 through WireGuard peer *P1 of wg-noc. */
function overWireguard(): Rows {
  const rows = edge();
  rows['interface'].push({ '.id': '*W', name: 'wg-noc', type: 'wg', disabled: 'false', running: 'true' });
  rows['interface/wireguard'] = [{ '.id': '*W', name: 'wg-noc', 'listen-port': '13231', disabled: 'false' }];
  rows['interface/wireguard/peers'] = [{ '.id': '*P1', interface: 'wg-noc', 'allowed-address': '10.255.0.2/32', disabled: 'false' }];
  rows['ip/address'].push({ '.id': '*9', address: '10.255.0.1/24', network: '10.255.0.0', interface: 'wg-noc', disabled: 'false', dynamic: 'false', invalid: 'false' });
  rows['user/active'] = rows['user/active'].map((s) => (s['address'] ? { ...s, address: '10.255.0.2' } : s));
  rows['ip/firewall/connection'] = rows['ip/firewall/connection'].map((c) => ({ ...c, 'src-address': c['src-address'].replace('10.100.250.10', '10.255.0.2'), 'dst-address': c['dst-address'].replace('10.100.5.1', '10.255.0.1') }));
  rows['ip/arp'].push({ '.id': '*A9', address: '10.255.0.2', 'mac-address': '', interface: 'wg-noc', dynamic: 'true', complete: 'true', disabled: 'false' });
  rows['ip/firewall/address-list'][0] = { ...rows['ip/firewall/address-list'][0], address: '10.0.0.0/8' };
  return rows;
}

/** Home with a host route to the laptop out of the WAN port: the unmarked route back is asymmetric. */
function asymmetricHome(): Rows {
  const rows = homeDevice();
  rows['ip/route'] = [...(rows['ip/route'] ?? []), { '.id': '*R9', 'dst-address': '192.168.88.254/32', gateway: 'ether1', distance: '1', disabled: 'false', 'routing-table': 'main' }];
  return { ...rows, 'ip/settings': [{ 'rp-filter': 'no' }] };
}

describe('what carries the path below the address', () => {
  it.each<[string, () => Rows, RowOperation[], RegExp, ('fail' | 'not_evaluated')?]>([
    ['the management VLAN removed in /interface/vlan', edge, [remove('interface/vlan', '*12')], /^interface vlan100-mgmt, on the service's path, would be removed from \/interface\/vlan$/],
    ['the management VLAN moved onto a port without link', edge, [set('interface/vlan', '*12', { interface: 'ether15' })], /^the service's path would ride on ether15, which has no link$/],
    ["the NOC's slave taken out of the bond", overBond, [set('interface/bonding', '*B', { slaves: 'ether2' })], /^ether1, a slave with link, would leave bond bond-mgmt/, 'not_evaluated'],
    ["the NOC's slave disabled", overBond, [set('interface/ethernet', '*1', { disabled: 'true' })], /^ether1, a slave with link, would be disabled in bond bond-mgmt/, 'not_evaluated'],
    ["the NOC's WireGuard peer removed", overWireguard, [remove('interface/wireguard/peers', '*P1')], /^no enabled peer of wg-noc would allow 10\.255\.0\.2/],
    ["the NOC's WireGuard peer narrowed", overWireguard, [set('interface/wireguard/peers', '*P1', { 'allowed-address': '10.255.0.3/32' })], /^no enabled peer of wg-noc would allow/],
    ['the WireGuard interface disabled', overWireguard, [set('interface/wireguard', '*W', { disabled: 'true' })], /wg-noc/],
    ['the management VLAN moved into a VRF', edge, [add('ip/vrf', { name: 'oob', interfaces: 'vlan100-mgmt' })], /^vlan100-mgmt, on which 10\.100\.250\.10 reaches the device, would move from VRF main to VRF oob$/],
    // The replies find their way back today (the live state already misreads the route: a mark the evaluation does not follow), the client's packets would not.
    ['rp-filter strict while the unmarked route back leaves by the WAN', asymmetricHome, [set('ip/settings', '', { 'rp-filter': 'strict' })], /^rp-filter=strict would drop 192\.168\.88\.254's packets: the route back to it leaves through ether1, not bridge$/],
  ])('refuses %s', (_name, device, ops, reason, status = 'fail') => {
    const verdict = judge(device, ops);
    expect([verdict.status, verdict.message]).toEqual([status, expect.stringMatching(reason)]);
  });

  it.each<[string, () => Rows, RowOperation[]]>([
    ['a spare VLAN on the port without link', edge, [add('interface/vlan', { name: 'vlan300', 'vlan-id': '300', interface: 'ether15' })]],
    ['the bond loses its slave without link', overBond, [set('interface/bonding', '*B', { slaves: 'ether1' })]],
    ['another WireGuard peer, or the NOC\'s widened', overWireguard, [add('interface/wireguard/peers', { interface: 'wg-noc', 'allowed-address': '10.255.0.9/32' }), set('interface/wireguard/peers', '*P1', { 'allowed-address': '10.255.0.0/24' })]],
    ['a VRF of another port', edge, [add('ip/vrf', { name: 'lab', interfaces: 'ether15' })]],
    ['rp-filter strict on a symmetric path', edge, [set('ip/settings', '', { 'rp-filter': 'strict' })]],
    ['rp-filter loose on a symmetric path', edge, [set('ip/settings', '', { 'rp-filter': 'loose' })]],
  ])('passes %s', (_name, device, ops) => {
    expect(judge(device, ops).status).toBe('pass');
  });

  it('reads the VRFs, the IP settings and WireGuard only when a change writes them', () => {
    expect(managementPathReads(['ip/address'])).not.toEqual(expect.arrayContaining(['ip/vrf']));
    expect(managementPathReads(['ip/address'])).not.toContain('ip/settings');
    expect(managementPathReads(['ip/settings'])).toContain('ip/settings');
    expect(managementPathReads(['interface/wireguard/peers'])).toEqual(expect.arrayContaining(['interface/wireguard', 'interface/wireguard/peers', 'ip/address']));
    expect(managementPathReads(['ip/arp'])).toContain('ip/arp');
  });

  it("refuses removing the client's static ARP entry on a reply-only interface (ARP is modelled)", () => {
    const home = () => {
      const rows = homeDevice();
      rows['interface'] = rows['interface'].map((i) => (i['name'] === 'bridge' ? { ...i, arp: 'reply-only' } : i));
      rows['ip/arp'] = rows['ip/arp'].map((a) => (a['address'] === '192.168.88.254' ? { ...a, dynamic: 'false' } : a));
      return rows;
    };
    const id = home()['ip/arp'].find((a) => a['address'] === '192.168.88.254')!['.id'];
    expect(judge(home, [remove('ip/arp', id)])).toMatchObject({ status: 'fail', message: expect.stringMatching(/arp=reply-only with no static ARP entry for 192\.168\.88\.254/) });
  });
});
