import { menuListTool } from '../menu-list-tool';

export const systemGetPackages = menuListTool({
  name: 'system_get_packages',
  title: 'Installed packages',
  description: 'Installed RouterOS packages with version and build time.',
  menu: 'system/package',
  columns: ['name', 'version', 'build-time', 'disabled', 'scheduled'],
});
