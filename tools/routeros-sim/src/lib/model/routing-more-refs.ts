import type { RefRule } from './generic-refs';

/**
 * References of generic MPLS menus to other menus' rows, from MikroTik's CLI reference
 * (an `enum` or `iface_enum` the firmware fills with those rows' names, so an unknown name is refused), merged into
 * model/generic-refs.ts's table; they follow renames as its own do. A leaf: imports types only.
 */
const TE_PATH = 'mpls/traffic-eng/path';

export const ROUTING_MORE_REFS: Record<string, Record<string, RefRule>> = {
  // `primary-path: enum`, `secondary-paths: multi { enum }`: /mpls/traffic-eng/path rows (traffic-eng/tunnel page).
  'mpls/traffic-eng/tunnel': { 'primary-path': { menus: [TE_PATH] }, 'secondary-paths': { menus: [TE_PATH], list: true } },
};

/** Curated menus' (VPLS, VRRP, BGP, OSPF) references checked by model/routing-more-values.ts, for model/value-rule-refs.ts (renames). */
export const ROUTING_MORE_VALUE_REFS: Record<string, Record<string, string[]>> = {
  'interface/vpls': { bridge: ['interface/bridge'] },
  'interface/vrrp': { 'group-authority': ['interface'], 'group-master': ['interface'] },
  'routing/bgp/template': { vrf: ['ip/vrf'], 'routing-table': ['routing/table', 'ip/vrf'] },
  'routing/bgp/connection': { vrf: ['ip/vrf'] },
  'routing/ospf/instance': { vrf: ['ip/vrf'] },
  'routing/ospf/interface-template': { 'vlink-transit-area': ['routing/ospf/area'] },
};
