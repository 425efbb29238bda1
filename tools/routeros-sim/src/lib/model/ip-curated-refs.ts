/**
 * The references model/ip-curated-values.ts and firewall-rest-values.ts check, for model/value-rule-refs.ts: a renamed
 * interface, VRF, IPv6 pool, DHCP client option or socksify service shows under its new name where these arguments
 * name it. Kept apart from the rules so the rename table loads without the value modules.
 */
export const IP_CURATED_REFS: Record<string, Record<string, string[]>> = {
  'ip/dhcp-client': { 'dhcp-options': ['ip/dhcp-client/option'] },
  'ip/route': { 'vrf-interface': ['interface'] },
  'ipv6/route': { 'vrf-interface': ['interface'] },
  'ip/service': { vrf: ['ip/vrf'] },
  'ipv6/address': { 'from-pool': ['ipv6/pool'] },
  'ip/firewall/nat': { 'socksify-service': ['ip/socksify'] },
};
