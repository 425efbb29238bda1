import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

export const routingGetRoute = defineTool({
  name: 'routing_get_route',
  topic: 'routing',
  title: 'Route details',
  description: 'One route by .id (from routing_list_routes).',
  input: z.object({ device_id: DeviceIdSchema, route_id: z.string().regex(/^\*[0-9A-F]{1,8}$/, 'a RouterOS .id such as *80000000') }),
  output: z.object({ device_id: z.string(), item: RowSchema }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.get(args.device_id, 'ip/route', args.route_id, { signal: ctx.signal });
    return { structured: { device_id: args.device_id, item: data }, text: keyValueText(data) };
  },
});
