import { menuListTool } from '../menu-list-tool';

export const firewallListAddressLists = menuListTool({
  name: 'firewall_list_address_lists',
  title: 'Address-list entries',
  description: 'Address-list entries: list, address, timeout, comment.',
  menu: 'ip/firewall/address-list',
  columns: ['list', 'address', 'dynamic', 'disabled', 'timeout', 'comment'],
});
