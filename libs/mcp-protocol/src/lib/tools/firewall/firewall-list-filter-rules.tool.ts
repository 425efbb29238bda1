import { menuListTool } from '../menu-list-tool';

export const firewallListFilterRules = menuListTool({
  name: 'firewall_list_filter_rules',
  title: 'Firewall filter rules',
  description: 'Filter rules in order, with position and .id.',
  menu: 'ip/firewall/filter',
  columns: ['chain', 'action', 'src-address', 'dst-address', 'protocol', 'dst-port', 'in-interface', 'connection-state', 'disabled', 'comment'],
  withPosition: true,
});
