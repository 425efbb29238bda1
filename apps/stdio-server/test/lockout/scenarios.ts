// The lock-out corpus: changes on the simulator, each judged by the simulator's own management report.
// Four devices per RouterOS version (one mixed fleet): `home` (index 0: the client on-link behind bridge port ether2,
// RouterOS's defconf firewall, wifi1 and wifi2 in the bridge, the wifi CAPsMAN of a cAP) and `edge` (index 1: the
// client routed via 10.100.1.254 over vlan100-mgmt on ether16, accepted by the `mgmt-allowed` list before the later
// drops), `chr` (index 2: a cloud router reached from the hypervisor's 10.0.2.2 on the address its DHCP client
// leased, no firewall) and `legacy-ap` (index 3: the legacy wireless package, wlan1 and wlan2 in the bridge).

export type Profile = 'home' | 'edge' | 'chr' | 'legacy-ap';
export type Row = Record<string, string>;
export type Config = Record<string, Row[]>;

/** A change on the device's own console (control API), before the scenario's write. `find` names a row by its values. */
export interface ConsoleStep {
  action: 'add' | 'set' | 'remove';
  path: string;
  find?: Row;
  props?: Record<string, string>;
  /** For an add: the row it goes before (`place-before`), by its values, or the first row. */
  before?: Row | 'first';
}

export interface Placement {
  clientAddress: string;
  deviceAddress: string;
  /** The bridge port the client sits behind: a radio when it is on Wi-Fi. */
  clientPort?: string;
  /** The CAP radio the client is associated to, its frames arriving on the wired `clientPort`. */
  radio?: string;
}

/**
 * A row `set` (the row found by `find`) or `add` (before the row found by `find`, or at the end) made through the
 * change pipeline in-process: no tool exists here for `/ip/service`, bridge ports or the raw table.
 */
export interface PipelineSet {
  menu: string;
  find?: Row;
  props: Record<string, string>;
  add?: true;
  /** Remove the row `find` names (props unused). */
  remove?: true;
}

export interface Scenario {
  name: string;
  profile: Profile;
  /** `dangerous`: the path is cut unless refused; `harmless`: must be applied and verified (a refusal is a false one). */
  kind: 'dangerous' | 'harmless';
  setup?: ConsoleStep[];
  management?: Placement;
  /**
   * A tool name; `pipeline` for a ChangeRunner run with the spec's row-set planner; a plan tool (`plan_wireless`,
   * `plan_bridge`: created for the device, approved by an operator, applied); an undo of what `prepare` made
   * (`change_revert`, `plan_rollback`); or `plan_apply` of the plan `prepare` created and had approved.
   */
  tool: string;
  args?: (cfg: Config) => Record<string, unknown>;
  pipeline?: PipelineSet;
  /** A plan tool's change. */
  change?: Record<string, unknown>;
  /**
   * Made through the product before the management path is placed (so it does not cross what this changes), for
   * an undo scenario to undo once the client has moved onto what it changed.
   */
  prepare?: { pipeline: PipelineSet } | { plan: string; change: Record<string, unknown>; approveOnly?: true };
  /** The same change made on the console, for the judge, where no tool's planner replays it (plans, undos). */
  direct?: ConsoleStep[];
  /** The menu a menu_change scenario writes. */
  menu?: string;
  /**
   * The judge also logs in over REST and SSH as the service (SSH by password, or by key on the device enrolled with
   * one): for changes to the service's own user, group and keys, which the management report does not show.
   */
  login?: 'password' | 'key';
}

export const DEVICE = { home: 0, edge: 1, chr: 2, 'legacy-ap': 3 } as const;

// ---- edge (index 1): addresses as the profile derives them for n = 1 ----
const EDGE_DEV = '10.100.1.1';
const EDGE_CLIENT = '10.100.250.10';

/** The filter rule with this comment (or matching `find`), as firewall_list_filter_rules addresses it. */
export function ruleRef(cfg: Config, find: string | Row): { id: string; position: number } {
  const rows = cfg['ip/firewall/filter'] ?? [];
  const match = (r: Row) => (typeof find === 'string' ? r['comment'] === find : Object.entries(find).every(([k, v]) => r[k] === v));
  const position = rows.findIndex(match);
  if (position < 0) throw new Error(`no filter rule ${JSON.stringify(find)}`);
  return { id: rows[position]['.id'], position };
}

const add = (path: string, props: Record<string, string>): ConsoleStep => ({ action: 'add', path, props });
/** A console rule add placed before the rule with this comment. */
const addBefore = (comment: string, props: Record<string, string>): ConsoleStep => ({ action: 'add', path: 'ip/firewall/filter', props, before: { comment } });
const EDGE_FINAL_DROP = add('ip/firewall/filter', { chain: 'input', action: 'drop', comment: 'drop everything else' });
const MGMT_ACCEPT = 'management from NOC';

// Home with the service managing from the WAN side: an accept for the NOC before defconf's `!LAN` drop.
const HOME_WAN_CLIENT = '203.0.113.10';
const HOME_WAN: { setup: ConsoleStep[]; management: Placement } = {
  setup: [
    add('ip/address', { address: '203.0.113.2/24', interface: 'ether1', comment: 'wan static' }),
    addBefore('defconf: drop all not coming from LAN', { chain: 'input', action: 'accept', 'src-address': '203.0.113.10', protocol: 'tcp', 'dst-port': '22,443', comment: 'NOC over WAN' }),
  ],
  management: { clientAddress: HOME_WAN_CLIENT, deviceAddress: '203.0.113.2' },
};
// Home with the service routed in from another LAN segment via 192.168.88.2.
const HOME_ROUTED: { setup: ConsoleStep[]; management: Placement } = {
  setup: [add('ip/route', { 'dst-address': '10.20.0.0/16', gateway: '192.168.88.2', comment: 'lab segment' })],
  management: { clientAddress: '10.20.0.5', deviceAddress: '192.168.88.1', clientPort: 'ether2' },
};
const VLAN_FILTERING: ConsoleStep = { action: 'set', path: 'interface/bridge', find: { name: 'bridge' }, props: { 'vlan-filtering': 'true' } };
const NOC_ACCEPT = 'NOC over WAN';
// Edge with the client on-link in the management VLAN.
const EDGE_ONLINK: Placement = { clientAddress: '10.100.1.10', deviceAddress: EDGE_DEV };

const rule = (r: Record<string, unknown>, before?: (cfg: Config) => { id: string; position: number }) => (cfg: Config) => ({ rule: r, ...(before ? { place_before: before(cfg) } : {}) });
const beforeAccept = (cfg: Config) => ruleRef(cfg, MGMT_ACCEPT);
const atTop = (cfg: Config) => ruleRef(cfg, { '.id': (cfg['ip/firewall/filter'] ?? [])[0]['.id'] });
const input = (r: Record<string, unknown>) => ({ chain: 'input', action: 'drop', ...r });

export const SCENARIOS: Scenario[] = [
  // ---------- the management address and its interfaces ----------
  { name: 'remove the management address (edge, VLAN)', profile: 'edge', kind: 'dangerous', tool: 'ip_remove_address', args: () => ({ address: `${EDGE_DEV}/24` }) },
  { name: 'remove the management address (home, bridge)', profile: 'home', kind: 'dangerous', tool: 'ip_remove_address', args: () => ({ address: '192.168.88.1/24' }) },
  { name: 'disable the management address', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/address', find: { address: `${EDGE_DEV}/24` }, props: { disabled: 'true' } } },
  { name: 'disable the management VLAN interface', profile: 'edge', kind: 'dangerous', tool: 'interface_set_enabled', args: () => ({ interface: 'vlan100-mgmt', enabled: false }) },
  { name: 'disable the VLAN parent ether16', profile: 'edge', kind: 'dangerous', tool: 'interface_set_enabled', args: () => ({ interface: 'ether16', enabled: false }) },
  { name: 'disable the bridge', profile: 'home', kind: 'dangerous', tool: 'interface_set_enabled', args: () => ({ interface: 'bridge', enabled: false }) },
  { name: "disable the client's bridge port's ether2", profile: 'home', kind: 'dangerous', tool: 'interface_set_enabled', args: () => ({ interface: 'ether2', enabled: false }) },
  { name: "disable the client's bridge port entry", profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'interface/bridge/port', find: { interface: 'ether2' }, props: { disabled: 'true' } } },
  { name: 'remove the management address of the on-link VLAN client', profile: 'edge', kind: 'dangerous', management: EDGE_ONLINK, tool: 'ip_remove_address', args: () => ({ address: `${EDGE_DEV}/24` }) },
  { name: 'disable the WAN interface the NOC manages through', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'interface_set_enabled', args: () => ({ interface: 'ether1', enabled: false }) },
  { name: 'remove the WAN address the NOC manages', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'ip_remove_address', args: () => ({ address: '203.0.113.2/24' }) },

  // ---------- the route back ----------
  { name: 'remove the route back to a routed client', profile: 'edge', kind: 'dangerous', tool: 'routing_remove_static_route', args: () => ({ 'dst-address': '10.0.0.0/8' }) },
  { name: 'a more specific route sends replies out the uplink', profile: 'edge', kind: 'dangerous', tool: 'routing_add_static_route', args: () => ({ 'dst-address': '10.100.250.0/24', gateway: '203.0.113.2' }) },
  { name: 'a host route to the client via the wrong interface', profile: 'edge', kind: 'dangerous', tool: 'routing_add_static_route', args: () => ({ 'dst-address': `${EDGE_CLIENT}/32`, gateway: 'ether1' }) },
  { name: 'an address that puts the client on-link on another port', profile: 'edge', kind: 'dangerous', tool: 'ip_add_address', args: () => ({ address: '10.100.250.1/24', interface: 'ether1' }) },
  { name: 'remove the route to a client routed behind the home LAN', profile: 'home', kind: 'dangerous', ...HOME_ROUTED, tool: 'routing_remove_static_route', args: () => ({ 'dst-address': '10.20.0.0/16' }) },
  { name: 'disable the route back to a routed client', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/route', find: { 'dst-address': '10.0.0.0/8' }, props: { disabled: 'true' } } },

  // ---------- an input drop before the accept, in every form ----------
  { name: 'drop from the client address before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address': EDGE_CLIENT }), beforeAccept) },
  { name: "drop from the client's subnet before the accept", profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address': '10.100.250.0/24' }), beforeAccept) },
  { name: 'drop from a range holding the client', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address': '10.100.250.1-10.100.250.20' }), beforeAccept) },
  { name: 'drop to the device address before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'dst-address': EDGE_DEV }), beforeAccept) },
  { name: 'drop from the mgmt-allowed list before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address-list': 'mgmt-allowed' }), beforeAccept) },
  { name: 'drop in-interface the management VLAN', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface': 'vlan100-mgmt' }), beforeAccept) },
  { name: 'drop in-interface-list holding the management VLAN', profile: 'edge', kind: 'dangerous', setup: [add('interface/list', { name: 'MGMT' }), add('interface/list/member', { list: 'MGMT', interface: 'vlan100-mgmt' })], tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'MGMT' }), beforeAccept) },
  { name: 'drop in-interface-list=!WAN (negated list)', profile: 'home', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': '!WAN' }), atTop) },
  { name: 'drop protocol tcp before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'tcp' }), beforeAccept) },
  { name: 'drop tcp/443 before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'tcp', 'dst-port': '443' }), beforeAccept) },
  { name: 'drop tcp/22 (SSH) before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'tcp', 'dst-port': '22' }), beforeAccept) },
  { name: 'drop a port range covering 443', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'tcp', 'dst-port': '400-500' }), beforeAccept) },
  { name: 'drop connection-state new before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'connection-state': ['new'] }), beforeAccept) },
  { name: 'reject tcp-reset to 443 before the accept', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule({ chain: 'input', action: 'reject', 'reject-with': 'tcp-reset', protocol: 'tcp', 'dst-port': '443' }, beforeAccept) },
  { name: 'tarpit from the client at the top', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule({ chain: 'input', action: 'tarpit', protocol: 'tcp', 'src-address': EDGE_CLIENT }, atTop) },
  { name: 'drop from the client above established (cuts live connections)', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address': EDGE_CLIENT }), atTop) },
  { name: 'drop all at the end of a home firewall (bridge client)', profile: 'home', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({})) },
  { name: 'drop in-interface-list=LAN at the end (home)', profile: 'home', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'LAN' })) },
  { name: 'drop new tcp/443 in-interface bridge at the end (home)', profile: 'home', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'tcp', 'dst-port': '443', 'in-interface': 'bridge', 'connection-state': ['new'] })) },
  { name: 'jump into a chain that drops the client', profile: 'edge', kind: 'dangerous', setup: [add('ip/firewall/filter', { chain: 'guard', action: 'drop', 'src-address': '10.100.0.0/16', comment: 'guard drop' })], tool: 'firewall_add_filter_rule', args: rule({ chain: 'input', action: 'jump', 'jump-target': 'guard' }, beforeAccept) },
  { name: 'a drop added to a chain the input chain already jumps into', profile: 'edge', kind: 'dangerous', setup: [addBefore(MGMT_ACCEPT, { chain: 'input', action: 'jump', 'jump-target': 'guard', comment: 'to guard' }), add('ip/firewall/filter', { chain: 'guard', action: 'return', comment: 'guard end' })], tool: 'firewall_add_filter_rule', args: rule(input({ chain: 'guard', protocol: 'tcp' }), (cfg) => ruleRef(cfg, 'guard end')) },
  { name: "a drop on an mcp- list, then the tool fills it with the client's address", profile: 'edge', kind: 'dangerous', setup: [addBefore(MGMT_ACCEPT, { chain: 'input', action: 'drop', 'src-address-list': 'mcp-deny', comment: 'deny list' })], tool: 'firewall_update_address_list', args: () => ({ list: 'mcp-deny', add: [{ address: EDGE_CLIENT, comment: 'suspicious' }] }) },
  { name: "an mcp- list entry for the client's /16 that starts matching a drop", profile: 'edge', kind: 'dangerous', setup: [addBefore(MGMT_ACCEPT, { chain: 'input', action: 'drop', 'src-address-list': 'mcp-deny', comment: 'deny list' })], tool: 'firewall_update_address_list', args: () => ({ list: 'mcp-deny', add: [{ address: '10.100.0.0/16', timeout: '1h' }] }) },
  { name: 'an mcp- list entry with a timeout matching a drop at the top (home)', profile: 'home', kind: 'dangerous', setup: [{ action: 'add', path: 'ip/firewall/filter', props: { chain: 'input', action: 'drop', 'src-address-list': 'mcp-quarantine', comment: 'quarantine' }, before: 'first' }], tool: 'firewall_update_address_list', args: () => ({ list: 'mcp-quarantine', add: [{ address: '192.168.88.254', timeout: '1d' }] }) },

  // ---------- existing rules moved, disabled, removed or changed ----------
  { name: 'move an existing drop-all above the accept', profile: 'edge', kind: 'dangerous', setup: [EDGE_FINAL_DROP], tool: 'firewall_move_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'drop everything else'), place_before: ruleRef(cfg, MGMT_ACCEPT) }) },
  { name: 'move the blocklist drop above the accept once the client is listed', profile: 'edge', kind: 'dangerous', setup: [add('ip/firewall/address-list', { list: 'mcp-blocklist', address: EDGE_CLIENT })], tool: 'firewall_move_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'blocklist'), place_before: ruleRef(cfg, MGMT_ACCEPT) }) },
  { name: 'move the accept after a drop-all', profile: 'edge', kind: 'dangerous', setup: [EDGE_FINAL_DROP], tool: 'firewall_move_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, MGMT_ACCEPT) }) },
  { name: 'disable the management accept before a drop-all', profile: 'edge', kind: 'dangerous', setup: [EDGE_FINAL_DROP], tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, MGMT_ACCEPT), set: { disabled: true } }) },
  { name: 'remove the management accept before a drop-all', profile: 'edge', kind: 'dangerous', setup: [EDGE_FINAL_DROP], tool: 'firewall_remove_filter_rule', args: (cfg) => ruleRef(cfg, MGMT_ACCEPT) },
  { name: 'point the management accept at another list', profile: 'edge', kind: 'dangerous', setup: [EDGE_FINAL_DROP], tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, MGMT_ACCEPT), set: { 'src-address-list': 'other' } }) },
  { name: 'turn the management accept into a drop', profile: 'edge', kind: 'dangerous', tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, MGMT_ACCEPT), set: { action: 'drop' } }) },
  { name: 'an existing drop before the accept changed to match new connections', profile: 'edge', kind: 'dangerous', tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'drop invalid'), set: { 'connection-state': ['new'] } }) },
  { name: 'remove the mcp- list entry the only accept depends on', profile: 'edge', kind: 'dangerous', setup: [addBefore(MGMT_ACCEPT, { chain: 'input', action: 'accept', 'src-address-list': 'mcp-admins', comment: 'admins' }), add('ip/firewall/address-list', { list: 'mcp-admins', address: EDGE_CLIENT }), { action: 'set', path: 'ip/firewall/filter', find: { comment: MGMT_ACCEPT }, props: { disabled: 'true' } }, EDGE_FINAL_DROP], tool: 'firewall_update_address_list', args: () => ({ list: 'mcp-admins', remove: [EDGE_CLIENT] }) },
  { name: "an mcp- list range holding the client that starts matching a drop", profile: 'edge', kind: 'dangerous', setup: [addBefore(MGMT_ACCEPT, { chain: 'input', action: 'drop', 'src-address-list': 'mcp-deny', comment: 'deny list' })], tool: 'firewall_update_address_list', args: () => ({ list: 'mcp-deny', add: [{ address: '10.100.250.1-10.100.250.20' }] }) },
  { name: 'drop from an interface list that includes LAN', profile: 'home', kind: 'dangerous', setup: [add('interface/list', { name: 'INSIDE', include: 'LAN' })], tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'INSIDE' }), atTop) },
  { name: 'drop from WAN at the top while the NOC manages over WAN', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'WAN' }), atTop) },
  { name: 'narrow the NOC accept to 443 (SSH then meets the !LAN drop)', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, NOC_ACCEPT), set: { 'dst-port': '443' } }) },
  { name: 'point the NOC accept at another host', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, NOC_ACCEPT), set: { 'src-address': '203.0.113.11' } }) },
  { name: "disable the port behind which a routed client's gateway sits", profile: 'home', kind: 'dangerous', ...HOME_ROUTED, tool: 'interface_set_enabled', args: () => ({ interface: 'ether2', enabled: false }) },
  { name: 'disable the NOC accept so the defconf !LAN drop applies', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, NOC_ACCEPT), set: { disabled: true } }) },
  { name: 'remove the NOC accept so the defconf !LAN drop applies', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'firewall_remove_filter_rule', args: (cfg) => ruleRef(cfg, NOC_ACCEPT) },
  { name: 'move the NOC accept after the defconf !LAN drop', profile: 'home', kind: 'dangerous', ...HOME_WAN, tool: 'firewall_move_filter_rule', args: (cfg) => ruleRef(cfg, NOC_ACCEPT) },
  { name: 'defconf !LAN drop widened to every interface', profile: 'home', kind: 'dangerous', tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'defconf: drop all not coming from LAN'), set: { 'in-interface-list': 'all' } }) },
  { name: 'defconf !LAN drop loses its matcher (drops all)', profile: 'home', kind: 'dangerous', tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'defconf: drop all not coming from LAN'), set: { 'in-interface-list': '' } }) },
  { name: 'the bridge leaves the LAN list (defconf !LAN drop applies)', profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'interface/list/member', find: { list: 'LAN', interface: 'bridge' }, props: { disabled: 'true' } } },

  // ---------- the services (no tool in this issue: through the pipeline) ----------
  { name: 'disable www-ssl', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'www-ssl' }, props: { disabled: 'true' } } },
  { name: 'disable ssh', profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'ssh' }, props: { disabled: 'true' } } },
  { name: 'move www-ssl to port 8443', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'www-ssl' }, props: { port: '8443' } } },
  { name: 'move ssh to port 2222', profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'ssh' }, props: { port: '2222' } } },
  { name: "restrict www-ssl's address= away from the client", profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'www-ssl' }, props: { address: '192.0.2.0/24' } } },
  { name: "restrict ssh's address= away from the client", profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'ssh' }, props: { address: '192.168.88.0/30' } } },

  { name: "move the client's port to another PVID (VLAN filtering)", profile: 'home', kind: 'dangerous', setup: [VLAN_FILTERING], tool: 'pipeline', pipeline: { menu: 'interface/bridge/port', find: { interface: 'ether2' }, props: { pvid: '20' } } },
  { name: "the client's port admits only tagged frames (VLAN filtering)", profile: 'home', kind: 'dangerous', setup: [VLAN_FILTERING], tool: 'pipeline', pipeline: { menu: 'interface/bridge/port', find: { interface: 'ether2' }, props: { 'frame-types': 'admit-only-vlan-tagged' } } },
  { name: 'turn VLAN filtering on while the client port has another PVID', profile: 'home', kind: 'dangerous', setup: [{ action: 'set', path: 'interface/bridge/port', find: { interface: 'ether2' }, props: { pvid: '20' } }], tool: 'pipeline', pipeline: { menu: 'interface/bridge', find: { name: 'bridge' }, props: { 'vlan-filtering': 'true' } } },

  { name: 'enable a disabled drop for the client before the accept', profile: 'edge', kind: 'dangerous', setup: [addBefore(MGMT_ACCEPT, { chain: 'input', action: 'drop', 'src-address': EDGE_CLIENT, disabled: 'true', comment: 'parked drop' })], tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'parked drop'), set: { disabled: false } }) },
  { name: 'drop established,related at the top (cuts the live connections)', profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'connection-state': ['established', 'related'], protocol: 'tcp' }), atTop) },
  { name: 'a more specific route with a high distance still wins', profile: 'edge', kind: 'dangerous', tool: 'routing_add_static_route', args: () => ({ 'dst-address': '10.100.0.0/16', gateway: '198.51.100.2', distance: 200 }) },
  { name: 'a drop from the dst-address-list holding the device', profile: 'edge', kind: 'dangerous', setup: [add('ip/firewall/address-list', { list: 'router-addresses', address: EDGE_DEV })], tool: 'firewall_add_filter_rule', args: rule(input({ 'dst-address-list': 'router-addresses', protocol: 'tcp' }), beforeAccept) },
  { name: 'a raw prerouting drop from the client', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/firewall/raw', add: true, props: { chain: 'prerouting', action: 'drop', 'src-address': '10.100.250.0/24' } } },
  { name: 'a raw drop of tcp/22 from LAN (home)', profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/firewall/raw', add: true, props: { chain: 'prerouting', action: 'drop', protocol: 'tcp', 'dst-port': '22', 'in-interface-list': 'LAN' } } },
  { name: 'port-forward 443 on every interface to an inside web server (dstnat)', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/firewall/nat', add: true, props: { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'dst-address-type': 'local', 'to-addresses': '10.100.1.50' } } },
  { name: 'redirect tcp/22 to port 2222 (dstnat)', profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/firewall/nat', add: true, props: { chain: 'dstnat', action: 'redirect', protocol: 'tcp', 'dst-port': '22', 'to-ports': '2222' } } },
  // The IP firewall sees bridge ports only with use-ip-firewall (the Filter manual's in-bridge-port; docs/simulator.md).
  { name: "drop in-bridge-port the client's port (use-ip-firewall on)", profile: 'home', kind: 'dangerous', setup: [{ action: 'set', path: 'interface/bridge/settings', props: { 'use-ip-firewall': 'true' } }], tool: 'pipeline', pipeline: { menu: 'ip/firewall/filter', add: true, find: { comment: 'defconf: accept established,related,untracked' }, props: { chain: 'input', action: 'drop', 'in-bridge-port': 'ether2' } } },
  { name: 'move the management address to a port without link', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/address', find: { address: `${EDGE_DEV}/24` }, props: { interface: 'ether3' } } },
  { name: 'shrink the management address to /32 (the gateway back is no longer on-link)', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/address', find: { address: `${EDGE_DEV}/24` }, props: { address: `${EDGE_DEV}/32` } } },
  { name: "move the client's bridge port to another bridge", profile: 'home', kind: 'dangerous', setup: [add('interface/bridge', { name: 'bridge2' })], tool: 'pipeline', pipeline: { menu: 'interface/bridge/port', find: { interface: 'ether2' }, props: { bridge: 'bridge2' } } },
  { name: 'ARP reply-only on the management VLAN (no static ARP for the gateway back)', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'interface/vlan', find: { name: 'vlan100-mgmt' }, props: { arp: 'reply-only' } } },
  { name: 'ARP disabled on the bridge for a client routed behind the LAN', profile: 'home', kind: 'dangerous', ...HOME_ROUTED, tool: 'pipeline', pipeline: { menu: 'interface/bridge', find: { name: 'bridge' }, props: { arp: 'disabled' } } },
  { name: 'a blackhole route to the client', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/route', add: true, props: { 'dst-address': `${EDGE_CLIENT}/32`, gateway: '10.100.1.254', blackhole: 'true' } } },
  { name: 'a routing rule that makes the client unreachable', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'routing/rule', add: true, props: { 'dst-address': '10.100.250.0/24', action: 'unreachable' } } },
  { name: "the device's replies looked up only in an empty table", profile: 'edge', kind: 'dangerous', setup: [add('routing/table', { name: 'empty', fib: 'true' })], tool: 'pipeline', pipeline: { menu: 'routing/rule', add: true, props: { 'src-address': `${EDGE_DEV}/32`, action: 'lookup-only-in-table', table: 'empty' } } },
  { name: "drop the client's MAC address at the top", profile: 'home', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/firewall/filter', add: true, find: { comment: 'defconf: accept established,related,untracked' }, props: { chain: 'input', action: 'drop', 'src-mac-address': 'A4:83:E7:11:22:33' } } },
  { name: "take www-ssl's certificate away", profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'www-ssl' }, props: { certificate: 'none' } } },
  { name: 'remove the certificate www-ssl uses', profile: 'edge', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'certificate', find: { name: 'sim-cert' }, remove: true, props: {} } },
  { name: 'point www-ssl at a certificate template (no key: another identity, or none)', profile: 'home', kind: 'dangerous', setup: [add('certificate', { name: 'spare', 'common-name': 'spare' })], tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'www-ssl' }, props: { certificate: 'spare' } } },
  { name: "an output drop of the service's replies to the client", profile: 'edge', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule({ chain: 'output', action: 'drop', protocol: 'tcp', 'src-port': '443', 'dst-address': '10.100.250.0/24' }) },
  { name: 'an output reject out of the management interface', profile: 'home', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule({ chain: 'output', action: 'reject', 'out-interface': 'bridge' }) },
  { name: 'drop the static interfaces (the bridge among them) at the top', profile: 'home', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'static' }), atTop) },
  { name: 'disable the DHCP client that leased the management address (chr)', profile: 'chr', kind: 'dangerous', tool: 'pipeline', pipeline: { menu: 'ip/dhcp-client', find: { interface: 'ether1' }, props: { disabled: 'true' } } },
  { name: "disable a cloud router's only interface", profile: 'chr', kind: 'dangerous', tool: 'interface_set_enabled', args: () => ({ interface: 'ether1', enabled: false }) },
  { name: 'a drop-all on a cloud router without a firewall', profile: 'chr', kind: 'dangerous', tool: 'firewall_add_filter_rule', args: rule(input({})) },
  // The device taking the service's own address (a DHCP-addressed cloud router) or a routed client's gateway.
  { name: "the client's own address on a DHCP-addressed cloud router (chr)", profile: 'chr', kind: 'dangerous', tool: 'ip_add_address', args: () => ({ address: '10.0.2.2/32', interface: 'ether1' }) },
  { name: "the routed client's gateway address on the management VLAN", profile: 'edge', kind: 'dangerous', tool: 'ip_add_address', args: () => ({ address: '10.100.1.254/24', interface: 'vlan100-mgmt' }) },

  // ================= harmless =================
  { name: 'set the identity', profile: 'edge', kind: 'harmless', tool: 'system_set_identity', args: () => ({ name: 'corpus-core' }) },
  { name: 'set the DNS servers', profile: 'edge', kind: 'harmless', tool: 'dns_set_servers', args: () => ({ servers: ['1.1.1.1', '9.9.9.9'] }) },
  { name: 'set the NTP servers', profile: 'home', kind: 'harmless', tool: 'ntp_set_servers', args: () => ({ servers: ['192.0.2.123'] }) },
  { name: 'comment on the management VLAN interface', profile: 'edge', kind: 'harmless', tool: 'interface_set_comment', args: () => ({ interface: 'vlan100-mgmt', comment: 'do not touch' }) },
  { name: "comment on the client's bridge port ether2", profile: 'home', kind: 'harmless', tool: 'interface_set_comment', args: () => ({ interface: 'ether2', comment: 'laptop' }) },
  { name: 'comment on the management accept rule', profile: 'edge', kind: 'harmless', tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, MGMT_ACCEPT), set: { comment: 'NOC (reviewed)' } }) },
  { name: 'a drop from the client in the forward chain', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule({ chain: 'forward', action: 'drop', 'src-address': EDGE_CLIENT }, atTop) },
  { name: 'an input accept for winbox from the client at the top', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule({ chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '8291', 'src-address': EDGE_CLIENT }, atTop) },
  { name: 'an input drop for another source at the top', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address': '192.0.2.99' }), atTop) },
  { name: "a drop for all but the client's network (negated)", profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address': '!10.100.0.0/16', protocol: 'tcp', 'dst-port': '22,443' }), beforeAccept) },
  { name: 'a drop of udp before the accept', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'udp' }), beforeAccept) },
  { name: 'a drop from WAN at the end (home)', profile: 'home', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'WAN', protocol: 'tcp', 'dst-port': '8291' })) },
  { name: 'list the client in mcp-blocklist, whose drop follows the accept', profile: 'edge', kind: 'harmless', tool: 'firewall_update_address_list', args: () => ({ list: 'mcp-blocklist', add: [{ address: EDGE_CLIENT }] }) },
  { name: 'another source in an mcp- list with a drop before the accept', profile: 'edge', kind: 'harmless', setup: [addBefore(MGMT_ACCEPT, { chain: 'input', action: 'drop', 'src-address-list': 'mcp-deny', comment: 'deny list' })], tool: 'firewall_update_address_list', args: () => ({ list: 'mcp-deny', add: [{ address: '192.0.2.77', timeout: '1h' }] }) },
  { name: 'disable the management accept where nothing drops after it', profile: 'edge', kind: 'harmless', tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, MGMT_ACCEPT), set: { disabled: true } }) },
  { name: 'remove the drop-invalid rule', profile: 'edge', kind: 'harmless', tool: 'firewall_remove_filter_rule', args: (cfg) => ruleRef(cfg, 'drop invalid') },
  { name: 'move the ICMP accept to the end', profile: 'edge', kind: 'harmless', tool: 'firewall_move_filter_rule', args: (cfg) => ruleRef(cfg, 'ICMP') },
  { name: 'an unrelated address on another port', profile: 'edge', kind: 'harmless', tool: 'ip_add_address', args: () => ({ address: '10.99.0.1/24', interface: 'ether2' }) },
  { name: 'remove a second address on the management VLAN', profile: 'edge', kind: 'harmless', setup: [add('ip/address', { address: '10.100.1.2/24', interface: 'vlan100-mgmt', comment: 'spare' })], tool: 'ip_remove_address', args: () => ({ address: '10.100.1.2/24' }) },
  { name: 'disable another bridge port (ether3)', profile: 'home', kind: 'harmless', tool: 'interface_set_enabled', args: () => ({ interface: 'ether3', enabled: false }) },
  { name: 'disable an unused edge port', profile: 'edge', kind: 'harmless', tool: 'interface_set_enabled', args: () => ({ interface: 'ether2', enabled: false }) },
  { name: 'a route to an unrelated network', profile: 'edge', kind: 'harmless', tool: 'routing_add_static_route', args: () => ({ 'dst-address': '192.0.2.0/24', gateway: '203.0.113.2' }) },
  { name: 'remove the backup default route', profile: 'edge', kind: 'harmless', tool: 'routing_remove_static_route', args: () => ({ 'dst-address': '0.0.0.0/0', gateway: '198.51.100.2' }) },
  { name: 'a static DHCP lease', profile: 'home', kind: 'harmless', tool: 'dhcp_add_static_lease', args: () => ({ address: '192.168.88.50', 'mac-address': '02:00:00:00:00:50', server: 'defconf' }) },
  { name: "restrict ssh's address= to a range holding the client", profile: 'edge', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'ssh' }, props: { address: '10.0.0.0/8' } } },
  { name: 'a drop after the accept widened to the management VLAN', profile: 'edge', kind: 'harmless', tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'drop the rest from uplink A'), set: { 'in-interface': 'vlan100-mgmt' } }) },
  { name: 'disable the accept-established rule (the accept after it still lets the client in)', profile: 'edge', kind: 'harmless', setup: [EDGE_FINAL_DROP], tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, 'accept established'), set: { disabled: true } }) },
  { name: 'a drop for every interface but the management VLAN (negated)', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface': '!vlan100-mgmt' }), atTop) },
  { name: 'a drop of udp/443 (QUIC) before the accept', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'udp', 'dst-port': '443' }), beforeAccept) },
  { name: 'a drop of tcp/8443 before the accept', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ protocol: 'tcp', 'dst-port': '8443' }), beforeAccept) },
  { name: 'a log rule for the client at the top', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule({ chain: 'input', action: 'log', 'src-address': EDGE_CLIENT, 'log-prefix': 'noc' }, atTop) },
  { name: 'a jump into a chain that only returns', profile: 'edge', kind: 'harmless', setup: [add('ip/firewall/filter', { chain: 'audit', action: 'return', comment: 'audit end' })], tool: 'firewall_add_filter_rule', args: rule({ chain: 'input', action: 'jump', 'jump-target': 'audit' }, atTop) },
  { name: 'a second address in the management subnet on its VLAN', profile: 'edge', kind: 'harmless', tool: 'ip_add_address', args: () => ({ address: '10.100.1.5/24', interface: 'vlan100-mgmt' }) },
  { name: 'a route to another network while the client is routed behind the LAN', profile: 'home', kind: 'harmless', ...HOME_ROUTED, tool: 'routing_add_static_route', args: () => ({ 'dst-address': '10.30.0.0/16', gateway: '192.168.88.3' }) },
  { name: 'a comment on the NOC accept while it manages over WAN', profile: 'home', kind: 'harmless', ...HOME_WAN, tool: 'firewall_update_filter_rule', args: (cfg) => ({ ...ruleRef(cfg, NOC_ACCEPT), set: { comment: 'NOC (audited)' } }) },
  { name: 'another port to another PVID (VLAN filtering)', profile: 'home', kind: 'harmless', setup: [VLAN_FILTERING], tool: 'pipeline', pipeline: { menu: 'interface/bridge/port', find: { interface: 'ether3' }, props: { pvid: '20' } } },
  { name: "a PVID on the client's port while the bridge does not filter VLANs", profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'interface/bridge/port', find: { interface: 'ether2' }, props: { pvid: '20' } } },
  { name: 'a disabled drop for the client before the accept', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address': EDGE_CLIENT, disabled: true }), beforeAccept) },
  { name: 'a drop in-interface the VLAN parent (packets arrive on the VLAN)', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface': 'ether16' }), atTop) },
  { name: 'a drop in-interface the bridge port (packets arrive on the bridge)', profile: 'home', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface': 'ether3' }), atTop) },
  { name: 'a drop for everyone not in mgmt-allowed (negated list)', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'src-address-list': '!mgmt-allowed' }), atTop) },
  { name: "a route to the client's network via the uplink with a higher distance", profile: 'edge', kind: 'harmless', tool: 'routing_add_static_route', args: () => ({ 'dst-address': '10.0.0.0/8', gateway: '198.51.100.2', distance: 10 }) },
  { name: 'a route to the client in another routing table', profile: 'edge', kind: 'harmless', setup: [add('routing/table', { name: 'isp2', fib: 'true' })], tool: 'routing_add_static_route', args: () => ({ 'dst-address': `${EDGE_CLIENT}/32`, gateway: '198.51.100.2', 'routing-table': 'isp2' }) },
  { name: 'disable uplink A (the client is routed over the VLAN)', profile: 'edge', kind: 'harmless', tool: 'interface_set_enabled', args: () => ({ interface: 'sfp-sfpplus1', enabled: false }) },
  { name: 'disable the WAN port while managed from the LAN', profile: 'home', kind: 'harmless', tool: 'interface_set_enabled', args: () => ({ interface: 'ether1', enabled: false }) },
  { name: 'remove the LAN address while the NOC manages over WAN', profile: 'home', kind: 'harmless', ...HOME_WAN, tool: 'ip_remove_address', args: () => ({ address: '192.168.88.1/24' }) },
  { name: 'a raw drop for another source', profile: 'edge', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/firewall/raw', add: true, props: { chain: 'prerouting', action: 'drop', 'src-address': '192.0.2.0/24' } } },
  { name: 'port-forward 443 from the uplink only (dstnat on WAN)', profile: 'edge', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/firewall/nat', add: true, props: { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'in-interface': 'sfp-sfpplus1', 'to-addresses': '10.100.1.50' } } },
  { name: 'port-forward 8443 from WAN to an inside server (home)', profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/firewall/nat', add: true, props: { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '8443', 'in-interface-list': 'WAN', 'to-addresses': '192.168.88.10', 'to-ports': '443' } } },
  { name: "drop in-bridge-port the client's port while use-ip-firewall is off (the IP firewall does not see the port)", profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/firewall/filter', add: true, find: { comment: 'defconf: accept established,related,untracked' }, props: { chain: 'input', action: 'drop', 'in-bridge-port': 'ether2' } } },
  { name: 'drop in-bridge-port another port', profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/firewall/filter', add: true, find: { comment: 'defconf: accept established,related,untracked' }, props: { chain: 'input', action: 'drop', 'in-bridge-port': 'ether3' } } },
  { name: 'a drop from WAN at the top (home, LAN client)', profile: 'home', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'WAN' }), atTop) },
  { name: 'ARP reply-only on the bridge while the client has a static ARP entry', profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'interface/bridge', find: { name: 'bridge' }, props: { arp: 'reply-only' } } },
  { name: 'move a spare address to a port without link', profile: 'edge', kind: 'harmless', setup: [add('ip/address', { address: '10.77.0.1/24', interface: 'ether2', comment: 'spare' })], tool: 'pipeline', pipeline: { menu: 'ip/address', find: { comment: 'spare' }, props: { interface: 'ether3' } } },
  { name: 'a routing rule for another destination', profile: 'edge', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'routing/rule', add: true, props: { 'dst-address': '192.0.2.0/24', action: 'drop' } } },
  { name: "a lookup rule for the device's replies into a table with a good route", profile: 'edge', kind: 'harmless', setup: [add('routing/table', { name: 'mgmt', fib: 'true' }), add('ip/route', { 'dst-address': '10.0.0.0/8', gateway: '10.100.1.254', 'routing-table': 'mgmt' })], tool: 'pipeline', pipeline: { menu: 'routing/rule', add: true, props: { 'src-address': `${EDGE_DEV}/32`, action: 'lookup-only-in-table', table: 'mgmt' } } },
  { name: 'add a certificate www-ssl does not use', profile: 'edge', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'certificate', add: true, props: { name: 'vpn', 'common-name': 'vpn.example.net' } } },
  { name: 'rename the certificate www-ssl uses (the service follows; same identity)', profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'certificate', find: { name: 'sim-cert' }, props: { name: 'web' } } },
  { name: 'rename the management VLAN interface (RouterOS follows the rename)', profile: 'edge', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'interface/vlan', find: { name: 'vlan100-mgmt' }, props: { name: 'vlan100' } } },
  { name: 'rename the bridge (the LAN list and the address follow it)', profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'interface/bridge', find: { name: 'bridge' }, props: { name: 'br-lan' } } },
  { name: "drop another host's MAC address at the top", profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/firewall/filter', add: true, find: { comment: 'defconf: accept established,related,untracked' }, props: { chain: 'input', action: 'drop', 'src-mac-address': '02:00:00:00:00:99' } } },
  { name: 'an output drop out of the uplink', profile: 'edge', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule({ chain: 'output', action: 'drop', 'out-interface': 'sfp-sfpplus1', protocol: 'tcp', 'src-port': '22' }) },
  { name: 'drop the dynamic interfaces at the top', profile: 'home', kind: 'harmless', tool: 'firewall_add_filter_rule', args: rule(input({ 'in-interface-list': 'dynamic' }), atTop) },
  { name: "stop taking DNS from the DHCP client (chr)", profile: 'chr', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/dhcp-client', find: { interface: 'ether1' }, props: { 'use-peer-dns': 'false' } } },
  { name: 'comment on the only interface (chr)', profile: 'chr', kind: 'harmless', tool: 'interface_set_comment', args: () => ({ interface: 'ether1', comment: 'hypervisor' }) },
  { name: "a second address beside the leased one, not the client's (chr)", profile: 'chr', kind: 'harmless', tool: 'ip_add_address', args: () => ({ address: '10.0.2.16/24', interface: 'ether1' }) },
  { name: 'disable winbox', profile: 'home', kind: 'harmless', tool: 'pipeline', pipeline: { menu: 'ip/service', find: { name: 'winbox' }, props: { disabled: 'true' } } },
];
