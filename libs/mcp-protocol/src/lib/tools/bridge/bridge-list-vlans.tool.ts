import { menuListTool } from '../menu-list-tool';

export const bridgeListVlans = menuListTool({
  name: 'bridge_list_vlans',
  title: 'List bridge VLANs',
  description: 'Bridge VLAN table: VLAN ids with tagged and untagged ports (port PVIDs are in bridge_list_ports).',
  menu: 'interface/bridge/vlan',
  columns: ['bridge', 'vlan-ids', 'tagged', 'untagged', 'current-tagged', 'current-untagged', 'disabled'],
});
