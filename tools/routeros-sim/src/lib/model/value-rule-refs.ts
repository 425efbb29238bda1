import { ROUTING_MORE_VALUE_REFS } from './routing-more-refs';
import { IP_CURATED_REFS } from './ip-curated-refs';
import { INTERFACE_SYSTEM_REFS } from './interface-system-refs';
import { CORE_MORE_REFS } from './core-more-refs';
import { INTERFACE_ROUTING_VALUE_REFS } from './interface-routing-refs';
import { mergeByMenu } from './merge-by-menu';

/**
 * References checked by value rules (model/firewall-values.ts, model/wifi-values.ts, model/arg-rules.ts) rather
 * than by a menu's `refs`: each argument names rows of the listed menus by name. RouterOS stores the row's internal
 * id, so a renamed row shows under its new name wherever it is named (model/device-state.ts follows them). Inline
 * profile properties (`security.eap-tls-certificate` on /interface/wifi) are references like their profile's own.
 */
/** Rule tables; `layer7-protocol` is an IPv4 filter, NAT and mangle matcher only (both trees: not raw, not IPv6). */
const FIREWALL_RULES = ['filter', 'nat', 'mangle', 'raw'].flatMap((table) => [`ip/firewall/${table}`, `ipv6/firewall/${table}`]);
const WIFI = (profile: string) => `interface/wifi/${profile}`;
/** A wifi profile's references, and its inline profiles' (`security.`, `datapath.` on the menus that write them). */
const WIFI_PROFILE_REFS: Record<string, string[]> = {
  security: [WIFI('security')], datapath: [WIFI('datapath')], channel: [WIFI('channel')], steering: [WIFI('steering')], interworking: [WIFI('interworking')],
  'security.eap-tls-certificate': ['certificate'], 'security.owe-transition-interface': ['interface'],
  'datapath.bridge': ['interface/bridge'], 'datapath.interface-list': ['interface/list'],
};

export const VALUE_RULE_REFS: Record<string, Record<string, string[]>> = {
  ...Object.fromEntries(FIREWALL_RULES.map((menu) => [menu, {
    ...(menu.startsWith('ip/') && !menu.endsWith('/raw') ? { 'layer7-protocol': ['ip/firewall/layer7-protocol'] } : {}),
    ...(menu.endsWith('/mangle') ? { 'new-routing-mark': ['routing/table', 'ip/vrf'] } : {}),
  }])),
  'interface/wifi': { ...WIFI_PROFILE_REFS, configuration: [WIFI('configuration')], aaa: [WIFI('aaa')], 'master-interface': ['interface/wifi'] },
  'interface/wifi/configuration': { ...WIFI_PROFILE_REFS, aaa: [WIFI('aaa')] },
  'interface/wifi/provisioning': { 'master-configuration': [WIFI('configuration')], 'slave-configurations': [WIFI('configuration')] },
  'interface/wifi/security': { 'eap-tls-certificate': ['certificate'], 'owe-transition-interface': ['interface'] },
  'interface/wifi/datapath': { bridge: ['interface/bridge'] },
};
// Area tables kept in their own files (routing, curated /ip and /ipv6 menus, interfaces and system), merged per menu.
mergeByMenu(VALUE_RULE_REFS, ROUTING_MORE_VALUE_REFS, IP_CURATED_REFS, INTERFACE_SYSTEM_REFS, CORE_MORE_REFS, INTERFACE_ROUTING_VALUE_REFS);

/** Arguments of `menu` that name rows of a menu `names` accepts. */
export function valueRuleRefFields(menu: string, names: (target: string) => boolean): string[] {
  return Object.entries(VALUE_RULE_REFS[menu] ?? {}).filter(([, targets]) => targets.some(names)).map(([field]) => field);
}
