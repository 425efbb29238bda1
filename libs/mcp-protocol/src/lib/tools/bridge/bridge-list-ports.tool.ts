import { menuListTool } from '../menu-list-tool';

export const bridgeListPorts = menuListTool({
  name: 'bridge_list_ports',
  title: 'Bridge ports',
  description: 'Bridge member ports with bridge, PVID, frame types and status.',
  menu: 'interface/bridge/port',
  columns: ['bridge', 'interface', 'pvid', 'frame-types', 'disabled', 'status', 'comment'],
});
