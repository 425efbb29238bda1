import { menuListTool } from '../menu-list-tool';

export const bridgeList = menuListTool({
  name: 'bridge_list',
  title: 'Bridges',
  description: 'Bridges with VLAN filtering, protocol mode, PVID and MTU.',
  menu: 'interface/bridge',
  columns: ['name', 'vlan-filtering', 'protocol-mode', 'pvid', 'mtu', 'running', 'disabled', 'comment'],
});
