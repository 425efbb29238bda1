import type { TextArgTable } from './text-args';

/**
 * Arguments of the firewall, bridge firewall, proxy, HotSpot walled garden, IPsec mode config and DNS menus that
 * MikroTik's CLI reference types as free text: `string` (`content`, `tls-host`, host names and paths a rule matches)
 * or an open `enum ()` naming what RouterOS creates on first use (packet, connection and routing marks, address lists a
 * rule adds to or matches, chains a bridge rule jumps to). RouterOS takes any name there, and so does the simulator.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const page = (menu: string) => `${CLI}/${menu}.md`;

const MATCHED_LISTS = ['src-address-list', 'dst-address-list'];
const MARKS = ['connection-mark', 'packet-mark', 'routing-mark'];
/** What each rule table takes beyond the shared lists, marks and `content` (the tree says which table has which). */
const RULE_TABLES: Record<string, string[]> = {
  filter: ['address-list', ...MATCHED_LISTS, ...MARKS, 'content', 'tls-host'],
  nat: ['address-list', ...MATCHED_LISTS, ...MARKS, 'content'],
  mangle: ['address-list', ...MATCHED_LISTS, ...MARKS, 'content', 'tls-host', 'new-connection-mark', 'new-packet-mark'],
  raw: ['address-list', ...MATCHED_LISTS, 'packet-mark', 'content', 'tls-host'],
};
const firewall = (family: 'ip' | 'ipv6'): TextArgTable => ({
  ...Object.fromEntries(Object.entries(RULE_TABLES).map(([table, args]) => [`${family}/firewall/${table}`, { args, source: page(`${family}/firewall/${table}`) }])),
  // An entry's `list` is created by its first entry (`enum` of the lists there are).
  [`${family}/firewall/address-list`]: { args: ['list'], source: page(`${family}/firewall/address-list`) },
});
/** Bridge filter and NAT: user chains (`enum`, open), the chain a rule jumps to and the marks. */
const BRIDGE_RULES = ['chain', 'jump-target', 'packet-mark', 'new-packet-mark', 'tls-host'];

export const FIREWALL_IP_TEXT_ARGS: TextArgTable = {
  ...firewall('ip'),
  ...firewall('ipv6'),
  'ip/firewall/calea': { args: ['address-list', ...MATCHED_LISTS, ...MARKS, 'content', 'tls-host'], source: page('ip/firewall/calea') },
  'interface/bridge/filter': { args: BRIDGE_RULES, source: page('interface/bridge/filter') },
  'interface/bridge/nat': { args: BRIDGE_RULES, source: page('interface/bridge/nat') },
  'interface/bridge/calea': { args: ['packet-mark', 'tls-host'], source: page('interface/bridge/calea') },
  'ip/ipsec/mode-config': { args: ['connection-mark', 'src-address-list'], source: page('ip/ipsec/mode-config') },
  'ip/hotspot/walled-garden': { args: ['dst-host', 'path'], source: page('ip/hotspot/walled-garden') },
  'ip/hotspot/walled-garden/ip': { args: MATCHED_LISTS, source: page('ip/hotspot/walled-garden/ip') },
  'ip/proxy/access': { args: ['dst-host', 'path'], source: page('ip/proxy/access') },
  'ip/proxy/cache': { args: ['dst-host', 'path'], source: page('ip/proxy/cache') },
  'ip/proxy/direct': { args: ['dst-host', 'path'], source: page('ip/proxy/direct') },
  // `alt { enum, ipAddr, ip6Addr, string }`: a forwarder, an address or any text.
  'ip/dns/static': { args: ['forward-to'], source: page('ip/dns/static') },
};
