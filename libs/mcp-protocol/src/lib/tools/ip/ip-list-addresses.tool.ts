import { menuListTool } from '../menu-list-tool';

export const ipListAddresses = menuListTool({
  name: 'ip_list_addresses',
  title: 'IP addresses',
  description: 'IP addresses with interface, network, dynamic/disabled/invalid.',
  menu: 'ip/address',
  columns: ['address', 'network', 'interface', 'dynamic', 'disabled', 'invalid', 'comment'],
});
