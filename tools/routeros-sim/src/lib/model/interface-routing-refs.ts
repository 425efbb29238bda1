/**
 * References checked by model/interface-routing-more-values.ts, for model/value-rule-refs.ts: RouterOS stores the
 * row's id, so a renamed VRF shows under its new name (model/device-state.ts follows them). A leaf: no imports.
 */
export const INTERFACE_ROUTING_VALUE_REFS: Record<string, Record<string, string[]>> = {
  'interface/vxlan': { 'vtep-vrf': ['ip/vrf'] },
};
