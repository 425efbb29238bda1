/**
 * The columns plain `print` shows for a menu, in RouterOS 7's order where its consoles show them. The command tree
 * does not say which properties are columns, so these are chosen (docs/simulator.md lists the choice); a menu not
 * listed here gets columns picked from its rows (print.ts).
 */
export const TABLE_COLUMNS: Record<string, string[]> = {
  interface: ['name', 'type', 'actual-mtu', 'l2mtu', 'max-l2mtu', 'mac-address'],
  'interface/ethernet': ['name', 'mtu', 'mac-address', 'arp'],
  'interface/bridge': ['name', 'mtu', 'actual-mtu', 'l2mtu', 'mac-address'],
  'interface/bridge/port': ['interface', 'bridge', 'hw', 'pvid', 'priority', 'path-cost', 'internal-path-cost', 'horizon'],
  'interface/bridge/vlan': ['bridge', 'vlan-ids', 'current-tagged', 'current-untagged'],
  'interface/bridge/host': ['mac-address', 'on-interface', 'bridge'],
  'interface/vlan': ['name', 'mtu', 'arp', 'vlan-id', 'interface'],
  'interface/list': ['name', 'include', 'exclude'],
  certificate: ['name', 'common-name', 'subject-alt-name', 'fingerprint'],
  'interface/list/member': ['list', 'interface'],
  'interface/wifi': ['name', 'mac-address', 'configuration.ssid', 'channel.band'],
  'interface/wireguard': ['name', 'mtu', 'listen-port', 'public-key'],
  'interface/wireguard/peers': ['interface', 'public-key', 'endpoint-address', 'endpoint-port', 'allowed-address'],
  'ip/address': ['address', 'network', 'interface'],
  'ip/arp': ['address', 'mac-address', 'interface'],
  'ip/route': ['dst-address', 'gateway', 'routing-table', 'distance'],
  'ip/pool': ['name', 'ranges'],
  'ip/neighbor': ['interface', 'address', 'mac-address', 'identity', 'version', 'board'],
  'ip/dhcp-client': ['interface', 'use-peer-dns', 'add-default-route', 'status', 'address'],
  'ip/dhcp-server': ['name', 'interface', 'address-pool', 'lease-time'],
  'ip/dhcp-server/lease': ['address', 'mac-address', 'host-name', 'server', 'status', 'last-seen'],
  'ip/dhcp-server/network': ['address', 'gateway', 'dns-server'],
  'ip/dns/static': ['name', 'type', 'address', 'ttl'],
  'ip/firewall/address-list': ['list', 'address', 'creation-time', 'timeout'],
  'ip/service': ['name', 'port', 'address', 'certificate', 'vrf', 'max-sessions'],
  'ipv6/address': ['address', 'from-pool', 'interface', 'advertise'],
  'ipv6/route': ['dst-address', 'gateway', 'distance'],
  'ipv6/pool': ['name', 'prefix', 'prefix-length'],
  'ipv6/nd/prefix': ['prefix', 'interface', 'valid-lifetime', 'preferred-lifetime'],
  'ipv6/nd': ['interface', 'ra-interval', 'ra-lifetime', 'hop-limit', 'advertise-dns'],
  'ipv6/dhcp-client': ['interface', 'status', 'prefix', 'address'],
  'ipv6/dhcp-server': ['name', 'interface', 'address-pool', 'lease-time'],
  'routing/table': ['name', 'fib'],
  'routing/rule': ['src-address', 'dst-address', 'action', 'table'],
  'system/scheduler': ['name', 'start-date', 'start-time', 'interval', 'on-event', 'run-count'],
  'system/ntp/client/servers': ['address'],
  user: ['name', 'group', 'address', 'last-logged-in'],
  'user/group': ['name', 'policy'],
  'user/active': ['when', 'name', 'address', 'via', 'group'],
  'queue/simple': ['name', 'target', 'parent', 'limit-at', 'max-limit'],
  'queue/tree': ['name', 'parent', 'packet-mark', 'limit-at', 'max-limit'],
  // Never `contents`: RouterOS's `/file print` lists files; their contents are read with REST or `get`.
  file: ['name', 'type', 'size', 'creation-time'],
};

/**
 * Menus whose plain `print` is a list of items (number, flags, `;;; comment`, then the item's settings as
 * `name=value`), not a table: RouterOS 7 prints firewall rules and scripts this way (MikroTik's firewall manual).
 */
export const LIST_LAYOUT = /^(ip|ipv6)\/firewall\/(filter|nat|mangle|raw)$|^system\/script$|^routing\/filter\/rule$/;
