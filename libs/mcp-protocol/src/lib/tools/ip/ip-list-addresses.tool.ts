import { menuListTool } from '../menu-list-tool';

export const ipListAddresses = menuListTool({
  name: 'ip_list_addresses',
  title: 'List IP addresses',
  description: 'IPv4 addresses with interface, network, and whether each is dynamic, disabled or invalid.',
  menu: 'ip/address',
  columns: ['address', 'network', 'interface', 'dynamic', 'disabled', 'invalid', 'comment'],
});
