import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';

export const interfaceGetTraffic = defineTool({
  name: 'interface_get_traffic',
  title: 'Interface traffic now',
  description: 'Current rx/tx rates of up to 10 interfaces (one sample).',
  input: z.object({ device_id: DeviceIdSchema, interfaces: z.array(z.string().regex(/^[\w.@+-]{1,64}$/, 'an interface name')).min(1).max(10) }),
  output: z.object({ device_id: z.string(), items: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.run(args.device_id, 'interface/monitor-traffic', { interface: args.interfaces.join(','), once: '' }, { idempotent: true });
    const items = (Array.isArray(data) ? data : []) as Record<string, string>[];
    return { structured: { device_id: args.device_id, items }, text: tsvText(items, ['name', 'rx-bits-per-second', 'tx-bits-per-second', 'rx-packets-per-second', 'tx-packets-per-second']) };
  },
});
