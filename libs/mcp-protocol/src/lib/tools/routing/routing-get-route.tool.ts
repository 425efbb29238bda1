import { z } from 'zod';
import { menuItemTool } from '../menu-item-tool';

export const routingGetRoute = menuItemTool({
  name: 'routing_get_route',
  title: 'Route details',
  description: 'One route by .id (from routing_list_routes).',
  menu: 'ip/route',
  idArgument: 'route_id',
  idSchema: z.string().regex(/^\*[0-9A-F]{1,8}$/, 'a RouterOS .id such as *80000000').describe('.id from routing_list_routes'),
  listTool: 'routing_list_routes',
});
