import { z } from 'zod';
import { menuItemTool } from '../menu-item-tool';

export const ipGetAddress = menuItemTool({
  name: 'ip_get_address',
  title: 'IP address details',
  description: 'One IP address entry by .id (from ip_list_addresses).',
  menu: 'ip/address',
  idArgument: 'address_id',
  idSchema: z.string().regex(/^\*[0-9A-F]{1,8}$/, 'a RouterOS .id such as *1').describe('.id from ip_list_addresses'),
  listTool: 'ip_list_addresses',
});
