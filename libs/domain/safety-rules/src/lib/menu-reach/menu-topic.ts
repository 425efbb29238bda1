/**
 * The write topic of a menu: a write there needs that topic's capability flag on the device (TOPIC_WRITE_FLAGS)
 * on top of the tier's, as the specific write tools of the topic do. `menu` for the rest (the tier's flag only).
 */
const TOPIC_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  // Bridge firewall and NAT are the firewall's, not the bridge's, as in the specific tools.
  ['interface/bridge/filter', 'firewall'],
  ['interface/bridge/nat', 'firewall'],
  ['ip/firewall', 'firewall'],
  ['ipv6/firewall', 'firewall'],
  ['ip/route', 'routing'],
  ['ipv6/route', 'routing'],
  ['routing', 'routing'],
  ['ip/vrf', 'routing'],
  ['interface/wifi', 'wireless'],
  ['interface/wifiwave2', 'wireless'],
  ['interface/wireless', 'wireless'],
  ['caps-man', 'wireless'],
  ['ip/dhcp-server', 'dhcp'],
  ['ipv6/dhcp-server', 'dhcp'],
  ['interface/bridge', 'bridge'],
];

export function menuTopic(menu: string): string {
  return TOPIC_PREFIXES.find(([prefix]) => menu === prefix || menu.startsWith(`${prefix}/`))?.[1] ?? 'menu';
}
