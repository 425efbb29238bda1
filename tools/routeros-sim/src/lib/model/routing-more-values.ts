import type { ArgContext } from './arg-rules';
import { invalidArg, numberIn } from './arg-rules';
import { checkAddress } from './generic-addresses';
import type { GenericValueRule } from './generic-values';
import type { RefRule } from './generic-refs';
import { U32 } from './value-bounds';
import { enumRule as word, intRule as num, refRule as ref, ruleOf as valueRule, shapedRule as shaped, SourcedRule } from './value-rule-builders';

/**
 * Value syntax of the routing and MPLS menus' arguments model/routing-values.ts left undescribed, and of
 * `/interface/vpls` and `/interface/vrrp`, each read from its menu's page of MikroTik's CLI reference (`source`):
 * `enum (a | b)` lists, `bool`/`switch` toggles, `num` (no range stated: RouterOS's unsigned 32 bits, as
 * model/generic-values.ts), `range` (`n` or `n-m`), and references to other menus' rows where RouterOS refuses an
 * unknown name. Names RouterOS takes on first use (filter chains, address lists, community and num lists) are free
 * text (model/routing-text-args.ts); the rest left free is listed in docs/simulator.md with the reason.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const page = (path: string) => `${CLI}/${path}.md`;
const VPLS = page('interface/vpls');
const VRRP = page('interface/vrrp');
const FANTASY = page('routing/fantasy');
const BFD = page('routing/bfd/configuration');
const IGMP_IFACE = page('routing/igmp-proxy/interface');
const ROUTE = page('routing/route');
const RULE = page('routing/rule');
const LDP = page('mpls/ldp');
const MPLS_SETTINGS = page('mpls/settings');
const TE_IFACE = page('mpls/traffic-eng/interface');
const TE_PATH = page('mpls/traffic-eng/path');
const TE_TUNNEL = page('mpls/traffic-eng/tunnel');

const ARP = ['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'];

/**
 * The reference's `range`: `n` or `from-to`, each an unsigned 32-bit integer (no bound stated). Written high to low
 * is taken, as routing-values.ts's num-list `range` does: nothing says RouterOS refuses it.
 */
export const numberOrRange = (key: string, value: string): string => {
  const m = /^(\d+)(?:-(\d+))?$/.exec(value);
  if (!m) throw invalidArg(key);
  numberIn(key, m[1], 0, U32);
  if (m[2] !== undefined) numberIn(key, m[2], 0, U32);
  return value;
};
/** `multi { num [0 .. 100] }`: a comma list of percentages (traffic-eng flood thresholds). */
const percentages = (key: string, value: string): string => {
  for (const part of value.split(',')) numberIn(key, part, 0, 100);
  return value;
};
/** `address (flags=46i)`: an IPv4 or IPv6 address, as generic-addresses.ts types RIP's static neighbour's. */
const ipAddress = (key: string, value: string): string => checkAddress({ kind: 'ip', scoped: true }, key, value);
/** LDP mappings' `label`: a reserved label's name or `num [16 .. 1048576]`. */
const LABEL: GenericValueRule = { kind: 'integer', min: 16, max: 1048576, keywords: ['alert', 'expl-null', 'expl-null6', 'impl-null'], source: LDP };
/** RSVP-TE path constraints a path and a tunnel share (`num`: priorities and affinity bit masks). */
const TE_CONSTRAINTS = (source: string): Record<string, GenericValueRule> => Object.fromEntries(
  ['affinity-exclude', 'affinity-include-all', 'affinity-include-any', 'holding-priority', 'setup-priority'].map((arg) => [arg, num(source)]),
);

/** Generic menus → argument → rule, merged with the other areas' tables by model/generic-menus.ts. */
export const ROUTING_MORE_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'mpls/interface': { 'mpls-mtu': num(page('mpls/interface')) },
  'mpls/ldp': { 'hop-limit': num(LDP), 'path-vector-limit': num(LDP), 'preferred-afi': word(['ip', 'ipv6'], LDP) },
  'mpls/ldp/local-mapping': { label: { ...LABEL, source: page('mpls/ldp/local-mapping') } },
  'mpls/ldp/remote-mapping': { label: { ...LABEL, source: page('mpls/ldp/remote-mapping') }, nexthop: shaped(ipAddress, page('mpls/ldp/remote-mapping')) },
  'mpls/mangle': { 'set-exp': word(['0', '1', '2', '3', '4', '5', '6', '7'], page('mpls/mangle')) },
  // `propagate-ttl` is `enum (yes | no)` here, not a `bool`: RouterOS prints the word.
  'mpls/settings': { 'dynamic-label-range': shaped(numberOrRange, MPLS_SETTINGS), 'propagate-ttl': word(['no', 'yes'], MPLS_SETTINGS) },
  'mpls/traffic-eng/interface': {
    ...Object.fromEntries(['bandwidth', 'blockade-k-factor', 'k-factor', 'resource-class', 'te-metric'].map((arg) => [arg, num(TE_IFACE)])),
    'down-flood-thresholds': shaped(percentages, TE_IFACE),
    'up-flood-thresholds': shaped(percentages, TE_IFACE),
  },
  'mpls/traffic-eng/path': TE_CONSTRAINTS(TE_PATH),
  'mpls/traffic-eng/tunnel': {
    ...TE_CONSTRAINTS(TE_TUNNEL),
    ...Object.fromEntries(['auto-bandwidth-reserve', 'bandwidth', 'bandwidth-limit'].map((arg) => [arg, num(TE_TUNNEL)])),
  },
  'routing/bfd/configuration': { multiplier: num(BFD) },
  'routing/fantasy': {
    count: num(FANTASY),
    offset: num(FANTASY),
    ...Object.fromEntries(['dealer-id', 'instance-id', 'prefix-length', 'priv-offs', 'priv-size', 'scope', 'target-scope'].map((arg) => [arg, shaped(numberOrRange, FANTASY)])),
  },
  'routing/igmp-proxy/interface': { threshold: num(IGMP_IFACE) },
  // The 7.15-era policy rules (`/routing/route/rule`), the reference's routing/route page.
  'routing/route/rule': { action: word(['drop', 'lookup', 'lookup-only-in-table', 'unreachable'], ROUTE), 'min-prefix': num(ROUTE) },
};

/** Yes/no arguments (`bool` or `switch` on the page) of those generic menus, as routing-values.ts's ROUTING_ARG_BOOLS. */
export const ROUTING_MORE_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  'mpls/interface': { args: ['input'], source: page('mpls/interface') },
  'mpls/ldp': { args: ['distribute-for-default', 'loop-detect', 'use-explicit-null'], source: LDP },
  'mpls/ldp/accept-filter': { args: ['accept'], source: page('mpls/ldp/accept-filter') },
  'mpls/ldp/advertise-filter': { args: ['advertise'], source: page('mpls/ldp/advertise-filter') },
  'mpls/ldp/interface': { args: ['accept-dynamic-neighbors'], source: page('mpls/ldp/interface') },
  'mpls/ldp/neighbor': { args: ['send-targeted'], source: page('mpls/ldp/neighbor') },
  'mpls/traffic-eng/interface': { args: ['use-udp'], source: TE_IFACE },
  'mpls/traffic-eng/path': { args: ['record-route', 'use-cspf'], source: TE_PATH },
  'mpls/traffic-eng/tunnel': { args: ['record-route', 'secondary-standby'], source: TE_TUNNEL },
  'routing/bfd/configuration': { args: ['forbid-bfd'], source: BFD },
  'routing/fantasy': { args: ['use-hold'], source: FANTASY },
  'routing/gmp': { args: ['exclude'], source: page('routing/gmp') },
  'routing/igmp-proxy': { args: ['quick-leave'], source: page('routing/igmp-proxy') },
  'routing/igmp-proxy/interface': { args: ['upstream'], source: IGMP_IFACE },
  'routing/settings': { args: ['single-process'], source: page('routing/settings') },
};

/** A VRF, or `main` (as model/generic-refs.ts's VRF). */
const VRF: RefRule = { menus: ['ip/vrf'], keywords: ['main'] };
/** A routing table, a VRF's table, or `main` (as model/generic-refs.ts's TABLE). */
const TABLE: RefRule = { menus: ['routing/table', 'ip/vrf'], keywords: ['main'] };
const OSPF_AREA: RefRule = { menus: ['routing/ospf/area'] };

/** `/interface/vpls` and `/interface/vrrp` are curated interfaces (model/ppp-interfaces.ts, menus.ts). */
const VPLS_VALUES: Record<string, GenericValueRule> = {
  arp: word(ARP, VPLS),
  'bridge-cost': num(VPLS),
  'bridge-horizon': num(VPLS, 0, U32, ['none']), // the page: `when set to none, bridge horizon is not used`
  'bridge-pvid': num(VPLS),
  'cisco-static-id': num(VPLS),
  'pw-control-word': word(['default', 'disabled', 'enabled'], VPLS),
  'pw-l2mtu': num(VPLS),
  'pw-type': word(['raw-ethernet', 'tagged-ethernet', 'vpls'], VPLS),
};
const VRRP_VALUES: Record<string, GenericValueRule> = {
  arp: word(ARP, VRRP),
  authentication: word(['ah', 'none', 'simple'], VRRP),
  'connection-tracking-mode': word(['active-active', 'passive-active'], VRRP),
  'connection-tracking-port': num(VRRP),
  'v3-protocol': word(['ipv4', 'ipv6'], VRRP),
};
/** `bridge`: iface_enum, the bridge the VPLS interface joins. */
const BRIDGE: RefRule = { menus: ['interface/bridge'], noun: 'interface' };
/** `iface_enum { none, self }`: the VRRP interface the group follows, or either word. */
const VRRP_GROUP: RefRule = { menus: ['interface'], keywords: ['none', 'self'], noun: 'interface' };
const valueRules = (rules: Record<string, GenericValueRule>) => Object.fromEntries(Object.entries(rules).map(([arg, rule]) => [arg, valueRule(rule)]));

/**
 * Curated routing menus (model/routing-config.ts, model/menus.ts) → argument → rule, reached from model/arg-rules.ts
 * after routing-values.ts. The references follow renames (model/routing-more-refs.ts's ROUTING_MORE_VALUE_REFS).
 */
export const ROUTING_MORE_CURATED: Record<string, Record<string, SourcedRule>> = {
  'interface/vpls': { ...valueRules(VPLS_VALUES), bridge: ref(BRIDGE, VPLS) },
  'interface/vrrp': { ...valueRules(VRRP_VALUES), 'group-authority': ref(VRRP_GROUP, VRRP), 'group-master': ref(VRRP_GROUP, VRRP) },
  'routing/bgp/template': { vrf: ref(VRF, page('routing/bgp/template')), 'routing-table': ref(TABLE, page('routing/bgp/template')) },
  'routing/bgp/connection': { vrf: ref(VRF, page('routing/bgp/connection')) },
  'routing/ospf/instance': { vrf: ref(VRF, page('routing/ospf/instance')) },
  'routing/ospf/interface-template': { 'vlink-transit-area': ref(OSPF_AREA, page('routing/ospf/interface-template')) },
  'routing/rule': { 'min-prefix': valueRule(num(RULE)) },
};

/** The stored form of a curated routing menu's argument this file types, or undefined when it types none. */
export function routingMoreValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return ROUTING_MORE_CURATED[ctx.path]?.[key]?.check(key, value, ctx);
}
