/**
 * The `add`/`set` arguments of each menu the write tools touch, from RouterOS's command tree (7.15.3 and 7.20.5
 * agree): what a touched row's before-state keeps so the change can be undone with them.
 */
export const WRITABLE: Readonly<Record<string, readonly string[]>> = {
  interface: ['name', 'comment', 'disabled', 'mtu', 'l2mtu'],
  'ip/address': ['address', 'network', 'interface', 'comment', 'disabled'],
  'ip/firewall/address-list': ['list', 'address', 'timeout', 'dynamic', 'comment', 'disabled'],
  'ip/route': ['dst-address', 'gateway', 'distance', 'routing-table', 'scope', 'target-scope', 'pref-src', 'check-gateway', 'blackhole', 'vrf-interface', 'suppress-hw-offload', 'comment', 'disabled'],
  'ip/dhcp-server/lease': ['address', 'mac-address', 'server', 'client-id', 'lease-time', 'address-lists', 'block-access', 'always-broadcast', 'rate-limit', 'comment', 'disabled'],
  'ip/firewall/filter': [
    'chain', 'action', 'jump-target', 'reject-with', 'protocol', 'src-address', 'dst-address', 'src-address-list', 'dst-address-list', 'src-address-type', 'dst-address-type',
    'src-port', 'dst-port', 'port', 'in-interface', 'out-interface', 'in-interface-list', 'out-interface-list', 'in-bridge-port', 'out-bridge-port', 'in-bridge-port-list', 'out-bridge-port-list',
    'connection-state', 'connection-nat-state', 'connection-type', 'connection-mark', 'connection-limit', 'connection-rate', 'connection-bytes', 'packet-mark', 'routing-mark',
    'icmp-options', 'tcp-flags', 'tcp-mss', 'packet-size', 'limit', 'dst-limit', 'nth', 'random', 'time', 'ttl', 'dscp', 'priority', 'ingress-priority', 'fragment', 'ipsec-policy',
    'ipv4-options', 'layer7-protocol', 'content', 'tls-host', 'src-mac-address', 'hotspot', 'p2p', 'psd', 'realm', 'per-connection-classifier', 'hw-offload',
    'address-list', 'address-list-timeout', 'log', 'log-prefix', 'comment', 'disabled',
  ],
  // 7.15.3 and 7.20.5 both take these (7.15's tls-host and 7.20's socks5 arguments are left out).
  'ip/firewall/nat': [
    'chain', 'action', 'jump-target', 'to-addresses', 'to-ports', 'protocol', 'src-address', 'dst-address', 'src-address-list', 'dst-address-list', 'src-address-type',
    'dst-address-type', 'src-port', 'dst-port', 'port', 'in-interface', 'out-interface', 'in-interface-list', 'out-interface-list', 'in-bridge-port', 'out-bridge-port',
    'in-bridge-port-list', 'out-bridge-port-list', 'connection-type', 'connection-mark', 'connection-limit', 'connection-rate', 'connection-bytes', 'packet-mark', 'routing-mark',
    'icmp-options', 'tcp-mss', 'packet-size', 'limit', 'dst-limit', 'nth', 'random', 'time', 'ttl', 'dscp', 'priority', 'ingress-priority', 'fragment', 'ipsec-policy',
    'ipv4-options', 'layer7-protocol', 'content', 'src-mac-address', 'hotspot', 'psd', 'realm', 'per-connection-classifier', 'randomise-ports', 'same-not-by-dst',
    'address-list', 'address-list-timeout', 'log', 'log-prefix', 'comment', 'disabled',
  ],
  'ip/pool': ['name', 'ranges', 'next-pool', 'comment'],
  'ip/dhcp-server/network': ['address', 'gateway', 'netmask', 'dns-server', 'domain', 'ntp-server', 'wins-server', 'next-server', 'boot-file-name', 'caps-manager', 'dhcp-option', 'dhcp-option-set', 'dns-none', 'comment'],
  'interface/bridge/port': [
    'bridge', 'interface', 'pvid', 'frame-types', 'ingress-filtering', 'tag-stacking', 'edge', 'point-to-point', 'path-cost', 'internal-path-cost', 'priority', 'horizon', 'learn',
    'trusted', 'hw', 'bpdu-guard', 'auto-isolate', 'restricted-role', 'restricted-tcn', 'broadcast-flood', 'unknown-unicast-flood', 'unknown-multicast-flood', 'multicast-router',
    'fast-leave', 'comment', 'disabled',
  ],
  'interface/bridge/vlan': ['bridge', 'vlan-ids', 'tagged', 'untagged', 'mvrp-forbidden', 'comment', 'disabled'],
};
