import { menuListTool } from '../menu-list-tool';

export const dhcpListLeases = menuListTool({
  name: 'dhcp_list_leases',
  title: 'DHCP leases',
  description: 'DHCP server leases: address, MAC, host name, server and status.',
  menu: 'ip/dhcp-server/lease',
  columns: ['address', 'mac-address', 'host-name', 'server', 'status', 'dynamic', 'disabled'],
});
