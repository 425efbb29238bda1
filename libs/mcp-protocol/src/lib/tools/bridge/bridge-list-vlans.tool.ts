import { menuListTool } from '../menu-list-tool';

export const bridgeListVlans = menuListTool({
  name: 'bridge_list_vlans',
  title: 'Bridge VLANs',
  description: 'Bridge VLAN table: VLAN ids with tagged and untagged ports.',
  menu: 'interface/bridge/vlan',
  columns: ['bridge', 'vlan-ids', 'tagged', 'untagged', 'current-tagged', 'current-untagged', 'disabled'],
});
