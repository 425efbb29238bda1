// The base-package menus and commands the simulator serves, and the RouterOS versions it models.
module.exports = {
  VERSIONS: ['7.15.3', '7.20.5'],
  SERVED_MENUS: [
    'user/active', 'ip/firewall/connection', 'interface/bridge/host',
    'system/resource', 'system/identity', 'system/clock', 'system/package', 'system/health', 'system/logging',
    'system/scheduler', 'system/ntp/client', 'system/ntp/client/servers', 'system/backup', 'system/reboot',
    'ip/dns', 'ip/dns/cache', 'ip/address', 'ip/route', 'ip/arp', 'ip/pool', 'ip/dhcp-server', 'ip/dhcp-server/lease',
    'ip/dhcp-server/network', 'ip/dhcp-client', 'ip/firewall/filter', 'ip/firewall/nat', 'ip/firewall/mangle', 'ip/firewall/raw',
    'ip/firewall/address-list', 'ip/service', 'interface', 'interface/ethernet', 'interface/vlan', 'interface/bridge',
    'interface/bridge/port', 'interface/bridge/vlan', 'interface/wifi', 'interface/wifi/registration-table',
    'interface/wifi/capsman', 'interface/wifi/capsman/remote-cap', 'interface/monitor-traffic', 'log', 'user', 'file', 'tool/ping', 'tool/traceroute', 'export', 'safe-mode',
    // Menus the write tools touch (issue 12).
    'routing/table', 'routing/rule', 'interface/list', 'interface/list/member', 'ip/dns/static', 'ipv6/address',
    'ipv6/firewall/filter', 'ipv6/firewall/address-list', 'interface/wifi/configuration', 'interface/wifi/security',
    'interface/wifi/datapath', 'interface/wifi/provisioning', 'interface/wifi/channel',
  ],
};
