import { menuListTool } from '../menu-list-tool';

export const interfaceList = menuListTool({
  name: 'interface_list',
  title: 'Interfaces',
  description: 'Interfaces with type, running state, MTU and traffic counters.',
  menu: 'interface',
  columns: ['name', 'type', 'running', 'disabled', 'mtu', 'mac-address', 'rx-byte', 'tx-byte', 'comment'],
});
