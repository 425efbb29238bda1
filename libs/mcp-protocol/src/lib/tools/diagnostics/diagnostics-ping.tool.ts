import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { typedRows } from '../typed-row';
import { RateWindow } from '../../support/rate-window';
import { TargetHostSchema } from './target-host';

/** Ten diagnostics per minute per device: they load the device and the path. */
export const diagnosticsLimit = new RateWindow(10, 60_000);

export const diagnosticsPing = defineTool({
  name: 'diagnostics_ping',
  title: 'Ping from the device',
  description: 'Ping from the device (1-10 packets); 10 diagnostics/min/device.',
  input: z.object({ device_id: DeviceIdSchema, address: TargetHostSchema, count: z.number().int().min(1).max(10).default(4) }),
  output: z.object({ device_id: z.string(), address: z.string(), sent: z.number(), received: z.number(), packet_loss_percent: z.number(), replies: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  idempotent: false,
  async run(args, ctx) {
    diagnosticsLimit.take(args.device_id, `diagnostics on ${args.device_id}`);
    const { data } = await ctx.reader.run(args.device_id, 'tool/ping', { address: args.address, count: String(args.count) }, { timeoutMs: 15_000, idempotent: true });
    const replies = typedRows(data);
    const last = replies.at(-1) ?? {};
    const sent = Number(last['sent'] ?? replies.length);
    const received = Number(last['received'] ?? replies.filter((r) => r['time'] !== undefined).length);
    const structured = { device_id: args.device_id, address: args.address, sent, received, packet_loss_percent: sent ? Math.round(((sent - received) / sent) * 100) : 100, replies };
    return { structured, text: `${received}/${sent} replies from ${args.address}\n${tsvText(replies, ['seq', 'host', 'time', 'ttl', 'size', 'status'], { more: true })}` };
  },
});
