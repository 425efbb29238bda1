import { z } from 'zod';
import { DeviceIdSchema, FieldsSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

export const interfaceGet = defineTool({
  name: 'interface_get',
  topic: 'interface',
  title: 'Interface details',
  description: 'One interface by name or .id with all its properties and counters.',
  input: z.object({ device_id: DeviceIdSchema, interface: z.string().regex(/^[\w.*@+-]{1,64}$/, 'an interface name or .id').describe('Name (ether1) or .id (*1)'), fields: FieldsSchema }),
  output: z.object({ device_id: z.string(), item: RowSchema }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.get(args.device_id, 'interface', args.interface, { fields: args.fields, signal: ctx.signal });
    return { structured: { device_id: args.device_id, item: data }, text: keyValueText(data) };
  },
});
