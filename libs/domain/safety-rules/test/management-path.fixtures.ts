import type { LiveRows, Row, RowOperation } from '@routeros-mcp/domain-changes';

/** Test devices in the REST shapes RouterOS serves (every value a string), and a row-operation applier. */
type Rows = Record<string, Row[]>;

export const LOGIN = { username: 'mcp', restPort: 443, sshPort: 22 };

const bool = (b: boolean) => String(b);

function iface(id: string, name: string, type: string, extra: Row = {}): Row {
  return { '.id': id, name, type, mtu: '1500', disabled: 'false', running: 'true', comment: '', ...extra };
}

function services(): Row[] {
  const list: Array<[string, string, boolean]> = [['telnet', '23', true], ['ftp', '21', true], ['www', '80', true], ['ssh', '22', false], ['www-ssl', '443', false], ['api', '8728', true], ['winbox', '8291', false], ['api-ssl', '8729', true]];
  return list.map(([name, port, disabled], i) => ({
    '.id': `*${i + 1}`, name, port, disabled: bool(disabled), address: '', vrf: 'main', invalid: 'false', dynamic: 'false',
    ...(name.endsWith('ssl') ? { certificate: 'mcp-cert', 'tls-version': 'any' } : {}),
  }));
}

/** The certificate www-ssl uses (`mcp-cert`, with its key) and another one the device holds. */
function certificates(): Row[] {
  const cert = (id: string, name: string, fingerprint: string): Row => ({
    '.id': id, name, 'common-name': name, 'key-type': 'ec', 'key-size': 'prime256v1', 'days-valid': '365', trusted: 'true', 'private-key': 'true',
    authority: 'false', issued: 'false', crl: 'false', revoked: 'false', expired: 'false', fingerprint: fingerprint.repeat(64),
  });
  return [cert('*C1', 'mcp-cert', 'a'), cert('*C2', 'spare-cert', 'b')];
}

function rules(list: Row[], prefix: string): Row[] {
  return list.map((r, i) => ({ '.id': `*${prefix}${i.toString(16).toUpperCase()}`, disabled: 'false', log: 'false', 'log-prefix': '', invalid: 'false', dynamic: 'false', bytes: '0', packets: '0', ...r }));
}

/** What the device shows about the service's own session: `/user/active`, connection tracking, ARP, bridge hosts. */
function observations(client: string, device: string, hop: { address: string; mac: string; interface: string }, host?: Row): Rows {
  return {
    'user/active': [
      { '.id': '*11', name: 'admin', address: '', via: 'console', when: '2026-11-22 08:00:00', group: 'full' },
      { '.id': '*12', name: 'mcp', address: client, via: 'rest-api', when: '2026-11-23 03:00:00', group: 'full' },
      { '.id': '*13', name: 'mcp', address: client, via: 'ssh', when: '2026-11-23 03:00:01', group: 'full' },
    ],
    'ip/firewall/connection': [
      { '.id': '*C1', protocol: 'tcp', 'src-address': `${client}:51234`, 'dst-address': `${device}:443`, 'tcp-state': 'established', timeout: '23h59m58s', 'connection-type': '' },
      { '.id': '*C2', protocol: 'tcp', 'src-address': `${client}:51240`, 'dst-address': `${device}:22`, 'tcp-state': 'established', timeout: '23h59m50s', 'connection-type': '' },
      { '.id': '*C3', protocol: 'udp', 'src-address': '192.168.88.20:5353', 'dst-address': '224.0.0.251:5353', timeout: '10s', 'connection-type': '' },
    ],
    'ip/arp': [
      { '.id': '*A1', address: hop.address, 'mac-address': hop.mac, interface: hop.interface, dynamic: 'true', complete: 'true', disabled: 'false', published: 'false', invalid: 'false' },
      { '.id': '*A2', address: '192.0.2.200', 'mac-address': '02:00:00:00:00:99', interface: 'ether1', dynamic: 'true', complete: 'true', disabled: 'false', published: 'false', invalid: 'false' },
    ],
    'interface/bridge/host': host ? [host, { 'mac-address': '02:00:00:00:00:77', 'on-interface': 'ether4', bridge: 'bridge', vid: '1', local: 'false', dynamic: 'true' }] : [],
  };
}

/** What a gigabit copper port advertises by default (the Ethernet manual's 7.12+ names). */
const COPPER = '10M-baseT-half,10M-baseT-full,100M-baseT-half,100M-baseT-full,1G-baseT-half,1G-baseT-full';

/** A home router: LAN bridge with the defconf firewall on interface lists; the service sits on ether2. */
export function homeDevice(): Rows {
  const ports = ['ether2', 'ether3', 'ether4', 'ether5'];
  return {
    interface: [
      ...['ether1', ...ports].map((n, i) => iface(`*${i + 1}`, n, 'ether')),
      iface('*6', 'bridge', 'bridge'),
    ],
    'interface/ethernet': ['ether1', ...ports].map((n, i) => ({ '.id': `*${i + 1}`, name: n, 'default-name': n, 'mac-address': `48:A9:8A:00:01:0${i + 1}`, mtu: '1500', disabled: 'false', 'auto-negotiation': 'true', advertise: COPPER, speed: '1G-baseT-full' })),
    'interface/bridge': [{ '.id': '*6', name: 'bridge', 'vlan-filtering': 'false', pvid: '1', 'protocol-mode': 'rstp', disabled: 'false', comment: 'defconf', 'admin-mac': '48:A9:8A:00:01:00', 'auto-mac': 'false', mtu: 'auto' }],
    'interface/bridge/port': ports.map((n, i) => ({ '.id': `*${(0x10 + i).toString(16).toUpperCase()}`, bridge: 'bridge', interface: n, pvid: '1', 'frame-types': 'admit-all', disabled: 'false', hw: 'true', comment: 'defconf', dynamic: 'false', inactive: 'false' })),
    'interface/bridge/vlan': [],
    'interface/bridge/settings': [{ 'use-ip-firewall': 'false', 'use-ip-firewall-for-pppoe': 'false', 'use-ip-firewall-for-vlan': 'false', 'allow-fast-path': 'true' }],
    'interface/list': [
      { '.id': '*2000010', name: 'WAN', comment: 'defconf', include: '', exclude: '', builtin: 'false', dynamic: 'false' },
      { '.id': '*2000011', name: 'LAN', comment: 'defconf', include: '', exclude: '', builtin: 'false', dynamic: 'false' },
    ],
    'interface/list/member': [
      { '.id': '*1', list: 'LAN', interface: 'bridge', comment: 'defconf', disabled: 'false', dynamic: 'false' },
      { '.id': '*2', list: 'WAN', interface: 'ether1', comment: 'defconf', disabled: 'false', dynamic: 'false' },
    ],
    'ip/address': [
      { '.id': '*20', address: '192.168.88.1/24', network: '192.168.88.0', interface: 'bridge', 'actual-interface': 'bridge', comment: 'defconf', disabled: 'false', dynamic: 'false', invalid: 'false' },
      { '.id': '*21', address: '203.0.113.7/24', network: '203.0.113.0', interface: 'ether1', 'actual-interface': 'ether1', comment: '', disabled: 'false', dynamic: 'true', invalid: 'false' },
    ],
    'ip/route': [
      { '.id': '*80000001', 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', distance: '1', 'routing-table': 'main', dynamic: 'true', dhcp: 'true', active: 'true', disabled: 'false', scope: '30', 'target-scope': '10' },
      { '.id': '*80000002', 'dst-address': '192.168.88.0/24', gateway: 'bridge', distance: '0', 'routing-table': 'main', dynamic: 'true', connect: 'true', active: 'true', disabled: 'false', scope: '10' },
      { '.id': '*80000003', 'dst-address': '203.0.113.0/24', gateway: 'ether1', distance: '0', 'routing-table': 'main', dynamic: 'true', connect: 'true', active: 'true', disabled: 'false', scope: '10' },
    ],
    'ip/service': services(),
    certificate: certificates(),
    'ip/firewall/filter': rules([
      { chain: 'input', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related,untracked' },
      { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
      { chain: 'input', action: 'accept', protocol: 'icmp', comment: 'defconf: accept ICMP' },
      { chain: 'input', action: 'accept', 'dst-address': '127.0.0.1', comment: 'defconf: accept to local loopback (for CAPsMAN)' },
      { chain: 'input', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop all not coming from LAN' },
      { chain: 'forward', action: 'accept', 'ipsec-policy': 'in,ipsec', comment: 'defconf: accept in ipsec policy' },
      { chain: 'forward', action: 'fasttrack-connection', 'connection-state': 'established,related', 'hw-offload': 'yes', comment: 'defconf: fasttrack' },
      { chain: 'forward', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related, untracked' },
      { chain: 'forward', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
      { chain: 'forward', action: 'drop', 'connection-state': 'new', 'connection-nat-state': '!dstnat', 'in-interface-list': 'WAN', comment: 'defconf: drop all from WAN not DSTNATed' },
    ], 'F'),
    'ip/firewall/raw': [],
    'ip/firewall/address-list': [
      { '.id': '*L1', list: 'mcp-blocklist', address: '192.0.2.66', comment: 'managed by routeros-mcp', disabled: 'false', dynamic: 'false', 'creation-time': '2026-11-01 10:00:00' },
    ],
    ...observations('192.168.88.254', '192.168.88.1', { address: '192.168.88.254', mac: 'A4:83:E7:11:22:33', interface: 'bridge' },
      { 'mac-address': 'A4:83:E7:11:22:33', 'on-interface': 'ether2', bridge: 'bridge', vid: '1', local: 'false', dynamic: 'true', external: 'false' }),
  };
}

/** An edge router: management VLAN 100 on ether16, the NOC routed through 10.100.5.254, a hardened input chain. */
export function edgeDevice(): Rows {
  return {
    interface: [iface('*1', 'ether1', 'ether'), iface('*10', 'ether16', 'ether'), iface('*11', 'sfp-sfpplus1', 'ether'), iface('*12', 'vlan100-mgmt', 'vlan')],
    'interface/ethernet': [['*1', 'ether1'], ['*10', 'ether16'], ['*11', 'sfp-sfpplus1']].map(([id, n]) => ({ '.id': id, name: n, 'default-name': n, mtu: '1500', disabled: 'false' })),
    'interface/vlan': [{ '.id': '*12', name: 'vlan100-mgmt', 'vlan-id': '100', interface: 'ether16', mtu: '1500', arp: 'enabled', disabled: 'false', 'use-service-tag': 'no' }],
    'ip/address': [
      { '.id': '*1', address: '203.0.113.2/24', network: '203.0.113.0', interface: 'sfp-sfpplus1', comment: 'uplink A', disabled: 'false', dynamic: 'false', invalid: 'false' },
      { '.id': '*2', address: '198.51.100.2/24', network: '198.51.100.0', interface: 'ether1', comment: 'uplink B', disabled: 'false', dynamic: 'false', invalid: 'false' },
      { '.id': '*3', address: '10.100.5.1/24', network: '10.100.5.0', interface: 'vlan100-mgmt', comment: 'management', disabled: 'false', dynamic: 'false', invalid: 'false' },
    ],
    'ip/route': [
      { '.id': '*80000001', 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', distance: '1', comment: 'default via uplink A', disabled: 'false', 'routing-table': 'main', scope: '30', 'target-scope': '10', static: 'true', active: 'true' },
      { '.id': '*80000002', 'dst-address': '0.0.0.0/0', gateway: '198.51.100.1', distance: '2', comment: 'backup via uplink B', disabled: 'false', 'routing-table': 'main', scope: '30', 'target-scope': '10', static: 'true', active: 'false' },
      { '.id': '*80000003', 'dst-address': '10.0.0.0/8', gateway: '10.100.5.254', distance: '1', comment: 'internal', disabled: 'false', 'routing-table': 'main', scope: '30', 'target-scope': '10', static: 'true', active: 'true' },
      { '.id': '*80000004', 'dst-address': '10.100.5.0/24', gateway: 'vlan100-mgmt', distance: '0', disabled: 'false', 'routing-table': 'main', dynamic: 'true', connect: 'true', active: 'true' },
    ],
    'routing/rule': [],
    'routing/table': [{ '.id': '*0', name: 'main', fib: '', builtin: 'true', dynamic: 'false' }],
    'ip/service': services(),
    certificate: certificates(),
    'ip/firewall/address-list': [
      { '.id': '*L1', list: 'mgmt-allowed', address: '10.100.0.0/16', comment: 'NOC', disabled: 'false', dynamic: 'false' },
      { '.id': '*L2', list: 'mcp-blocklist', address: '192.0.2.66', comment: 'managed by routeros-mcp', disabled: 'false', dynamic: 'false' },
    ],
    'ip/firewall/filter': rules([
      { chain: 'input', action: 'accept', 'connection-state': 'established,related', comment: 'accept established' },
      { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'drop invalid' },
      { chain: 'input', action: 'accept', 'src-address-list': 'mgmt-allowed', comment: 'management from NOC' },
      { chain: 'input', action: 'accept', protocol: 'icmp', comment: 'ICMP' },
      { chain: 'input', action: 'drop', 'src-address-list': 'mcp-blocklist', comment: 'blocklist' },
      { chain: 'input', action: 'drop', 'in-interface': 'sfp-sfpplus1', comment: 'drop the rest from uplink A' },
      { chain: 'input', action: 'drop', comment: 'drop everything else' },
    ], 'E'),
    'ip/firewall/raw': [],
    ...observations('10.100.250.10', '10.100.5.1', { address: '10.100.5.254', mac: '00:0C:42:AA:BB:CC', interface: 'vlan100-mgmt' }),
  };
}

/**
 * A switch-router with VLAN filtering: management on VLAN 99 (`mgmt` over the bridge); the service sits on the
 * access port ether3 (PVID 99); ether2 is a trunk; bond1 (ether4+ether5) is a tagged uplink.
 */
export function vlanDevice(clientPort: 'ether3' | 'ether2' | 'bond1' = 'ether3'): Rows {
  const ports = ['ether2', 'ether3', 'bond1'];
  return {
    interface: [
      ...['ether1', 'ether2', 'ether3', 'ether4', 'ether5'].map((n, i) => iface(`*${i + 1}`, n, 'ether')),
      iface('*6', 'bridge', 'bridge'), iface('*7', 'mgmt', 'vlan'), iface('*8', 'bond1', 'bond'),
    ],
    'interface/ethernet': ['ether1', 'ether2', 'ether3', 'ether4', 'ether5'].map((n, i) => ({ '.id': `*${i + 1}`, name: n, 'default-name': n, mtu: '1500', disabled: 'false' })),
    'interface/bonding': [{ '.id': '*8', name: 'bond1', slaves: 'ether4,ether5', mode: '802.3ad', disabled: 'false' }],
    'interface/bridge': [{ '.id': '*6', name: 'bridge', 'vlan-filtering': 'true', pvid: '1', 'frame-types': 'admit-all', 'ingress-filtering': 'true', disabled: 'false' }],
    'interface/vlan': [{ '.id': '*7', name: 'mgmt', 'vlan-id': '99', interface: 'bridge', disabled: 'false', mtu: '1500' }],
    'interface/bridge/port': ports.map((n, i) => ({
      '.id': `*${(0x10 + i).toString(16).toUpperCase()}`, bridge: 'bridge', interface: n, disabled: 'false', hw: 'true',
      pvid: n === 'ether3' ? '99' : '1', 'frame-types': n === 'ether3' ? 'admit-only-untagged-and-priority-tagged' : 'admit-all', 'ingress-filtering': 'true',
    })),
    'interface/bridge/vlan': [
      { '.id': '*30', bridge: 'bridge', 'vlan-ids': '99', tagged: 'bridge,ether2,bond1', untagged: 'ether3', disabled: 'false', dynamic: 'false' },
      { '.id': '*31', bridge: 'bridge', 'vlan-ids': '20,30-40', tagged: 'ether2,bond1', untagged: '', disabled: 'false', dynamic: 'false' },
      { '.id': '*32', bridge: 'bridge', 'vlan-ids': '1', tagged: '', untagged: 'bridge,ether2,bond1', 'current-untagged': 'bridge,ether2,bond1', disabled: 'false', dynamic: 'true' },
    ],
    'ip/address': [{ '.id': '*1', address: '10.99.0.1/24', network: '10.99.0.0', interface: 'mgmt', disabled: 'false', dynamic: 'false', invalid: 'false' }],
    'ip/route': [{ '.id': '*80000001', 'dst-address': '0.0.0.0/0', gateway: '10.99.0.254', distance: '1', disabled: 'false', 'routing-table': 'main' }],
    'ip/service': services(),
    certificate: certificates(),
    'ip/firewall/filter': rules([
      { chain: 'input', action: 'accept', 'connection-state': 'established,related' },
      { chain: 'input', action: 'accept', 'in-interface': 'mgmt' },
      { chain: 'input', action: 'drop' },
    ], 'V'),
    'ip/firewall/address-list': [],
    ...observations('10.99.0.50', '10.99.0.1', { address: '10.99.0.50', mac: '3C:22:FB:00:00:50', interface: 'mgmt' },
      { 'mac-address': '3C:22:FB:00:00:50', 'on-interface': clientPort, bridge: 'bridge', vid: '99', local: 'false', dynamic: 'true' }),
  };
}

let added = 0;

/** Applies row operations as RouterOS would to the rows (new rows get fresh ids; `move` keeps order exact). */
export function apply(rows: Rows, ops: RowOperation[]): LiveRows {
  const next: Rows = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.map((r) => ({ ...r }))]));
  for (const op of ops) {
    const table = (next[op.menu] ??= []);
    const at = (id: string) => {
      const i = table.findIndex((r) => r['.id'] === id);
      if (i < 0) throw new Error(`${op.menu}: no such item ${id}`);
      return i;
    };
    if (op.kind === 'add') {
      const row = { '.id': `*NEW${++added}`, disabled: 'false', ...op.props };
      table.splice(op.placeBefore ? at(op.placeBefore) : table.length, 0, row);
    } else if (op.kind === 'set') {
      const i = op.id ? at(op.id) : 0;
      const row: Record<string, string> = { ...table[i], ...op.props };
      for (const name of op.unset ?? []) delete row[name];
      table[i] = row;
    } else if (op.kind === 'remove') {
      table.splice(at(op.id), 1);
    } else if (op.kind === 'move') {
      const [row] = table.splice(at(op.id), 1);
      table.splice(op.destination ? at(op.destination) : table.length, 0, row);
    }
  }
  return next;
}

const LAPTOP_MAC = 'A4:83:E7:11:22:33';
const host = (mac: string, on: string): Row => ({ 'mac-address': mac, 'on-interface': on, bridge: 'bridge', vid: '1', local: 'false', dynamic: 'true', external: 'false' });
const port = (id: string, name: string, extra: Row = {}): Row => ({ '.id': id, bridge: 'bridge', interface: name, pvid: '1', 'frame-types': 'admit-all', disabled: 'false', hw: 'true', comment: 'defconf', dynamic: 'false', inactive: 'false', ...extra });
const registration = (iface: string, mac: string): Row => ({ interface: iface, 'mac-address': mac, authorized: 'true', signal: '-55' });

/**
 * A home router with the `wifi` package (or `wifiwave2`): wifi1 (5 GHz, the home-sec profile) and wifi2 (2.4 GHz,
 * inline security) in the bridge; the service's laptop is associated to `clientPort` (wifi1 unless told).
 */
export function wifiDevice(clientPort = 'wifi1', pkg: 'wifi' | 'wifiwave2' = 'wifi'): Rows {
  const rows = homeDevice();
  const base = `interface/${pkg}`;
  rows['interface'].push(iface('*30', 'wifi1', pkg), iface('*31', 'wifi2', pkg), iface('*32', 'guest', pkg));
  rows[base] = [
    { '.id': '*30', name: 'wifi1', 'default-name': 'wifi1', 'mac-address': '48:A9:8A:00:01:30', configuration: 'home-cfg', 'configuration.mode': 'ap', 'channel.band': '5ghz-ax', 'channel.frequency': '5180', security: 'home-sec', disabled: 'false', running: 'true', comment: '' },
    { '.id': '*31', name: 'wifi2', 'default-name': 'wifi2', 'mac-address': '48:A9:8A:00:01:31', 'configuration.ssid': 'home', 'configuration.mode': 'ap', 'channel.band': '2ghz-ax', 'security.authentication-types': 'wpa2-psk', 'security.passphrase': 'inline-wifi2-key', disabled: 'false', running: 'true', comment: '' },
    // A virtual AP on wifi2 for guests.
    { '.id': '*32', name: 'guest', 'master-interface': 'wifi2', 'configuration.ssid': 'guests', 'configuration.mode': 'ap', security: 'guest-sec', disabled: 'false', running: 'true', comment: '' },
  ];
  rows[`${base}/configuration`] = [{ '.id': '*1', name: 'home-cfg', ssid: 'home', country: 'Latvia', security: 'home-sec', disabled: 'false' }];
  rows[`${base}/security`] = [
    { '.id': '*1', name: 'home-sec', 'authentication-types': 'wpa2-psk,wpa3-psk', passphrase: 'home-wifi-key', disabled: 'false' },
    { '.id': '*2', name: 'guest-sec', 'authentication-types': 'wpa2-psk', passphrase: 'guest-wifi-key', disabled: 'false' },
  ];
  rows[`${base}/channel`] = [];
  rows[`${base}/datapath`] = [];
  rows[`${base}/access-list`] = [];
  rows[`${base}/provisioning`] = [];
  rows[`${base}/capsman`] = [{ enabled: 'false', interfaces: '', 'upgrade-policy': 'none' }];
  rows[`${base}/registration-table`] = [registration(clientPort, LAPTOP_MAC), registration('wifi2', '3C:22:FB:44:55:66')];
  rows['interface/bridge/port'].push(port('*14', 'wifi1'), port('*15', 'wifi2'), port('*16', 'guest'));
  rows['interface/bridge/host'] = [host(LAPTOP_MAC, clientPort)];
  return rows;
}

/** A hAP ac² on the legacy `wireless` package: wlan1 and wlan2 in the bridge on the `default` security profile. */
export function legacyWirelessDevice(clientPort = 'wlan1'): Rows {
  const rows = homeDevice();
  rows['interface'].push(iface('*30', 'wlan1', 'wlan'), iface('*31', 'wlan2', 'wlan'));
  const wlan = (id: string, name: string, band: string, frequency: string, profile: string): Row => ({
    '.id': id, name, 'default-name': name, ssid: 'MikroTik-ac', mode: 'ap-bridge', band, frequency, 'channel-width': '20mhz', 'security-profile': profile, 'wireless-protocol': '802.11', country: 'etsi', disabled: 'false', running: 'true', comment: '',
  });
  rows['interface/wireless'] = [wlan('*30', 'wlan1', '2ghz-b/g/n', '2412', 'default'), wlan('*31', 'wlan2', '5ghz-a/n/ac', '5180', 'office')];
  rows['interface/wireless/security-profiles'] = [
    { '.id': '*0', name: 'default', mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk', 'unicast-ciphers': 'aes-ccm', 'group-ciphers': 'aes-ccm', 'wpa2-pre-shared-key': 'factory-ac-key', default: 'true' },
    { '.id': '*1', name: 'office', mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk', 'unicast-ciphers': 'aes-ccm', 'group-ciphers': 'aes-ccm', 'wpa2-pre-shared-key': 'office-ac-key', default: 'false' },
  ];
  rows['interface/wireless/access-list'] = [];
  rows['interface/wireless/registration-table'] = [registration(clientPort, LAPTOP_MAC)];
  rows['interface/bridge/port'].push(port('*14', 'wlan1'), port('*15', 'wlan2'));
  rows['interface/bridge/host'] = [host(LAPTOP_MAC, clientPort)];
  return rows;
}

/**
 * A `wifi` CAPsMAN manager whose cAP forwards locally: the laptop is associated to the CAP radio cap-hall (made by
 * the provisioning rule from cap-cfg), so its frames arrive on ether3, where the cAP is plugged in.
 */
export function capsmanDevice(): Rows {
  const rows = wifiDevice('wifi2');
  rows['interface'].push({ ...iface('*40', 'cap-hall', 'wifi'), dynamic: 'true' });
  rows['interface/wifi'].push({ '.id': '*40', name: 'cap-hall', 'radio-mac': 'D4:01:C3:5A:00:10', configuration: 'cap-cfg', 'configuration.mode': 'ap', disabled: 'false', dynamic: 'true', running: 'true' });
  rows['interface/wifi/configuration'].push({ '.id': '*2', name: 'cap-cfg', ssid: 'hall', security: 'cap-sec', disabled: 'false' });
  rows['interface/wifi/security'].push({ '.id': '*3', name: 'cap-sec', 'authentication-types': 'wpa2-psk', passphrase: 'cap-wifi-key', disabled: 'false' });
  rows['interface/wifi/provisioning'] = [{ '.id': '*1', action: 'create-dynamic-enabled', 'master-configuration': 'cap-cfg', 'supported-bands': '5ghz-ax', disabled: 'false' }];
  rows['interface/wifi/capsman'] = [{ enabled: 'true', interfaces: 'bridge', 'upgrade-policy': 'none' }];
  rows['interface/wifi/registration-table'] = [registration('cap-hall', LAPTOP_MAC), registration('wifi2', '3C:22:FB:44:55:66')];
  rows['interface/bridge/host'] = [host(LAPTOP_MAC, 'ether3')];
  return rows;
}

/**
 * A legacy CAPsMAN manager forwarding its cAP's traffic itself: the CAP radio cap-garden (configuration cfg-ac,
 * datapath bridge) is a dynamic port of the bridge, and the laptop's frames arrive on it.
 */
export function legacyCapsmanDevice(): Rows {
  const rows = homeDevice();
  rows['interface'].push({ ...iface('*40', 'cap-garden', 'cap'), dynamic: 'true' });
  rows['caps-man/interface'] = [{ '.id': '*40', name: 'cap-garden', 'radio-mac': 'B8:69:F4:C0:01:04', 'master-interface': 'none', configuration: 'cfg-ac', disabled: 'false', inactive: 'false', bound: 'true', dynamic: 'true' }];
  rows['caps-man/configuration'] = [{ '.id': '*1', name: 'cfg-ac', ssid: 'garden', mode: 'ap', security: 'sec-ac', channel: 'ch-5g', datapath: 'dp-bridge', country: 'latvia' }];
  rows['caps-man/security'] = [{ '.id': '*1', name: 'sec-ac', 'authentication-types': 'wpa2-psk', encryption: 'aes-ccm', passphrase: 'garden-key' }];
  rows['caps-man/channel'] = [{ '.id': '*1', name: 'ch-5g', band: '5ghz-a/n/ac', frequency: '5180', width: '20' }];
  rows['caps-man/datapath'] = [{ '.id': '*1', name: 'dp-bridge', bridge: 'bridge', 'local-forwarding': 'no' }];
  rows['caps-man/provisioning'] = [{ '.id': '*1', action: 'create-dynamic-enabled', 'master-configuration': 'cfg-ac', disabled: 'false' }];
  rows['caps-man/manager'] = [{ enabled: 'true', 'upgrade-policy': 'none' }];
  rows['caps-man/manager/interface'] = [{ '.id': '*1', interface: 'all', forbid: 'false', disabled: 'false' }];
  rows['caps-man/access-list'] = [];
  rows['caps-man/registration-table'] = [registration('cap-garden', LAPTOP_MAC)];
  rows['interface/bridge/port'].push(port('*17', 'cap-garden', { dynamic: 'true' }));
  rows['interface/bridge/host'] = [host(LAPTOP_MAC, 'cap-garden')];
  return rows;
}

/** A Cloud Hosted Router reached from the hypervisor (10.0.2.2) on the address its DHCP client leased on ether1. */
export function chrDevice(): Rows {
  return {
    interface: [iface('*1', 'ether1', 'ether')],
    'interface/ethernet': [{ '.id': '*1', name: 'ether1', 'default-name': 'ether1', mtu: '1500', disabled: 'false' }],
    'ip/dhcp-client': [{ '.id': '*1', interface: 'ether1', disabled: 'false', 'add-default-route': 'yes', status: 'bound', address: '10.0.2.15/24', gateway: '10.0.2.2' }],
    'ip/address': [{ '.id': '*1', address: '10.0.2.15/24', network: '10.0.2.0', interface: 'ether1', 'actual-interface': 'ether1', disabled: 'false', dynamic: 'true', invalid: 'false' }],
    'ip/route': [{ '.id': '*80000001', 'dst-address': '0.0.0.0/0', gateway: '10.0.2.2', distance: '1', 'routing-table': 'main', dynamic: 'true', dhcp: 'true', active: 'true', disabled: 'false' }],
    'ip/service': services(),
    certificate: certificates(),
    'ip/firewall/filter': [],
    ...observations('10.0.2.2', '10.0.2.15', { address: '10.0.2.2', mac: '52:55:0A:00:02:02', interface: 'ether1' }),
  };
}
