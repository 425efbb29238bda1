import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { typedRow } from '../typed-row';
import { diagnosticsLimit } from './diagnostics-ping.tool';
import { TargetHostSchema } from './target-host';

export const diagnosticsTraceroute = defineTool({
  name: 'diagnostics_traceroute',
  title: 'Traceroute from the device',
  description: 'Traceroute from the device (1-3 probes per hop); 10 diagnostics/min/device.',
  input: z.object({ device_id: DeviceIdSchema, address: TargetHostSchema, count: z.number().int().min(1).max(3).default(1).describe('Probes per hop') }),
  output: z.object({ device_id: z.string(), address: z.string(), hops: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  idempotent: false,
  async run(args, ctx) {
    diagnosticsLimit.take(args.device_id, `diagnostics on ${args.device_id}`);
    const { data } = await ctx.reader.run(args.device_id, 'tool/traceroute', { address: args.address, count: String(args.count) }, { timeoutMs: 30_000, idempotent: true });
    const hops = (Array.isArray(data) ? data : []).map((h, i) => ({ hop: i + 1, ...typedRow(h as Record<string, unknown>) }));
    return { structured: { device_id: args.device_id, address: args.address, hops }, text: tsvText(hops, ['hop', 'address', 'loss', 'last', 'avg', 'best', 'worst', 'status'], { more: true }) };
  },
});
