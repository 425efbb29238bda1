import { menuListTool } from '../menu-list-tool';

export const logsGetConfig = menuListTool({
  name: 'logs_get_config',
  title: 'Logging rules',
  description: 'Logging rules: which topics go to which action.',
  menu: 'system/logging',
  columns: ['topics', 'action', 'prefix', 'disabled'],
});
