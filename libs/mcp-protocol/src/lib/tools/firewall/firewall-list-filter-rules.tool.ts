import { menuListTool } from '../menu-list-tool';

export const firewallListFilterRules = menuListTool({
  name: 'firewall_list_filter_rules',
  title: 'List firewall filter rules',
  description: 'Filter rules in evaluation order; each row has its position and its .id, use the .id to refer to a rule.',
  menu: 'ip/firewall/filter',
  columns: ['chain', 'action', 'src-address', 'dst-address', 'protocol', 'dst-port', 'in-interface', 'connection-state', 'disabled', 'comment'],
  withPosition: true,
});
