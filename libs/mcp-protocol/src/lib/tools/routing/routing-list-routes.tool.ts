import { menuListTool } from '../menu-list-tool';

export const routingListRoutes = menuListTool({
  name: 'routing_list_routes',
  title: 'Routes',
  description: 'Routes with gateway, distance, table and active state.',
  menu: 'ip/route',
  columns: ['dst-address', 'gateway', 'distance', 'routing-table', 'active', 'dynamic', 'connect', 'disabled', 'comment'],
});
