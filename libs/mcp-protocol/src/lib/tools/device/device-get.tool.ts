import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';
import { deviceSummary, DeviceSummarySchema } from './device-summary';

export const deviceGet = defineTool({
  name: 'device_get',
  title: 'Device details',
  description: 'One enrolled device: environment, status, flags, last facts.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: DeviceSummarySchema.extend({ board: z.string().nullable(), identity: z.string().nullable(), last_seen_at: z.string().nullable(), critical: z.boolean(), capabilities: z.record(z.string(), z.boolean()) }),
  openWorld: false,
  // Through the environment gate like every device read: a lab server neither lists nor shows a prod device.
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const device = await ctx.registry.get(args.device_id);
    const structured = { ...deviceSummary(device), board: device.facts.board ?? null, identity: device.facts.identity ?? null, last_seen_at: device.facts.lastSeenAt?.toISOString() ?? null, critical: device.critical, capabilities: { ...device.capabilities } };
    const enabled = Object.entries(structured.capabilities).filter(([, on]) => on).map(([flag]) => flag);
    return { structured, text: keyValueText({ ...structured, tags: Object.entries(structured.tags).map(([k, v]) => `${k}=${v}`), capabilities: enabled.length ? enabled : 'none (read-only)' }) };
  },
});
