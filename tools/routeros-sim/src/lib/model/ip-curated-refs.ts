/**
 * The references model/ip-curated-values.ts checks, for model/value-rule-refs.ts: a renamed interface, VRF or IPv6
 * pool shows under its new name where these arguments name it. Kept apart from the rules so the rename table loads
 * without the value modules.
 */
export const IP_CURATED_REFS: Record<string, Record<string, string[]>> = {
  'ip/dhcp-client': { 'dhcp-options': ['ip/dhcp-client/option'] },
  'ip/route': { 'vrf-interface': ['interface'] },
  'ipv6/route': { 'vrf-interface': ['interface'] },
  'ip/service': { vrf: ['ip/vrf'] },
  'ipv6/address': { 'from-pool': ['ipv6/pool'] },
};
