import { z } from 'zod';
import { menuItemTool } from '../menu-item-tool';

export const interfaceGet = menuItemTool({
  name: 'interface_get',
  title: 'Interface details',
  description: 'One interface by name or .id with all its properties and counters.',
  menu: 'interface',
  idArgument: 'interface',
  // A name RouterOS allows (looked up by query) or an .id; never `.`, `..` or characters a name cannot hold.
  idSchema: z.string().regex(/^(?!\.\.?$)[\w.*+-]{1,64}$/, 'an interface name (letters, digits, . _ - +) or .id').describe('Name (ether1) or .id (*1)'),
  listTool: 'interface_list',
  byName: 'name',
  withFields: true,
});
