import { menuListTool } from '../menu-list-tool';

export const ipGetArpTable = menuListTool({
  name: 'ip_get_arp_table',
  title: 'ARP table',
  description: 'ARP entries: IP, MAC, interface, and whether complete or dynamic.',
  menu: 'ip/arp',
  columns: ['address', 'mac-address', 'interface', 'dynamic', 'complete', 'disabled'],
  deepDive: true,
});
