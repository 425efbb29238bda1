import type { Row } from '../rest/print-query';
import { errors } from '../rest/rest-error';
import { BUILTIN_QUEUE_TYPES } from './queue-types';
import { ROUTING_MORE_REFS } from './routing-more-refs';
import { IP_TOOL_REFS } from './ip-tool-refs';
import { INTERFACE_SYSTEM_GENERIC_REFS } from './interface-system-refs';
import { mergeByMenu } from './merge-by-menu';

/**
 * References of generic menus (model/generic-menus.ts): arguments that name a row of another menu by its `name`.
 * The table was chosen argument by argument from a walk of both vendored trees (every generic menu's `add`/`set`
 * argument whose name reads as a reference), each from the meaning MikroTik's manual gives it (none confirmed on a
 * real router; the keywords are choices without a source). Left free on purpose:
 * firewall-style `address-list`, `src-address-list`, `dst-address-list` (the manual's Address-lists page: a rule
 * names a list that need not exist, `add-src-to-address-list` creates it), status menus (`routing/isis/lsp`,
 * `tool/mac-server/sessions`, `ip/pool/used`…), `ip/traffic-flow/ipfix` (its `in-interface` is a yes/no field),
 * ports, scripts, SMB share users, `routing/route/rule` and arguments whose manual text names no menu
 * (docs/simulator.md lists the choices made without a source).
 */
export interface RefRule {
  /** Menus whose rows' names the value may be (an interface: every interface, via the `interface` aggregate). */
  menus: string[];
  /** Words RouterOS takes there besides names (`all`, `none`, `main`…). */
  keywords?: string[];
  /** A comma list of names. */
  list?: boolean;
  /** A firewall-style matcher: `!name` negates. */
  negatable?: boolean;
  /** The word RouterOS's refusal names (`…any value of interface`); the argument itself when absent. */
  noun?: string;
}

const IFACE = (keywords: string[] = []): RefRule => ({ menus: ['interface'], keywords, noun: 'interface' });
const IFACES = (keywords: string[] = []): RefRule => ({ menus: ['interface'], keywords, list: true, noun: 'interface' });
/** Interfaces or interface lists (routing templates, VRFs, CAPs discovery): both are accepted by name. */
const IFACES_OR_LISTS = (keywords: string[] = []): RefRule => ({ menus: ['interface', 'interface/list'], keywords, list: true, noun: 'interface' });
/** Interface lists: the built-in `all`, `none`, `dynamic`, `static` are rows of /interface/list (model/profiles.ts). */
const IFLIST: RefRule = { menus: ['interface/list'], noun: 'interface-list' };
const BRIDGE: RefRule = { menus: ['interface/bridge'], noun: 'interface' };
const MATCH_IFACE: RefRule = { ...IFACE(), negatable: true };
const MATCH_BRIDGE: RefRule = { ...BRIDGE, negatable: true };
const MATCH_IFLIST: RefRule = { ...IFLIST, negatable: true };
/** A VRF, or `main` (the manual's VRF page: the main routing table is the default VRF). */
const VRF: RefRule = { menus: ['ip/vrf'], keywords: ['main'] };
/** As the curated `ip/route routing-table`: a table, a VRF's table, or `main`. */
const TABLE: RefRule = { menus: ['routing/table', 'ip/vrf'], keywords: ['main'] };
const POOL = (keywords: string[] = []): RefRule => ({ menus: ['ip/pool'], keywords });
const CERT = (keywords: string[] = ['none']): RefRule => ({ menus: ['certificate'], keywords });
const PPP_PROFILE: RefRule = { menus: ['ppp/profile'] };
const row = (menu: string, keywords: string[] = []): RefRule => ({ menus: [menu], keywords });

const MATCHERS: Record<string, RefRule> = {
  'in-interface': MATCH_IFACE, 'out-interface': MATCH_IFACE,
  'in-interface-list': MATCH_IFLIST, 'out-interface-list': MATCH_IFLIST,
};
const BRIDGE_MATCHERS: Record<string, RefRule> = {
  ...MATCHERS, 'in-bridge': MATCH_BRIDGE, 'out-bridge': MATCH_BRIDGE, 'in-bridge-list': MATCH_IFLIST, 'out-bridge-list': MATCH_IFLIST,
};
const FIREWALL_MATCHERS: Record<string, RefRule> = {
  ...MATCHERS, 'in-bridge-port': MATCH_IFACE, 'out-bridge-port': MATCH_IFACE, 'in-bridge-port-list': MATCH_IFLIST, 'out-bridge-port-list': MATCH_IFLIST,
};

/** `menu` → argument → rule. A menu a version lacks, or whose target menus it lacks, is skipped for that version. */
export const GENERIC_REFS: Record<string, Record<string, RefRule>> = {
  'interface/bridge/filter': BRIDGE_MATCHERS,
  'interface/bridge/nat': BRIDGE_MATCHERS,
  'interface/bridge/calea': BRIDGE_MATCHERS,
  'ip/firewall/calea': FIREWALL_MATCHERS,
  'interface/bridge/mdb': { bridge: BRIDGE, ports: IFACES() },
  'interface/bridge/msti': { bridge: BRIDGE },
  'interface/bridge/port-controller': { bridge: BRIDGE, 'cascade-ports': IFACES() },
  'interface/bridge/port-extender': { 'control-ports': IFACES(), 'excluded-ports': IFACES() },
  'interface/bridge/port/mst-override': { interface: IFACE() },
  'interface/detect-internet': { 'detect-interface-list': IFLIST, 'internet-interface-list': IFLIST, 'lan-interface-list': IFLIST, 'wan-interface-list': IFLIST },
  'interface/dot1x/client': { interface: IFACE(), certificate: CERT() },
  'interface/dot1x/server': { interface: IFACE() },
  'interface/l2tp-server/server': { 'default-profile': PPP_PROFILE, 'l2tpv3-ether-interface-list': IFLIST },
  'interface/ovpn-server/server': { 'default-profile': PPP_PROFILE, certificate: CERT(), vrf: VRF },
  'interface/pppoe-server/server': { 'default-profile': PPP_PROFILE, interface: IFACE() },
  'interface/pptp-server/server': { 'default-profile': PPP_PROFILE },
  'interface/sstp-server/server': { 'default-profile': PPP_PROFILE, certificate: CERT() },
  'interface/ppp-client': { profile: PPP_PROFILE },
  'interface/ppp-server': { profile: PPP_PROFILE },
  'interface/lte/apn': { 'passthrough-interface': IFACE(['none']), 'ipv6-interface': IFACE(['none']) },
  'interface/mesh/port': { interface: IFACE() },
  'interface/vxlan/vteps': { interface: IFACE() },
  // Wi-Fi access list: `interface (interface | interface-list | any)` (WiFi manual, Access List).
  'interface/wifi/access-list': { interface: { menus: ['interface', 'interface/list'], keywords: ['any'], noun: 'interface' } },
  'interface/wifi/cap': { 'discovery-interfaces': IFACES_OR_LISTS(), 'slaves-datapath': row('interface/wifi/datapath'), certificate: CERT(['none', 'request']) },
  'ip/dhcp-relay': { interface: IFACE(), 'dhcp-server-vrf': VRF },
  'ip/dhcp-server/alert': { interface: IFACE() },
  // The DHCP page: option sets combine options of the option list; a binding adds options from it.
  'ip/dhcp-server/option/sets': { options: { menus: ['ip/dhcp-server/option'], list: true } },
  'ipv6/dhcp-server/option/sets': { options: { menus: ['ipv6/dhcp-server/option'], list: true } },
  'ip/dhcp-server/matcher': { 'address-pool': POOL(['none', 'static-only']), server: row('ip/dhcp-server', ['all']), 'option-set': row('ip/dhcp-server/option/sets', ['none']) },
  'ip/hotspot': { interface: IFACE(), 'address-pool': POOL(['none']), profile: row('ip/hotspot/profile') },
  'ip/hotspot/ip-binding': { server: row('ip/hotspot', ['all']) },
  'ip/hotspot/user': { server: row('ip/hotspot', ['all']), profile: row('ip/hotspot/user/profile') },
  'ip/hotspot/walled-garden': { server: row('ip/hotspot', ['all']) },
  'ip/hotspot/walled-garden/ip': { server: row('ip/hotspot', ['all']) },
  'ip/hotspot/profile': { 'ssl-certificate': CERT(), 'trial-user-profile': row('ip/hotspot/user/profile') },
  'ip/hotspot/user/profile': { 'address-pool': POOL(['none']) },
  'ip/ipsec/mode-config': { 'address-pool': POOL(['none']) },
  'ip/kid-control/device': { user: row('ip/kid-control') },
  'ip/media': { interface: IFACE() },
  'ip/nat-pmp/interfaces': { interface: IFACE() },
  'ip/packing': { interface: IFACE() },
  'ip/smb': { interfaces: IFACES_OR_LISTS(['all']) },
  'ip/socks': { vrf: VRF },
  'ip/traffic-flow': { interfaces: IFACES(['all']) },
  'ip/upnp/interfaces': { interface: IFACE() },
  'ip/vrf': { interfaces: IFACES_OR_LISTS() },
  'ipv6/dhcp-relay': { interface: IFACE() },
  'ipv6/dhcp-server/binding': { 'prefix-pool': row('ipv6/pool'), server: row('ipv6/dhcp-server', ['all']), 'dhcp-option': { menus: ['ipv6/dhcp-server/option', 'ipv6/dhcp-server/option/sets'], list: true },
    'queue-type': row('queue/type', BUILTIN_QUEUE_TYPES), 'insert-queue-before': row('queue/simple', ['bottom', 'first']), 'parent-queue': row('queue/simple', ['none']) },
  'ipv6/nd/proxy': { interface: IFACE() },
  'ipv6/neighbor': { interface: IFACE() },
  'mpls/interface': { interface: IFACE(['all']) },
  'mpls/ldp': { vrf: VRF },
  'mpls/ldp/accept-filter': { vrf: VRF },
  'mpls/ldp/advertise-filter': { vrf: VRF },
  'mpls/ldp/interface': { interface: IFACE(['all']) },
  'mpls/ldp/local-mapping': { vrf: VRF },
  'mpls/ldp/remote-mapping': { vrf: VRF },
  'mpls/traffic-eng/interface': { interface: IFACE() },
  'mpls/traffic-eng/tunnel': { vrf: VRF },
  'queue/interface': { queue: row('queue/type') },
  'radius': { certificate: CERT() },
  'tool/netwatch': { certificate: CERT() },
  'radius/incoming': { vrf: VRF },
  'routing/bfd/configuration': { interfaces: IFACES_OR_LISTS(['all']), vrf: VRF },
  'routing/bgp/evpn': { instance: row('routing/bgp/instance'), vrf: VRF },
  'routing/bgp/instance': { 'routing-table': TABLE, vrf: VRF },
  'routing/bgp/vpls': { bridge: BRIDGE, vrf: VRF },
  'routing/bgp/vpn': { instance: row('routing/bgp/instance'), vrf: VRF },
  'routing/gmp': { interfaces: IFACES_OR_LISTS() },
  'routing/id': { 'select-from-vrf': VRF },
  'routing/igmp-proxy/interface': { interface: IFACE(['all']) },
  'routing/igmp-proxy/mfc': { 'downstream-interfaces': IFACES(), 'upstream-interface': IFACE() },
  'routing/isis/instance': { vrf: VRF },
  'routing/isis/interface-template': { instance: row('routing/isis/instance'), interfaces: IFACES_OR_LISTS() },
  'routing/ospf/area/range': { area: row('routing/ospf/area') },
  'routing/ospf/static-neighbor': { area: row('routing/ospf/area') },
  'routing/pimsm/bsr/candidate': { instance: row('routing/pimsm/instance') },
  'routing/pimsm/bsr/rp-candidate': { instance: row('routing/pimsm/instance') },
  'routing/pimsm/igmp-interface-template': { instance: row('routing/pimsm/instance'), interfaces: IFACES_OR_LISTS() },
  'routing/pimsm/instance': { vrf: VRF },
  'routing/pimsm/interface-template': { instance: row('routing/pimsm/instance'), interfaces: IFACES_OR_LISTS() },
  'routing/pimsm/static-rp': { instance: row('routing/pimsm/instance') },
  'routing/rip/instance': { 'routing-table': TABLE, vrf: VRF },
  'routing/rip/interface-template': { instance: row('routing/rip/instance'), interfaces: IFACES_OR_LISTS() },
  'routing/rip/static-neighbor': { instance: row('routing/rip/instance') },
  'routing/rpki': { vrf: VRF },
  'special-login': { user: row('user') },
  'system/ntp/server': { vrf: VRF },
  'tool/e-mail': { vrf: VRF },
  'tool/graphing/interface': { interface: IFACE(['all']) },
  'tool/graphing/queue': { 'simple-queue': row('queue/simple', ['all']) },
  'tool/mac-server': { 'allowed-interface-list': IFLIST },
  'tool/mac-server/mac-winbox': { 'allowed-interface-list': IFLIST },
  'tool/romon/port': { interface: IFACE(['all']) },
  'tool/sniffer': { 'filter-interface': IFACES(['all']) },
  'tool/traffic-generator/packet-template': { interface: IFACE() },
  'tool/traffic-generator/port': { interface: IFACE() },
  'tool/traffic-monitor': { interface: IFACE() },
  'user/aaa': { 'default-group': row('user/group'), 'exclude-groups': { menus: ['user/group'], list: true } },
};
// Area tables kept in their own files (routing, /ip and tools, interfaces and system), merged per menu.
mergeByMenu(GENERIC_REFS, ROUTING_MORE_REFS, IP_TOOL_REFS, INTERFACE_SYSTEM_GENERIC_REFS);

/** Checks a reference; returns the value as written or throws RouterOS's `input does not match any value of X`. */
export function checkRef(rule: RefRule, key: string, value: string, rowsOf: (path: string) => Row[]): string {
  // Clearing a reference is left to the menu, as the tree-described arguments do (chosen without a source).
  if (value === '') return value;
  const names = () => new Set(rule.menus.flatMap((m) => rowsOf(m).map((r) => r['name'])));
  let known: Set<string | undefined> | undefined;
  const one = (name: string) => {
    const bare = rule.negatable && name.startsWith('!') ? name.slice(1) : name;
    if (rule.keywords?.includes(bare)) return;
    known ??= names();
    if (!known.has(bare)) throw errors.noMatch(rule.noun ?? key);
  };
  for (const name of rule.list ? value.split(',') : [value]) one(name);
  return value;
}

/** The reference rules of one generic menu on a tree that has `hasMenu`; undefined when it has none. */
export function genericRefsOf(path: string, args: readonly string[], hasMenu: (path: string) => boolean): Record<string, RefRule> | undefined {
  const table = GENERIC_REFS[path];
  if (!table) return undefined;
  const rules = Object.fromEntries(args.filter((a) => table[a] && table[a].menus.every((m) => m === 'interface' || hasMenu(m))).map((a) => [a, table[a]]));
  return Object.keys(rules).length > 0 ? rules : undefined;
}
