import type { ArgContext } from './arg-rules';
import { boolRule as bool, numRule as num, refRule as ref, ruleOf, wordRule as word, SourcedRule } from './value-rule-builders';

/**
 * Arguments of the `/interface` and `/routing` menus typed in the second pass (the rest of those menus' free arguments
 * and why they stay free: model/interface-routing-free-args.ts). The PPTP client's from its CLI reference page, which
 * types them as the L2TP client's already typed (model/tunnel-values.ts); `mrru`'s `disabled` from the PPTP manual
 * page (`mrru (disabled | integer; Default: disabled)`), which the reference's bare `num` omits and exports write.
 * The bridge's `add-dhcp-option82`, absent from its CLI reference (7.23 removed it), from the Bridging page's
 * `(yes | no; Default: no)`. VXLAN's `ttl` and `vtep-vrf` (7.20), which the reference types a bare `num` and `enum`,
 * from the VXLAN page: `ttl (auto | integer: 0..255; Default: auto)`, `vtep-vrf (name; Default: main)`, a VRF as
 * BGP's and OSPF's `vrf` (an unknown one is refused; model/routing-more-values.ts), followed on rename
 * (model/interface-routing-refs.ts). The PPPoE client, which has no CLI reference page, from its manual page:
 * `default-route-distance (byte [0..255])`, `mrru (integer: 512..65535 | disabled)` (as the PPPoE server's).
 */
const PPTP_CLIENT = 'https://manual.mikrotik.com/docs/cli-reference/interface/pptp-client.md';
const PPTP_PAGE = 'https://help.mikrotik.com/docs/spaces/ROS/pages/2031638/PPTP';
const VXLAN = 'https://manual.mikrotik.com/docs/cli-reference/interface/vxlan.md';
const VXLAN_PAGE = 'https://help.mikrotik.com/docs/display/ROS/VXLAN';
const PPPOE_PAGE = 'https://manual.mikrotik.com/docs/virtual-private-networks/pppoe.md';
const BRIDGING = 'https://help.mikrotik.com/docs/spaces/ROS/pages/328068/Bridging+and+Switching';

/** Curated menus (model/menus.ts): reached from model/arg-rules.ts after the menus' own rules. */
export const INTERFACE_ROUTING_VALUES: Record<string, Record<string, SourcedRule>> = {
  'interface/bridge': { 'add-dhcp-option82': bool(BRIDGING) },
  'interface/vxlan': {
    ttl: ruleOf({ kind: 'integer', min: 0, max: 255, keywords: ['auto'], source: `${VXLAN} ${VXLAN_PAGE}` }),
    'vtep-vrf': ref({ menus: ['ip/vrf'], keywords: ['main'] }, `${VXLAN} ${VXLAN_PAGE}`),
  },
  'interface/pppoe-client': {
    'default-route-distance': ruleOf({ kind: 'integer', min: 0, max: 255, source: PPPOE_PAGE }),
    mrru: ruleOf({ kind: 'integer', min: 512, max: 65535, keywords: ['disabled'], source: PPPOE_PAGE }),
  },
  'interface/pptp-client': {
    'use-peer-dns': word(['exclusively', 'no', 'yes'], PPTP_CLIENT),
    'default-route-distance': num(PPTP_CLIENT),
    mrru: num(`${PPTP_CLIENT} ${PPTP_PAGE}`, ['disabled']),
  },
};

export function interfaceRoutingValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return INTERFACE_ROUTING_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
