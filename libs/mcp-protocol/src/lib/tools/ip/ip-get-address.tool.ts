import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

export const ipGetAddress = defineTool({
  name: 'ip_get_address',
  topic: 'ip',
  title: 'IP address details',
  description: 'One IP address entry by .id (from ip_list_addresses).',
  input: z.object({ device_id: DeviceIdSchema, address_id: z.string().regex(/^\*[0-9A-F]{1,8}$/, 'a RouterOS .id such as *1') }),
  output: z.object({ device_id: z.string(), item: RowSchema }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.get(args.device_id, 'ip/address', args.address_id, { signal: ctx.signal });
    return { structured: { device_id: args.device_id, item: data }, text: keyValueText(data) };
  },
});
