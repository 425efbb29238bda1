import { menuListTool } from '../menu-list-tool';

export const systemGetHealth = menuListTool({
  name: 'system_get_health',
  title: 'Hardware sensors',
  description: 'Temperature, voltage, fans, PSU where the board has sensors.',
  menu: 'system/health',
  columns: ['name', 'value', 'type'],
  deepDive: true,
});
