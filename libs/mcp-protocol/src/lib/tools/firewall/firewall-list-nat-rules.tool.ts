import { menuListTool } from '../menu-list-tool';

export const firewallListNatRules = menuListTool({
  name: 'firewall_list_nat_rules',
  title: 'NAT rules',
  description: 'NAT rules in evaluation order, with position and .id.',
  menu: 'ip/firewall/nat',
  columns: ['chain', 'action', 'src-address', 'dst-address', 'out-interface', 'to-addresses', 'to-ports', 'disabled', 'comment'],
  withPosition: true,
});
