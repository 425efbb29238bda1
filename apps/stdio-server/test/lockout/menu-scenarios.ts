import { utils } from 'ssh2';
import type { Config, ConsoleStep, Placement, Profile, Row, Scenario } from './scenarios';

// The lock-out corpus through menu_change (issue 24): every write to a RouterOS menu, as a model would make it with the
// menu tools, on the four profiles of scenarios.ts. Each scenario is one call of menu_change (its operations applied
// together); the judge's control makes the same operations on the device's console. Scenarios on the service's own
// logins are also judged by real logins (REST and SSH, by password or by key) against the simulator.

/** The key the `chr` device is also enrolled with, for SSH by key (`login: 'key'`): made per run, never stored. */
export const CORPUS_SSH_KEY = utils.generateKeyPairSync('ed25519');

type Operation = { op: 'add' | 'set' | 'remove' | 'enable' | 'disable'; where?: Row; values?: Row; before?: Row | 'first' };

function rowId(cfg: Config, path: string, find: Row | 'first'): string {
  const rows = cfg[path] ?? [];
  const row = find === 'first' ? rows[0] : rows.find((r) => Object.entries(find).every(([k, v]) => r[k] === v));
  if (!row) throw new Error(`no ${path} row ${JSON.stringify(find)}`);
  return row['.id'];
}

/** The operation as menu_change takes it (a `where` must match exactly one row). */
const asTool = (o: Operation, path: string, cfg: Config) => ({
  op: o.op,
  ...(o.where ? { where: o.where } : {}),
  ...(o.values ? { values: o.values } : {}),
  ...(o.before ? { before: rowId(cfg, path, o.before) } : {}),
});

/** The same operation on the console, for the judge's control. */
function asConsole(o: Operation, path: string): ConsoleStep {
  switch (o.op) {
    case 'add':
      return { action: 'add', path, props: o.values, ...(o.before ? { before: o.before } : {}) };
    case 'remove':
      return { action: 'remove', path, find: o.where };
    case 'set':
      return { action: 'set', path, ...(o.where ? { find: o.where } : {}), props: o.values };
    default:
      return { action: 'set', path, find: o.where, props: { disabled: o.op === 'disable' ? 'true' : 'false' } };
  }
}

interface Extra {
  setup?: ConsoleStep[];
  /** The console's own change where it differs from the operations (the console has no `/interface` rows to set). */
  direct?: ConsoleStep[];
  management?: Placement;
  login?: 'password' | 'key';
}

function menu(kind: Scenario['kind'], profile: Profile, name: string, path: string, operations: Operation[], extra: Extra = {}): Scenario {
  return {
    name, profile, kind, tool: 'menu_change', menu: path, ...extra,
    args: (cfg) => ({ path: `/${path}`, operations: operations.map((o) => asTool(o, path, cfg)) }),
    direct: extra.direct ?? operations.map((o) => asConsole(o, path)),
  };
}
const danger = (profile: Profile, name: string, path: string, operations: Operation[], extra?: Extra) => menu('dangerous', profile, name, path, operations, extra);
const harmless = (profile: Profile, name: string, path: string, operations: Operation[], extra?: Extra) => menu('harmless', profile, name, path, operations, extra);

const add = (path: string, props: Row, before?: Row | 'first'): ConsoleStep => ({ action: 'add', path, props, ...(before ? { before } : {}) });
const set = (path: string, find: Row | undefined, props: Row): ConsoleStep => ({ action: 'set', path, ...(find ? { find } : {}), props });
const remove = (path: string, find: Row): ConsoleStep => ({ action: 'remove', path, find });

// ---- edge (index 1): the NOC at 10.100.250.10, routed via 10.100.1.254 over vlan100-mgmt on ether16 ----
const EDGE_CLIENT = '10.100.250.10';
const MGMT_ACCEPT = { comment: 'management from NOC' };
const FINAL_DROP = add('ip/firewall/filter', { chain: 'input', action: 'drop', comment: 'drop everything else' });
const INTERNAL = { comment: 'internal' };
/** The NOC's replies routed by a connection mark through table `mgmt`, main no longer routing the client (the simulator's own example). */
const POLICY_ROUTED: ConsoleStep[] = [
  add('routing/table', { name: 'mgmt', fib: 'yes' }),
  add('ip/route', { 'dst-address': '10.0.0.0/8', gateway: '10.100.1.254', 'routing-table': 'mgmt', comment: 'noc via mgmt' }),
  add('ip/firewall/mangle', { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'noc', 'in-interface': 'vlan100-mgmt', comment: 'mark noc' }),
  add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'mgmt', 'connection-mark': 'noc', comment: 'route noc' }),
  remove('ip/route', INTERNAL),
];
const WAN_TABLE: ConsoleStep[] = [add('routing/table', { name: 'wan', fib: 'yes' }), add('ip/route', { 'dst-address': '0.0.0.0/0', gateway: '203.0.113.2', 'routing-table': 'wan', comment: 'wan default' })];
const DEAD_TABLE: ConsoleStep[] = [add('routing/table', { name: 'dead', fib: 'yes' }), add('ip/route', { 'dst-address': '10.100.250.0/24', gateway: '10.100.1.254', blackhole: 'yes', 'routing-table': 'dead', comment: 'dead end' })];
const NOC_WIDE = set('ip/firewall/address-list', { list: 'mgmt-allowed' }, { address: '10.0.0.0/8' });
/** The NOC arriving over WireGuard: its peer's allowed address is the client. */
const OVER_WIREGUARD: Extra = {
  setup: [
    add('interface/wireguard', { name: 'wg-noc', 'listen-port': '13231' }),
    add('interface/wireguard/peers', { interface: 'wg-noc', 'public-key': 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=', 'allowed-address': '10.255.0.2/32', comment: 'noc' }),
    add('ip/address', { address: '10.255.0.1/24', interface: 'wg-noc', comment: 'tunnel' }),
    NOC_WIDE,
  ],
  management: { clientAddress: '10.255.0.2', deviceAddress: '10.255.0.1' },
};
/** The NOC behind a bond of ether1 (linked, the client's) and sfp-sfpplus2 (no link). */
const OVER_BOND: Extra = {
  setup: [
    remove('ip/address', { comment: 'uplink B' }),
    remove('ip/route', { comment: 'backup via uplink B' }),
    add('interface/bonding', { name: 'bond-mgmt', slaves: 'ether1,sfp-sfpplus2', mode: '802.3ad' }),
    add('ip/address', { address: '10.200.0.1/24', interface: 'bond-mgmt', comment: 'bonded' }),
    NOC_WIDE,
  ],
  management: { clientAddress: '10.200.0.10', deviceAddress: '10.200.0.1', clientPort: 'ether1' },
};

// ---- home (index 0): the laptop at 192.168.88.254 behind bridge port ether2, defconf firewall ----
const MGMT_VLAN: Extra = {
  // The management VLAN 10 on the bridge; the laptop's frames arrive on ether2 tagged (a VLAN interface on a bridge
  // sees only tagged frames), so with VLAN filtering ether2 must be a tagged member of VLAN 10, as the bridge is.
  setup: [
    add('interface/vlan', { name: 'vlan10-mgmt', 'vlan-id': '10', interface: 'bridge' }),
    add('ip/address', { address: '10.10.10.1/24', interface: 'vlan10-mgmt', comment: 'mgmt vlan' }),
    add('interface/list/member', { list: 'LAN', interface: 'vlan10-mgmt' }),
    add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', tagged: 'bridge,ether2', comment: 'mgmt' }),
  ],
  management: { clientAddress: '10.10.10.5', deviceAddress: '10.10.10.1', clientPort: 'ether2' },
};
const FILTERING = set('interface/bridge', { name: 'bridge' }, { 'vlan-filtering': 'yes' });
const MGMT_VLAN_FILTERED: Extra = { ...MGMT_VLAN, setup: [...MGMT_VLAN.setup!, FILTERING] };
const REPLY_ONLY = set('interface/bridge', { name: 'bridge' }, { arp: 'reply-only' });
const LAPTOP_ARP = { address: '192.168.88.254' };
/** A trusted list holding the bridge, which LAN may be told to exclude. */
const TRUSTED: ConsoleStep[] = [add('interface/list', { name: 'TRUSTED' }), add('interface/list/member', { list: 'TRUSTED', interface: 'bridge' })];

// ---- chr (index 2): the hypervisor at 10.0.2.2, the address leased by ether1's DHCP client, no firewall ----
/** Another full user, so RouterOS lets the service's own user be removed or restricted. */
const SPARE_ADMIN = add('user', { name: 'backup', group: 'full', password: 'backup-Pw-1' });
const LOGINS: Extra = { setup: [SPARE_ADMIN], login: 'password' };
/** The service's user in a group of its own, with what it needs (and `policy`, to write the users' menus). */
const OPS_GROUP: Extra = {
  setup: [SPARE_ADMIN, add('user/group', { name: 'ops', policy: 'ssh,read,write,policy,test,sensitive,api,rest-api' }), set('user', { name: 'admin' }, { group: 'ops' })],
  login: 'password',
};
const BY_KEY: Extra = { setup: [SPARE_ADMIN, add('user/ssh-keys', { user: 'admin', key: CORPUS_SSH_KEY.public })], login: 'key' };
const dropAtTop = (props: Row): Operation => ({ op: 'add', values: { chain: 'input', action: 'drop', ...props }, before: 'first' });

export const MENU_SCENARIOS: Scenario[] = [
  // ================= dangerous =================
  // ---------- interfaces and ports ----------
  danger('edge', 'disable the VLAN parent ether16 in /interface/ethernet', 'interface/ethernet', [{ op: 'disable', where: { name: 'ether16' } }]),
  danger('home', "disable the laptop's port ether2 in /interface/ethernet", 'interface/ethernet', [{ op: 'disable', where: { name: 'ether2' } }]),
  danger('chr', 'disable the only port in /interface/ethernet (chr)', 'interface/ethernet', [{ op: 'disable', where: { name: 'ether1' } }]),
  danger('edge', 'disable the management VLAN in /interface', 'interface', [{ op: 'disable', where: { name: 'vlan100-mgmt' } }], { direct: [set('interface/vlan', { name: 'vlan100-mgmt' }, { disabled: 'true' })] }),
  danger('home', 'disable the bridge in /interface', 'interface', [{ op: 'disable', where: { name: 'bridge' } }], { direct: [set('interface/bridge', { name: 'bridge' }, { disabled: 'true' })] }),
  danger('edge', 'disable the management VLAN in /interface/vlan', 'interface/vlan', [{ op: 'disable', where: { name: 'vlan100-mgmt' } }]),
  danger('edge', 'move the management VLAN onto a port without link', 'interface/vlan', [{ op: 'set', where: { name: 'vlan100-mgmt' }, values: { interface: 'ether15' } }]),
  danger('edge', 'remove the management VLAN interface', 'interface/vlan', [{ op: 'remove', where: { name: 'vlan100-mgmt' } }]),
  danger('home', 'disable the bridge in /interface/bridge', 'interface/bridge', [{ op: 'disable', where: { name: 'bridge' } }]),
  danger('home', 'bridge admits only tagged frames with VLAN filtering on', 'interface/bridge', [{ op: 'set', where: { name: 'bridge' }, values: { 'vlan-filtering': 'yes', 'frame-types': 'admit-only-vlan-tagged' } }]),
  danger('home', "the bridge's PVID moves away from the laptop's port's", 'interface/bridge', [{ op: 'set', where: { name: 'bridge' }, values: { 'vlan-filtering': 'yes', pvid: '20' } }]),
  danger('home', 'VLAN filtering on without the management VLAN in the bridge VLAN table', 'interface/bridge', [{ op: 'set', where: { name: 'bridge' }, values: { 'vlan-filtering': 'yes' } }], { ...MGMT_VLAN, setup: MGMT_VLAN.setup!.filter((s) => s.path !== 'interface/bridge/vlan') }),
  danger('home', "disable the laptop's bridge port", 'interface/bridge/port', [{ op: 'disable', where: { interface: 'ether2' } }]),
  danger('home', "remove the laptop's bridge port", 'interface/bridge/port', [{ op: 'remove', where: { interface: 'ether2' } }]),
  danger('home', 'remove the management VLAN from the bridge VLAN table', 'interface/bridge/vlan', [{ op: 'remove', where: { comment: 'mgmt' } }], MGMT_VLAN_FILTERED),
  danger('home', 'the bridge VLAN entry no longer tags the management VLAN to the bridge', 'interface/bridge/vlan', [{ op: 'set', where: { comment: 'mgmt' }, values: { tagged: 'ether2' } }], MGMT_VLAN_FILTERED),
  danger('home', "the laptop's trunk port leaves the management VLAN", 'interface/bridge/vlan', [{ op: 'set', where: { comment: 'mgmt' }, values: { tagged: 'bridge' } }], MGMT_VLAN_FILTERED),
  danger('home', 'disable the bridge VLAN entry of the management VLAN', 'interface/bridge/vlan', [{ op: 'disable', where: { comment: 'mgmt' } }], MGMT_VLAN_FILTERED),
  danger('edge', "take the NOC's port out of the bond", 'interface/bonding', [{ op: 'set', where: { name: 'bond-mgmt' }, values: { slaves: 'sfp-sfpplus2' } }], OVER_BOND),
  danger('edge', 'disable the bond the NOC arrives on', 'interface/bonding', [{ op: 'disable', where: { name: 'bond-mgmt' } }], OVER_BOND),
  danger('edge', "disable the NOC's port of the bond in /interface/ethernet", 'interface/ethernet', [{ op: 'disable', where: { name: 'ether1' } }], OVER_BOND),
  danger('edge', 'remove the WireGuard peer the NOC arrives over', 'interface/wireguard/peers', [{ op: 'remove', where: { comment: 'noc' } }], OVER_WIREGUARD),
  danger('edge', 'disable the WireGuard peer the NOC arrives over', 'interface/wireguard/peers', [{ op: 'disable', where: { comment: 'noc' } }], OVER_WIREGUARD),
  danger('edge', "narrow the NOC's WireGuard peer to another address", 'interface/wireguard/peers', [{ op: 'set', where: { comment: 'noc' }, values: { 'allowed-address': '10.255.0.3/32' } }], OVER_WIREGUARD),
  danger('edge', 'disable the WireGuard interface the NOC arrives over', 'interface/wireguard', [{ op: 'disable', where: { name: 'wg-noc' } }], OVER_WIREGUARD),
  // ---------- interface lists the input chain uses ----------
  danger('home', 'remove the bridge from the LAN list (defconf drops !LAN)', 'interface/list/member', [{ op: 'remove', where: { list: 'LAN', interface: 'bridge' } }]),
  danger('home', "move the LAN list's member to another interface", 'interface/list/member', [{ op: 'set', where: { list: 'LAN', interface: 'bridge' }, values: { interface: 'ether5' } }]),
  danger('home', 'the LAN list excludes a list holding the bridge', 'interface/list', [{ op: 'set', where: { name: 'LAN' }, values: { exclude: 'TRUSTED' } }], { setup: TRUSTED }),
  // ---------- addresses, DHCP client, ARP ----------
  danger('edge', 'remove the management address', 'ip/address', [{ op: 'remove', where: { comment: 'management' } }]),
  danger('edge', 'move the management address to another', 'ip/address', [{ op: 'set', where: { comment: 'management' }, values: { address: '10.100.1.2/24' } }]),
  danger('home', 'disable the LAN address', 'ip/address', [{ op: 'disable', where: { address: '192.168.88.1/24' } }]),
  danger('chr', 'disable the DHCP client that leased the management address', 'ip/dhcp-client', [{ op: 'disable', where: { interface: 'ether1' } }]),
  danger('chr', 'remove the DHCP client that leased the management address', 'ip/dhcp-client', [{ op: 'remove', where: { interface: 'ether1' } }]),
  danger('home', "remove the laptop's static ARP entry on a reply-only bridge", 'ip/arp', [{ op: 'remove', where: LAPTOP_ARP }], { setup: [REPLY_ONLY] }),
  danger('home', "disable the laptop's static ARP entry on a reply-only bridge", 'ip/arp', [{ op: 'disable', where: LAPTOP_ARP }], { setup: [REPLY_ONLY] }),
  // ---------- routes, routing rules and tables, VRFs ----------
  danger('edge', 'remove the route back to the NOC', 'ip/route', [{ op: 'remove', where: INTERNAL }]),
  danger('edge', 'disable the route back to the NOC', 'ip/route', [{ op: 'disable', where: INTERNAL }]),
  danger('edge', 'point the route back to the NOC out of the uplink', 'ip/route', [{ op: 'set', where: INTERNAL, values: { gateway: '203.0.113.2' } }]),
  danger('edge', "blackhole the NOC's network", 'ip/route', [{ op: 'add', values: { 'dst-address': '10.100.250.0/24', gateway: '10.100.1.254', blackhole: 'yes' } }]),
  danger('edge', 'remove the policy-routed route back to the NOC', 'ip/route', [{ op: 'remove', where: { comment: 'noc via mgmt' } }], { setup: POLICY_ROUTED }),
  danger('edge', "a routing rule makes the NOC's network unreachable", 'routing/rule', [{ op: 'add', values: { 'dst-address': '10.100.250.0/24', action: 'unreachable' } }]),
  danger('edge', "a routing rule looks the NOC up only in the WAN table", 'routing/rule', [{ op: 'add', values: { 'dst-address': '10.100.250.0/24', action: 'lookup-only-in-table', table: 'wan' } }], { setup: WAN_TABLE }),
  danger('home', 'the bridge moves into a VRF (the services listen in main)', 'ip/vrf', [{ op: 'add', values: { name: 'mgmt', interfaces: 'bridge' } }]),
  danger('edge', 'the management VLAN moves into a VRF', 'ip/vrf', [{ op: 'add', values: { name: 'oob', interfaces: 'vlan100-mgmt' } }]),
  // ---------- /ip/settings and mangle routing marks ----------
  danger('edge', 'rp-filter strict while the route back is policy-routed', 'ip/settings', [{ op: 'set', values: { 'rp-filter': 'strict' } }], { setup: POLICY_ROUTED }),
  danger('edge', 'rp-filter loose while main blackholes the NOC', 'ip/settings', [{ op: 'set', values: { 'rp-filter': 'loose' } }], { setup: [...POLICY_ROUTED, add('ip/route', { 'dst-address': '10.100.250.0/24', gateway: '10.100.1.254', blackhole: 'yes', comment: 'main blackhole' })] }),
  danger('home', 'rp-filter strict while the laptop manages over WAN with replies via LAN', 'ip/settings', [{ op: 'set', values: { 'rp-filter': 'strict' } }], {
    setup: [
      add('ip/address', { address: '203.0.113.2/24', interface: 'ether1', comment: 'wan static' }),
      add('ip/firewall/filter', { chain: 'input', action: 'accept', 'src-address': '203.0.113.10', comment: 'NOC over WAN' }, { comment: 'defconf: drop all not coming from LAN' }),
      add('routing/table', { name: 'back', fib: 'yes' }),
      add('ip/route', { 'dst-address': '203.0.113.10/32', gateway: '203.0.113.1', 'routing-table': 'back', comment: 'back via wan' }),
      add('ip/firewall/mangle', { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'back', 'dst-address': '203.0.113.10', comment: 'route back' }),
      add('ip/route', { 'dst-address': '203.0.113.10/32', gateway: '192.168.88.2', comment: 'host via lan' }),
    ],
    management: { clientAddress: '203.0.113.10', deviceAddress: '203.0.113.2' },
  }),
  danger('edge', 'a mangle routing mark steers replies into a blackhole table', 'ip/firewall/mangle', [{ op: 'add', values: { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'dead', 'dst-address': EDGE_CLIENT } }], { setup: DEAD_TABLE }),
  danger('edge', 'a mangle routing mark steers replies out of the WAN', 'ip/firewall/mangle', [{ op: 'add', values: { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', protocol: 'tcp' } }], { setup: WAN_TABLE }),
  danger('edge', 'a mangle connection mark whose routing mark sends replies to a blackhole', 'ip/firewall/mangle', [
    { op: 'add', values: { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'mgmt-conn', 'src-address': EDGE_CLIENT } },
    { op: 'add', values: { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'dead', 'connection-mark': 'mgmt-conn' } },
  ], { setup: DEAD_TABLE }),
  danger('edge', 'remove the connection mark the policy-routed replies need', 'ip/firewall/mangle', [{ op: 'remove', where: { comment: 'mark noc' } }], { setup: POLICY_ROUTED }),
  danger('edge', 'disable the routing mark the policy-routed replies need', 'ip/firewall/mangle', [{ op: 'disable', where: { comment: 'route noc' } }], { setup: POLICY_ROUTED }),
  // ---------- the firewall ----------
  danger('edge', 'drop from the NOC at the top of the filter', 'ip/firewall/filter', [dropAtTop({ 'src-address': EDGE_CLIENT })]),
  danger('chr', 'drop everything at the end of an empty filter', 'ip/firewall/filter', [{ op: 'add', values: { chain: 'input', action: 'drop' } }]),
  danger('edge', 'disable the management accept before a final drop', 'ip/firewall/filter', [{ op: 'disable', where: MGMT_ACCEPT }], { setup: [FINAL_DROP] }),
  danger('edge', 'the uplink drop widened to the management VLAN, and the accept removed', 'ip/firewall/filter', [{ op: 'remove', where: MGMT_ACCEPT }, { op: 'set', where: { comment: 'drop the rest from uplink A' }, values: { 'in-interface': 'vlan100-mgmt' } }]),
  danger('edge', 'an output drop of the replies to the NOC', 'ip/firewall/filter', [{ op: 'add', values: { chain: 'output', action: 'drop', 'dst-address': EDGE_CLIENT }, before: 'first' }]),
  danger('edge', 'remove the address-list entry the accept needs, before a final drop', 'ip/firewall/address-list', [{ op: 'remove', where: { list: 'mgmt-allowed' } }], { setup: [FINAL_DROP] }),
  danger('edge', "the NOC's address-list entry moves to another network, before a final drop", 'ip/firewall/address-list', [{ op: 'set', where: { list: 'mgmt-allowed' }, values: { address: '10.200.0.0/16' } }], { setup: [FINAL_DROP] }),
  danger('edge', 'list the NOC in the blocklist dropped before the accept', 'ip/firewall/address-list', [{ op: 'add', values: { list: 'mcp-blocklist', address: EDGE_CLIENT } }], { setup: [add('ip/firewall/filter', { chain: 'input', action: 'drop', 'src-address-list': 'mcp-blocklist', comment: 'early block' }, MGMT_ACCEPT)] }),
  danger('edge', 'a raw drop from the NOC', 'ip/firewall/raw', [{ op: 'add', values: { chain: 'prerouting', action: 'drop', 'src-address': EDGE_CLIENT } }]),
  danger('home', 'a raw drop of tcp/443 on the bridge', 'ip/firewall/raw', [{ op: 'add', values: { chain: 'prerouting', action: 'drop', protocol: 'tcp', 'dst-port': '443', 'in-interface': 'bridge' } }]),
  danger('edge', 'a dstnat sends the NOC\'s HTTPS to another host', 'ip/firewall/nat', [{ op: 'add', values: { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'to-addresses': '10.100.1.50' } }]),
  danger('home', "a redirect moves the laptop's SSH to another port", 'ip/firewall/nat', [{ op: 'add', values: { chain: 'dstnat', action: 'redirect', protocol: 'tcp', 'dst-port': '22', 'to-ports': '2200' } }]),
  // ---------- the services ----------
  danger('edge', 'disable www-ssl', 'ip/service', [{ op: 'disable', where: { name: 'www-ssl' } }]),
  danger('home', 'disable ssh', 'ip/service', [{ op: 'disable', where: { name: 'ssh' } }]),
  danger('chr', 'move www-ssl to port 8443', 'ip/service', [{ op: 'set', where: { name: 'www-ssl' }, values: { port: '8443' } }]),
  danger('edge', 'restrict ssh to another network', 'ip/service', [{ op: 'set', where: { name: 'ssh' }, values: { address: '192.0.2.0/24' } }]),
  danger('home', 'www-ssl loses its certificate', 'ip/service', [{ op: 'set', where: { name: 'www-ssl' }, values: { certificate: 'none' } }]),
  // ---------- the service's own user, its group, its key ----------
  danger('chr', "remove the service's user", 'user', [{ op: 'remove', where: { name: 'admin' } }], LOGINS),
  danger('chr', "disable the service's user", 'user', [{ op: 'disable', where: { name: 'admin' } }], LOGINS),
  // (Moved to `read` it still logs in, so the simulator does not call that a cut: the product refuses it all the same, login-check.spec.ts.)
  danger('chr', "move the service's user to a group without ssh", 'user', [{ op: 'set', where: { name: 'admin' }, values: { group: 'noshell' } }], { ...LOGINS, setup: [SPARE_ADMIN, add('user/group', { name: 'noshell', policy: 'read,write,policy,test,sensitive,api,rest-api' })] }),
  danger('chr', "rename the service's user", 'user', [{ op: 'set', where: { name: 'admin' }, values: { name: 'root' } }], LOGINS),
  danger('chr', "restrict the service's user to another network", 'user', [{ op: 'set', where: { name: 'admin' }, values: { address: '192.0.2.0/24' } }], LOGINS),
  danger('chr', "the service's group loses ssh", 'user/group', [{ op: 'set', where: { name: 'ops' }, values: { policy: 'read,write,policy,test,sensitive,api,rest-api' } }], OPS_GROUP),
  danger('chr', "the service's group loses read", 'user/group', [{ op: 'set', where: { name: 'ops' }, values: { policy: 'ssh,write,policy,test,sensitive,api,rest-api' } }], OPS_GROUP),
  danger('chr', "the service's group loses its API policies", 'user/group', [{ op: 'set', where: { name: 'ops' }, values: { policy: 'ssh,read,write,policy,test,sensitive' } }], OPS_GROUP),
  danger('chr', "remove the SSH key the service logs in with", 'user/ssh-keys', [{ op: 'remove', where: { user: 'admin' } }], BY_KEY),

  // ================= harmless =================
  harmless('edge', 'set the identity', 'system/identity', [{ op: 'set', values: { name: 'corpus-edge' } }]),
  harmless('home', 'set the login note', 'system/note', [{ op: 'set', values: { note: 'managed by the NOC' } }]),
  harmless('edge', 'set the DNS servers', 'ip/dns', [{ op: 'set', values: { servers: '9.9.9.9' } }]),
  harmless('home', 'a static DNS name', 'ip/dns/static', [{ op: 'add', values: { name: 'nas.lan', address: '192.168.88.20' } }]),
  harmless('chr', 'an SNMP community', 'snmp/community', [{ op: 'add', values: { name: 'monitoring', addresses: '10.0.2.0/24' } }]),
  harmless('edge', 'turn SNMP on', 'snmp', [{ op: 'set', values: { enabled: 'yes', contact: 'noc@example.net' } }]),
  harmless('home', 'log firewall events to memory', 'system/logging', [{ op: 'add', values: { topics: 'firewall', action: 'memory' } }]),
  harmless('edge', 'a remote log action', 'system/logging/action', [{ op: 'add', values: { name: 'syslog', target: 'remote', remote: '10.100.250.20' } }]),
  harmless('home', 'a nightly scheduler entry', 'system/scheduler', [{ op: 'add', values: { name: 'nightly', interval: '1d', 'on-event': ':log info nightly' } }]),
  harmless('chr', 'a script', 'system/script', [{ op: 'add', values: { name: 'hello', source: ':log info hello' } }]),
  harmless('home', 'a simple queue for one host', 'queue/simple', [{ op: 'add', values: { name: 'tv', target: '192.168.88.30/32', 'max-limit': '10M/10M' } }]),
  harmless('home', 'a static DHCP lease', 'ip/dhcp-server/lease', [{ op: 'add', values: { address: '192.168.88.40', 'mac-address': '02:00:00:00:00:40', server: 'defconf' } }]),
  harmless('home', 'an address pool for guests', 'ip/pool', [{ op: 'add', values: { name: 'guest', ranges: '10.50.0.10-10.50.0.200' } }]),
  harmless('edge', 'an entry in another address list', 'ip/firewall/address-list', [{ op: 'add', values: { list: 'printers', address: '10.100.1.77' } }]),
  harmless('edge', "remove the blocklist's entry", 'ip/firewall/address-list', [{ op: 'remove', where: { list: 'mcp-blocklist' } }]),
  harmless('edge', 'a comment on the VLAN parent in /interface/ethernet', 'interface/ethernet', [{ op: 'set', where: { name: 'ether16' }, values: { comment: 'to the NOC switch' } }]),
  harmless('home', 'disable an unused port in /interface/ethernet', 'interface/ethernet', [{ op: 'disable', where: { name: 'ether5' } }]),
  harmless('edge', 'a WireGuard interface of its own', 'interface/wireguard', [{ op: 'add', values: { name: 'wg-lab', 'listen-port': '13232' } }]),
  harmless('edge', 'another WireGuard peer beside the NOC\'s', 'interface/wireguard/peers', [{ op: 'add', values: { interface: 'wg-noc', 'public-key': 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=', 'allowed-address': '10.255.0.9/32' } }], OVER_WIREGUARD),
  harmless('edge', "widen the NOC's WireGuard peer", 'interface/wireguard/peers', [{ op: 'set', where: { comment: 'noc' }, values: { 'allowed-address': '10.255.0.0/24' } }], OVER_WIREGUARD),
  harmless('edge', 'take the unlinked port out of the bond', 'interface/bonding', [{ op: 'set', where: { name: 'bond-mgmt' }, values: { slaves: 'ether1' } }], OVER_BOND),
  harmless('edge', 'a comment on the management VLAN in /interface/vlan', 'interface/vlan', [{ op: 'set', where: { name: 'vlan100-mgmt' }, values: { comment: 'NOC' } }]),
  harmless('edge', 'a new VLAN on an unused port', 'interface/vlan', [{ op: 'add', values: { name: 'vlan300-lab', 'vlan-id': '300', interface: 'ether5' } }]),
  harmless('home', 'a comment on the bridge in /interface', 'interface', [{ op: 'set', where: { name: 'bridge' }, values: { comment: 'LAN' } }]),
  harmless('home', 'a bridge VLAN entry without VLAN filtering', 'interface/bridge/vlan', [{ op: 'add', values: { bridge: 'bridge', 'vlan-ids': '30', tagged: 'bridge,ether5' } }]),
  harmless('home', 'VLAN filtering on with the management VLAN in the bridge VLAN table', 'interface/bridge', [{ op: 'set', where: { name: 'bridge' }, values: { 'vlan-filtering': 'yes' } }], MGMT_VLAN),
  harmless('home', 'a comment on the laptop\'s bridge port', 'interface/bridge/port', [{ op: 'set', where: { interface: 'ether2' }, values: { comment: 'laptop' } }]),
  harmless('home', 'a new interface list', 'interface/list', [{ op: 'add', values: { name: 'GUESTS' } }]),
  harmless('home', 'another port joins the WAN list', 'interface/list/member', [{ op: 'add', values: { list: 'WAN', interface: 'ether5' } }]),
  harmless('edge', 'an address on an unused port', 'ip/address', [{ op: 'add', values: { address: '10.99.0.1/24', interface: 'ether2' } }]),
  harmless('edge', 'a route to an unrelated network', 'ip/route', [{ op: 'add', values: { 'dst-address': '192.0.2.0/24', gateway: '203.0.113.2' } }]),
  harmless('edge', 'a routing table', 'routing/table', [{ op: 'add', values: { name: 'isp2', fib: 'yes' } }]),
  harmless('edge', 'a routing rule for another network', 'routing/rule', [{ op: 'add', values: { 'dst-address': '192.0.2.0/24', action: 'unreachable' } }]),
  harmless('home', 'a VRF of an unused port', 'ip/vrf', [{ op: 'add', values: { name: 'lab', interfaces: 'ether5' } }]),
  harmless('edge', 'rp-filter strict on a symmetric path', 'ip/settings', [{ op: 'set', values: { 'rp-filter': 'strict' } }]),
  harmless('edge', 'a mangle routing mark for other traffic', 'ip/firewall/mangle', [{ op: 'add', values: { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', 'dst-address': '192.0.2.0/24' } }], { setup: WAN_TABLE }),
  harmless('edge', 'a forward drop for the NOC', 'ip/firewall/filter', [{ op: 'add', values: { chain: 'forward', action: 'drop', 'src-address': EDGE_CLIENT } }]),
  harmless('home', 'a port forward from WAN to the NAS', 'ip/firewall/nat', [{ op: 'add', values: { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8080', 'in-interface-list': 'WAN', 'to-addresses': '192.168.88.20', 'to-ports': '80' } }]),
  harmless('edge', 'a raw drop for another source', 'ip/firewall/raw', [{ op: 'add', values: { chain: 'prerouting', action: 'drop', 'src-address': '192.0.2.0/24' } }]),
  harmless('home', 'a static ARP entry for another host', 'ip/arp', [{ op: 'add', values: { address: '192.168.88.30', 'mac-address': '02:00:00:00:00:30', interface: 'bridge' } }]),
  harmless('home', 'restrict winbox to the LAN', 'ip/service', [{ op: 'set', where: { name: 'winbox' }, values: { address: '192.168.88.0/24' } }]),
  harmless('home', 'a DHCP network comment', 'ip/dhcp-server/network', [{ op: 'set', where: { address: '192.168.88.0/24' }, values: { comment: 'LAN' } }]),
  harmless('home', 'a longer DHCP lease time', 'ip/dhcp-server', [{ op: 'set', where: { name: 'defconf' }, values: { 'lease-time': '1h' } }]),
  harmless('chr', "stop taking DNS from the DHCP client", 'ip/dhcp-client', [{ op: 'set', where: { interface: 'ether1' }, values: { 'use-peer-dns': 'no' } }]),
  harmless('edge', 'the time zone', 'system/clock', [{ op: 'set', values: { 'time-zone-name': 'Europe/Riga' } }]),
  harmless('home', 'NTP client on', 'system/ntp/client', [{ op: 'set', values: { enabled: 'yes', servers: '192.0.2.123' } }]),
  harmless('chr', 'a read-only user', 'user', [{ op: 'add', values: { name: 'viewer', group: 'read', password: 'viewer-Pw-1' } }], LOGINS),
  harmless('chr', 'remove another user', 'user', [{ op: 'remove', where: { name: 'backup' } }], { setup: [add('user', { name: 'backup', group: 'read', password: 'backup-Pw-1' })], login: 'password' }),
  harmless('chr', "a comment on the service's user", 'user', [{ op: 'set', where: { name: 'admin' }, values: { comment: 'the MCP service' } }], LOGINS),
  harmless('chr', 'a new group', 'user/group', [{ op: 'add', values: { name: 'monitoring', policy: 'read,api,rest-api' } }], LOGINS),
  harmless('chr', "the service's group gains a policy", 'user/group', [{ op: 'set', where: { name: 'ops' }, values: { policy: 'ssh,read,write,policy,test,sensitive,api,rest-api,reboot' } }], OPS_GROUP),
  harmless('chr', "the service's group loses only the binary API's policy", 'user/group', [{ op: 'set', where: { name: 'ops' }, values: { policy: 'ssh,read,write,policy,test,sensitive,rest-api' } }], OPS_GROUP),
  harmless('chr', 'an SSH key for another user while the service logs in by key', 'user/ssh-keys', [{ op: 'add', values: { user: 'backup', key: utils.generateKeyPairSync('ed25519').public } }], BY_KEY),
];

/**
 * The same evaluation on an undo: a change_revert that would restrict the service's user to the network it managed
 * from before it moved (the user's address= restored) is refused as the write itself would be.
 */
export const LOGIN_UNDO_SCENARIOS: Scenario[] = [
  {
    name: "change_revert would restrict the service's user to a network it no longer manages from", profile: 'edge', kind: 'dangerous', login: 'password',
    setup: [set('user', { name: 'admin' }, { address: '10.100.250.0/24' })],
    prepare: { pipeline: { menu: 'user', find: { name: 'admin' }, props: { address: '' } } },
    management: { clientAddress: '10.100.1.10', deviceAddress: '10.100.1.1' },
    tool: 'change_revert',
    direct: [set('user', { name: 'admin' }, { address: '10.100.250.0/24' })],
  },
  {
    name: "change_revert of a comment on the service's user", profile: 'edge', kind: 'harmless', login: 'password',
    // A comment it had (`/user` has no `unset`: menu_change's own changes record that, this stand-in planner does not).
    setup: [set('user', { name: 'admin' }, { comment: 'admin' })],
    prepare: { pipeline: { menu: 'user', find: { name: 'admin' }, props: { comment: 'the MCP service' } } },
    tool: 'change_revert',
  },
];
