import { menuListTool } from '../menu-list-tool';

export const firewallListAddressLists = menuListTool({
  name: 'firewall_list_address_lists',
  title: 'List address-list entries',
  description: 'Firewall address-list entries with list name, address, timeout and comment.',
  menu: 'ip/firewall/address-list',
  columns: ['list', 'address', 'dynamic', 'disabled', 'timeout', 'comment'],
});
