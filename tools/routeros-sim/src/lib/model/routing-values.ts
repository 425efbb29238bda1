import { isIPv4 } from 'node:net';
import type { ArgContext } from './arg-rules';
import { invalidArg, numberIn } from './arg-rules';
import { checkGenericValue, GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { strictBool } from './menu-values';
import { routingConfigArg } from './routing-config';
import { enumRule as word, intRule as num, shapedRule as shaped } from './value-rule-builders';

/**
 * Value syntax of the routing menus' arguments (BGP, OSPF, route filters, RIP, PIM-SM, IS-IS) the command tree
 * leaves undescribed, read from MikroTik's CLI reference of each menu (`source`): its `enum (a | b)` lists, `bool`
 * and `switch` toggles, and `num` (an integer without a stated range: RouterOS's unsigned 32 bits, as in
 * model/generic-values.ts); the route filters' communities and number ranges by their shape, as exports write them.
 * Names of other things (filter chains, address lists, VRFs), composite values no rule here describes (route targets,
 * EVPN `vni`) and arguments whose pages or RouterOS's exports disagree stay free text (docs/simulator.md: which, why).
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference/routing';
const BGP = `${CLI}/bgp`;
const OSPF = `${CLI}/ospf`;
const FILTER = `${CLI}/filter`;
const RIP = `${CLI}/rip`;
const PIMSM = `${CLI}/pimsm`;
const ISIS = `${CLI}/isis`;

const ORIGINATE = ['always', 'if-installed', 'never'];
/** Each item of a comma list checked on its own. */
const eachOf = (item: (key: string, part: string) => void) => (key: string, value: string) => {
  for (const part of value.split(',')) item(key, part);
  return value;
};
/** `admin:value`-style parts, each an integer within [0, max]; `count` parts exactly. */
const numberParts = (count: number, max: number) => (key: string, part: string) => {
  const nums = part.split(':');
  if (nums.length !== count || nums.some((n) => !/^\d+$/.test(n))) throw invalidArg(key);
  for (const n of nums) numberIn(key, n, 0, max);
};
/** Well-known community names (the page's list, and `no-export-subconfed`, its RFC 1997 name the filter menu types). */
const WELL_KNOWN = ['accept-own', 'accept-own-nh', 'blackhole', 'graceful-shutdown', 'internet', 'llgr-stale', 'local-as', 'no-advertise', 'no-export', 'no-export-subconfed', 'no-llgr', 'no-peer', 'route-filter-4', 'route-filter-6', 'route-filter-xlate-4', 'route-filter-xlate-6'];
/** `as:number` (each 0..65535) or a well-known name: exports write `communities=9304:8`, `65535:666`. */
const community = eachOf((key, part) => (WELL_KNOWN.includes(part) ? undefined : numberParts(2, 65535)(key, part)));
/** `admin:value1:value2`, each 0..4294967295: exports write `communities=142108:16:26`. */
const largeCommunity = eachOf(numberParts(3, U32));
/**
 * A raw integer, or `rt|soo:` and a route-distinguisher-like `AS:number` / `IP:number` (exports write
 * `rt:142108:65404`); only the shape is checked, the part bounds depend on the form (chosen without a source).
 */
const extCommunity = eachOf((key, part) => {
  if (/^\d+$/.test(part)) return;
  const m = /^(rt|soo):([^:]+):(\d+)$/.exec(part);
  if (!m) throw invalidArg(key);
  if (!/^\d+(\.\d+)?$/.test(m[2]) && !isIPv4(m[2])) throw invalidArg(key);
});
/** `number` or `from-to`, each 0..4294967295 (`range=64512-65535`, `range=4200000000-4294967295` in exports). */
const numberRange = (key: string, value: string) => {
  const m = /^(\d+)(?:-(\d+))?$/.exec(value);
  if (!m) throw invalidArg(key);
  numberIn(key, m[1], 0, U32);
  if (m[2] !== undefined) numberIn(key, m[2], 0, U32);
  return value;
};
const AFFINITY = ['afi', 'alone', 'instance', 'main', 'remote-as', 'vrf'];

/**
 * Template properties, which a BGP connection takes too. `input.limit-process-routes-ipv4|ipv6` stay free: the page
 * lists `10 | 100 | … | 10000000`, yet exports write `input.limit-process-routes-ipv4=3000000`.
 */
const BGP_TEMPLATE: Record<string, GenericValueRule> = {
  'nexthop-choice': word(['default', 'force-self', 'propagate'], BGP),
  'cisco-vpls-nlri-len-fmt': word(['auto-bits', 'auto-bytes', 'bits', 'bytes'], BGP),
  'input.affinity': word(AFFINITY, BGP),
  'output.affinity': word([...AFFINITY, 'input'], BGP), // `input`: output only (the page)
  'output.default-originate': word(ORIGINATE, BGP),
  'input.allow-as': num(BGP),
  'output.default-prepend': num(BGP),
};

/** Curated menus (model/routing-config.ts) → argument → rule, checked through model/arg-rules.ts's curatedArg. */
export const ROUTING_CURATED_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'routing/bgp/template': BGP_TEMPLATE,
  'routing/bgp/connection': { ...BGP_TEMPLATE, 'local.ttl': num(BGP), 'remote.ttl': num(BGP) },
  'routing/ospf/instance': { 'originate-default': word(ORIGINATE, OSPF), 'domain-tag': num(OSPF) },
  'routing/ospf/area': { 'default-cost': num(OSPF), 'nssa-translator': word(['candidate', 'no', 'yes'], OSPF) },
  'routing/ospf/interface-template': { 'instance-id': num(OSPF), 'auth-id': num(OSPF) },
};

/**
 * Generic routing menus → argument → rule, applied like model/generic-values.ts's table (model/generic-menus.ts).
 * Left free: intervals and ages this reference gives as `num` (IS-IS's `*-interval` and `*-max-age`, PIM-SM's
 * `holdtime`, RIP's timeouts), since it gives RIP's `update-interval` as `num` too where the RIP page says `time`,
 * and no export shows which (docs/simulator.md).
 */
export const ROUTING_GENERIC_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'routing/bgp/vpls': {
    'bridge-cost': num(BGP),
    'bridge-horizon': num(BGP, 0, U32, ['none']), // the page: `when set to none, bridge horizon is not used`
    'bridge-pvid': num(BGP),
    'local-pref': num(BGP),
    'pw-control-word': word(['default', 'disabled', 'enabled'], BGP),
    'pw-l2mtu': num(BGP),
    'pw-type': word(['raw-ethernet', 'tagged-ethernet', 'vpls'], BGP),
    'site-id': num(BGP),
  },
  'routing/bgp/vpn': { 'label-allocation-policy': word(['per-prefix', 'per-vrf'], BGP) },
  'routing/ospf/area/range': { cost: num(OSPF) },
  'routing/ospf/static-neighbor': { 'instance-id': num(OSPF) },
  'routing/filter/select-rule': { 'do-take': num(FILTER) },
  'routing/filter/community-list': { communities: shaped(community, FILTER) },
  'routing/filter/community-large-list': { communities: shaped(largeCommunity, FILTER) },
  'routing/filter/community-ext-list': { communities: shaped(extCommunity, FILTER) },
  'routing/filter/num-list': { range: shaped(numberRange, FILTER) },
  // afi stays free: this reference says `ip | ipv6`, the RIP page `ipv4 | ipv6`.
  'routing/rip/instance': { 'originate-default': word(ORIGINATE, RIP) },
  'routing/rip/interface-template': { cost: num(RIP), mode: word(['passive', 'strict'], RIP) },
  'routing/rip/keys': { 'key-id': num(RIP) },
  // afi stays free: this reference says `ip | ipv6`, the PIM-SM page `ipv4 | ipv6`.
  'routing/pimsm/instance': { 'rp-hash-mask-length': num(PIMSM), 'switch-to-spt-bytes': num(PIMSM) },
  'routing/pimsm/bsr/candidate': { 'hashmask-length': num(PIMSM), priority: num(PIMSM), scope6: num(PIMSM) },
  'routing/pimsm/bsr/rp-candidate': { priority: num(PIMSM) },
  'routing/pimsm/interface-template': { priority: num(PIMSM) },
  'routing/isis/instance': {
    'areas-max': num(ISIS),
    'l1.lsp-max-size': num(ISIS),
    'l2.lsp-max-size': num(ISIS),
    'l1.originate-default': word(ORIGINATE, ISIS),
    'l2.originate-default': word(ORIGINATE, ISIS),
  },
  'routing/isis/interface': {
    ...Object.fromEntries(['l1', 'l2'].flatMap((l) => ['metric', 'hello-multiplier', 'priority'].map((a) => [`${l}.${a}`, num(ISIS)]))),
    'ptp.3way-state': word(['down', 'init', 'up'], ISIS),
  },
  'routing/isis/lsp': { level: word(['l1', 'l2'], ISIS), checksum: num(ISIS), sequence: num(ISIS) },
  'routing/isis/neighbor': { 'level-type': word(['l1', 'l2'], ISIS), state: word(['init', 'up'], ISIS) },
  'routing/isis/interface-template': Object.fromEntries([
    ...['ptp.hello-multiplier', 'ptp.l1.metric', 'ptp.l2.metric'],
    ...['l1', 'l2'].flatMap((l) => ['hello-multiplier', 'priority', 'metric'].map((a) => `bcast.${l}.${a}`)),
  ].map((a) => [a, num(ISIS)])),
};

/** Yes/no arguments (`bool` or `switch` on the page) of generic routing menus, as model/generic-values.ts's GENERIC_ARG_BOOLS. */
export const ROUTING_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  'routing/bgp/instance': { args: ['ignore-as-path-len'], source: BGP },
  'routing/ospf/area/range': { args: ['advertise'], source: OSPF },
  'routing/rip/interface-template': { args: ['poison-reverse', 'split-horizon'], source: RIP },
  'routing/pimsm/instance': { args: ['bsm-forward-back', 'crp-advertise-contained', 'rp-static-override', 'switch-to-spt'], source: PIMSM },
  'routing/pimsm/interface-template': { args: ['join-tracking-support'], source: PIMSM },
  'routing/isis/interface': { args: ['l1.passive', 'l2.passive', 'ptp'], source: ISIS },
  'routing/isis/interface-template': { args: ['ptp', 'ptp.hello-3way'], source: ISIS },
};

/**
 * The stored form for a curated routing menu's argument, or undefined when no rule here or in routing-config covers
 * it. BGP's 7.20-only yes/no `output.network-blackhole` (`bool` in the reference) is checked here rather than in the
 * menus' bools, which must be arguments on both trees; an empty value is left to the menu, as for the other rules.
 */
export function routingValue(key: string, value: string, ctx: ArgContext): string | undefined {
  if (key === 'output.network-blackhole' && ctx.path.startsWith('routing/bgp/') && ROUTING_CURATED_VALUES[ctx.path]) return value === '' ? value : strictBool(key, value);
  const own = routingConfigArg(ctx.path, key, value, ctx);
  if (own !== undefined) return own;
  const rule = ROUTING_CURATED_VALUES[ctx.path]?.[key];
  return rule ? checkGenericValue(rule, key, value) : undefined;
}
