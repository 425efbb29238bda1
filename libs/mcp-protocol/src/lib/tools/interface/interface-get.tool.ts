import { z } from 'zod';
import { menuItemTool } from '../menu-item-tool';

export const interfaceGet = menuItemTool({
  name: 'interface_get',
  title: 'Interface details',
  description: 'One interface by name or .id with all its properties and counters.',
  menu: 'interface',
  idArgument: 'interface',
  idSchema: z.string().regex(/^[\w.*@+-]{1,64}$/, 'an interface name or .id').describe('Name (ether1) or .id (*1)'),
  withFields: true,
});
