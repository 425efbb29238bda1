import type { ArgContext } from './arg-rules';
import { invalidArg, numberIn } from './arg-rules';
import type { GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { boolRule as bool, numRule as num, refRule as ref, ruleOf as generic, wordRule as word, SourcedRule } from './value-rule-builders';
import { BRIDGE_FILTER_VALUES } from './bridge-filter-values';

/**
 * Value syntax of the bridge menus' arguments that neither the tree nor a curated rule describes, read from MikroTik's
 * CLI reference of each menu (`source`): its `enum (a | b)` lists, `bool` toggles and `num` (no range: RouterOS's
 * unsigned 32 bits, as in model/generic-values.ts). Curated menus (`/interface/bridge`, `port`, `vlan`, `host`) reach
 * BRIDGE_VALUES through arg-rules.ts; generic ones (`mdb`, `msti`, `port/mst-override`, `filter`, `nat`, `calea`) BRIDGE_GENERIC_VALUES through
 * generic-menus.ts. What stays free and why: docs/simulator.md ("Values of the bridge and tunnel menus").
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference/interface/bridge';
const BRIDGE = `${CLI}.md`;
const PORT = `${CLI}/port.md`;
const VLAN = `${CLI}/vlan.md`;
const HOST = `${CLI}/host.md`;
const MDB = `${CLI}/mdb.md`;
const MSTI = `${CLI}/msti.md`;
const MST_OVERRIDE = `${CLI}/port/mst-override.md`;
/** The Bridge manual page: a port's `horizon (integer 0..429496729 | none; Default: none)`, which prints `none`. */
const BRIDGING = 'https://help.mikrotik.com/docs/spaces/ROS/pages/328068/Bridging+and+Switching';
type Rule = SourcedRule;
const bools = (args: string[], source: string) => Object.fromEntries(args.map((arg) => [arg, bool(source)]));

/** A port's (and an MST override's) priority: `enum (0x00 | 0x10 | … | 0xf0)`, the steps of 16 the reference lists. */
export const PORT_PRIORITIES = Array.from({ length: 16 }, (_, i) => `0x${(i * 16).toString(16).padStart(2, '0')}`);
/**
 * A bridge's (and an MSTI's) priority: `alt { enum (0x0000 | 0x1000 | … | 0xf000), num [0 .. 65535] }`. The listed
 * words, or a number within the range written in decimal or as RouterOS's `0x` hex (how it prints `0x8000`); stored
 * as written.
 */
const bridgePriority = (source: string): GenericValueRule => ({
  kind: 'shaped',
  source,
  check: (key, value) => {
    const hex = /^0x([0-9a-fA-F]+)$/.exec(value);
    if (hex) {
      if (parseInt(hex[1], 16) > 65535) throw invalidArg(key);
      return value;
    }
    numberIn(key, value, 0, 65535);
    return value;
  },
});
const ARP = ['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'];
const FRAME_TYPES = ['admit-all', 'admit-only-untagged-and-priority-tagged', 'admit-only-vlan-tagged'];
const MULTICAST_ROUTER = ['disabled', 'permanent', 'temporary-query'];

export const BRIDGE_VALUES: Record<string, Record<string, Rule>> = {
  'interface/bridge': {
    arp: word(ARP, BRIDGE),
    'protocol-mode': word(['mstp', 'none', 'rstp', 'stp'], BRIDGE),
    'multicast-router': word(MULTICAST_ROUTER, BRIDGE),
    'igmp-version': word(['2', '3'], BRIDGE),
    'mld-version': word(['1', '2'], BRIDGE),
    'ether-type': word(['0x8100', '0x88a8', '0x9100'], BRIDGE),
    'frame-types': word(FRAME_TYPES, BRIDGE),
    'port-cost-mode': word(['long', 'short'], BRIDGE),
    'max-learned-entries': num(BRIDGE, ['auto', 'unlimited']),
    priority: generic(bridgePriority(BRIDGE)),
    ...Object.fromEntries(['startup-query-count', 'last-member-query-count', 'transmit-hold-count', 'region-revision', 'max-hops'].map((arg) => [arg, num(BRIDGE)])),
    ...bools(['fast-forward', 'multicast-querier', 'ingress-filtering', 'dhcp-snooping', 'mvrp', 'forward-reserved-addresses'], BRIDGE),
  },
  'interface/bridge/port': {
    priority: word(PORT_PRIORITIES, PORT),
    'path-cost': num(PORT),
    'internal-path-cost': num(PORT),
    horizon: num(`${PORT} ${BRIDGING}`, ['none']),
    'point-to-point': word(['auto', 'no', 'yes'], PORT),
    learn: word(['auto', 'no', 'yes'], PORT),
    'frame-types': word(FRAME_TYPES, PORT),
    'mvrp-registrar-state': word(['fixed', 'normal'], PORT),
    'mvrp-applicant-state': word(['non-participant', 'normal-participant'], PORT),
    'multicast-router': word(MULTICAST_ROUTER, PORT),
    ...bools(['auto-isolate', 'restricted-role', 'restricted-tcn', 'ingress-filtering', 'unknown-unicast-flood', 'unknown-multicast-flood', 'broadcast-flood', 'tag-stacking', 'bpdu-guard', 'trusted', 'fast-leave'], PORT),
  },
  // Interfaces or interface lists, a comma list (`multi { alt { iface_enum, interface-list } }`).
  'interface/bridge/vlan': { 'mvrp-forbidden': ref({ menus: ['interface', 'interface/list'], list: true }, VLAN) },
  'interface/bridge/host': {
    bridge: ref({ menus: ['interface/bridge'] }, HOST),
    interface: ref({ menus: ['interface'] }, HOST),
    vid: num(HOST),
    disabled: bool(HOST),
  },
};

/** Generic bridge menus (model/generic-menus.ts merges these with model/generic-values.ts's); the bridge firewall's from model/bridge-filter-values.ts. */
export const BRIDGE_GENERIC_VALUES: Record<string, Record<string, GenericValueRule>> = {
  ...BRIDGE_FILTER_VALUES,
  'interface/bridge/mdb': { vid: { kind: 'integer', min: 0, max: U32, source: MDB } },
  'interface/bridge/msti': {
    identifier: { kind: 'integer', min: 0, max: U32, source: MSTI },
    priority: bridgePriority(MSTI),
    'vlan-mapping': { kind: 'ranges', min: 1, max: 4094, source: MSTI },
  },
  'interface/bridge/port/mst-override': {
    identifier: { kind: 'integer', min: 0, max: U32, source: MST_OVERRIDE },
    priority: { kind: 'enum', values: PORT_PRIORITIES, source: MST_OVERRIDE },
    'internal-path-cost': { kind: 'integer', min: 0, max: U32, source: MST_OVERRIDE },
  },
};

/** The rule's stored form for a curated bridge menu's argument, or undefined when no rule here covers it. */
export function bridgeValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return BRIDGE_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
