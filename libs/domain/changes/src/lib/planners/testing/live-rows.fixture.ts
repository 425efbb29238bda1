import type { LiveRows, Row } from '../../row-operation';

/**
 * Rows as RouterOS's REST API (and the simulator's home and edge profiles) serve them: every value a string,
 * read-only properties (dynamic, counters, computed state) alongside the configured ones. For planner specs only.
 */
const iface = (id: string, name: string, type: string, extra: Row = {}): Row => ({
  '.id': id, name, 'default-name': type === 'ether' ? name : '', type, mtu: '1500', 'actual-mtu': '1500', l2mtu: '1514', 'mac-address': `48:A9:8A:00:01:0${id.slice(1)}`,
  running: 'true', disabled: 'false', dynamic: 'false', slave: 'false', 'link-downs': '0', ...extra,
});

const rule = (id: string, props: Row): Row => ({ '.id': id, disabled: 'false', log: 'false', 'log-prefix': '', bytes: '1234', packets: '12', dynamic: 'false', invalid: 'false', ...props });

export const INTERFACES: Row[] = [
  iface('*1', 'ether1', 'ether', { comment: 'uplink' }),
  iface('*2', 'ether2', 'ether', { slave: 'true' }),
  iface('*3', 'ether3', 'ether', { slave: 'true' }),
  iface('*4', 'ether4', 'ether', { disabled: 'true', running: 'false' }),
  iface('*A', 'bridge', 'bridge', { comment: 'defconf', mtu: 'auto' }),
  iface('*B', 'vlan100-mgmt', 'vlan'),
  iface('*C', 'cap-hallway-5g', 'wifi', { dynamic: 'true' }),
];

export const ADDRESSES: Row[] = [
  { '.id': '*1', address: '192.168.88.1/24', network: '192.168.88.0', interface: 'bridge', 'actual-interface': 'bridge', comment: 'defconf', disabled: 'false', dynamic: 'false', invalid: 'false', slave: 'false' },
  { '.id': '*2', address: '10.0.2.15/24', network: '10.0.2.0', interface: 'ether1', 'actual-interface': 'ether1', disabled: 'false', dynamic: 'true', invalid: 'false', slave: 'false' },
  { '.id': '*3', address: '10.100.1.1/24', network: '10.100.1.0', interface: 'vlan100-mgmt', 'actual-interface': 'vlan100-mgmt', comment: 'management', disabled: 'false', dynamic: 'false', invalid: 'false', slave: 'false' },
  { '.id': '*4', address: '10.100.1.2/24', network: '10.100.1.0', interface: 'vlan100-mgmt', 'actual-interface': 'vlan100-mgmt', disabled: 'false', dynamic: 'false', invalid: 'false', slave: 'false' },
];

/** The home profile's defconf filter, after RouterOS's dynamic fasttrack counter rule at position 0. */
export const FILTER: Row[] = [
  rule('*9000001', { chain: 'forward', action: 'passthrough', comment: 'special dummy rule to show fasttrack counters', dynamic: 'true' }),
  rule('*1', { chain: 'input', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related,untracked' }),
  rule('*2', { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' }),
  rule('*3', { chain: 'input', action: 'accept', protocol: 'icmp', comment: 'defconf: accept ICMP' }),
  rule('*4', { chain: 'input', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop all not coming from LAN' }),
  rule('*5', { chain: 'forward', action: 'fasttrack-connection', 'connection-state': 'established,related', 'hw-offload': 'true', comment: 'defconf: fasttrack' }),
  rule('*6', { chain: 'forward', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related, untracked' }),
  rule('*7', { chain: 'forward', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' }),
];

export const ADDRESS_LIST: Row[] = [
  { '.id': '*1', list: 'mgmt-allowed', address: '10.100.0.0/16', comment: 'NOC', disabled: 'false', dynamic: 'false', 'creation-time': '2025-11-01 10:00:00' },
  { '.id': '*2', list: 'mcp-blocklist', address: '192.0.2.66', comment: 'managed by routeros-mcp', disabled: 'false', dynamic: 'false', 'creation-time': '2025-11-01 10:00:00' },
  { '.id': '*3', list: 'mcp-blocklist', address: '198.51.100.0/24', disabled: 'false', dynamic: 'true', timeout: '23h59m10s', 'creation-time': '2025-11-23 02:00:00' },
  { '.id': '*4', list: 'blocklist', address: '203.0.113.9', disabled: 'false', dynamic: 'false', 'creation-time': '2025-11-01 10:00:00' },
];

const route = (id: string, props: Row): Row => ({
  '.id': id, distance: '1', 'routing-table': 'main', scope: '30', 'target-scope': '10', disabled: 'false', 'suppress-hw-offload': 'false',
  active: 'true', dynamic: 'false', static: 'true', connect: 'false', inactive: 'false', ecmp: 'false', 'hw-offloaded': 'false', ...props,
});

export const ROUTES: Row[] = [
  route('*80000001', { 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', comment: 'default via uplink A', 'immediate-gw': '203.0.113.1%sfp-sfpplus1' }),
  route('*80000002', { 'dst-address': '0.0.0.0/0', gateway: '198.51.100.1', distance: '2', comment: 'backup via uplink B', active: 'false', inactive: 'true' }),
  route('*80000003', { 'dst-address': '10.0.0.0/8', gateway: '10.100.1.254', comment: 'internal', 'immediate-gw': '10.100.1.254%vlan100-mgmt' }),
  route('*80000010', { 'dst-address': '10.100.1.0/24', gateway: 'vlan100-mgmt', distance: '0', scope: '10', dynamic: 'true', static: 'false', connect: 'true', 'immediate-gw': 'vlan100-mgmt' }),
];

export const DHCP_SERVERS: Row[] = [{ '.id': '*1', name: 'defconf', interface: 'bridge', 'address-pool': 'default-dhcp', 'lease-time': '30m', disabled: 'false', dynamic: 'false', invalid: 'false' }];

export const LEASES: Row[] = [
  { '.id': '*1', address: '192.168.88.254', 'mac-address': 'A4:83:E7:11:22:33', 'client-id': '1:a4:83:e7:11:22:33', server: 'defconf', 'host-name': 'laptop', status: 'bound', 'active-address': '192.168.88.254', 'expires-after': '21m3s', disabled: 'false', dynamic: 'true', blocked: 'false', radius: 'false' },
  { '.id': '*2', address: '192.168.88.20', 'mac-address': '4C:5E:0C:AA:00:01', server: 'defconf', comment: 'printer', status: 'waiting', disabled: 'false', dynamic: 'false', blocked: 'false', radius: 'false' },
];

export const LIVE: LiveRows = {
  interface: INTERFACES,
  'ip/address': ADDRESSES,
  'ip/firewall/filter': FILTER,
  'ip/firewall/address-list': ADDRESS_LIST,
  'ip/route': ROUTES,
  'routing/table': [{ '.id': '*0', name: 'main', fib: 'true', dynamic: 'true' }, { '.id': '*1', name: 'mgmt', fib: 'true', dynamic: 'false', disabled: 'false' }],
  'ip/dhcp-server': DHCP_SERVERS,
  'ip/dhcp-server/lease': LEASES,
};

/** The live rows the planner says it reads, and nothing else: a planner that reads a menu it did not name fails. */
export function liveFor(reads: readonly string[], live: LiveRows = LIVE): LiveRows {
  return Object.fromEntries(reads.map((menu) => [menu, live[menu] ?? []]));
}
