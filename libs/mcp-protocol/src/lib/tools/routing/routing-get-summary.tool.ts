import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

export const routingGetSummary = defineTool({
  name: 'routing_get_summary',
  title: 'Routing summary',
  description: 'Route counts by kind and the default routes.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), total: z.number(), active: z.number(), static: z.number(), connected: z.number(), disabled: z.number(), default_routes: z.array(z.object({ gateway: z.string(), distance: z.number().nullable(), active: z.boolean() })) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.list(args.device_id, 'ip/route', { fields: ['dst-address', 'gateway', 'distance', 'active', 'static', 'connect', 'disabled'], signal: ctx.signal });
    const count = (key: string) => data.filter((r) => r[key] === 'true').length;
    const structured = {
      device_id: args.device_id,
      total: data.length,
      active: count('active'),
      static: count('static'),
      connected: count('connect'),
      disabled: count('disabled'),
      default_routes: data.filter((r) => r['dst-address'] === '0.0.0.0/0').map((r) => ({ gateway: r['gateway'] ?? '', distance: r['distance'] === undefined ? null : Number(r['distance']), active: r['active'] === 'true' })),
    };
    return { structured, text: keyValueText({ ...structured, default_routes: structured.default_routes.map((d) => `${d.gateway} (distance ${d.distance}${d.active ? ', active' : ''})`) }) };
  },
});
