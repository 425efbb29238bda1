import { menuListTool } from '../menu-list-tool';

export const systemGetHealth = menuListTool({
  name: 'system_get_health',
  title: 'Hardware sensors',
  description: 'Temperature, voltage, fans and PSU state where the board has sensors (a CHR has none).',
  menu: 'system/health',
  columns: ['name', 'value', 'type'],
});
