import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { snapshotsOf } from './snapshot-access';

export const configListSnapshots = defineTool({
  name: 'config_list_snapshots',
  title: 'Config snapshots',
  description: 'Stored config snapshots of a device, newest first.',
  input: z.object({ device_id: DeviceIdSchema, limit: z.number().int().min(1).max(200).default(20).describe('Newest first, at most') }),
  output: z.object({ items: z.array(z.object({ id: z.string(), captured_at: z.string(), last_seen_at: z.string(), reason: z.string(), lines: z.number() })) }),
  deviceArgument: 'device_id',
  openWorld: false,
  async run(args, ctx) {
    const items = (await snapshotsOf(ctx).list(args.device_id, { limit: args.limit })).map((s) => ({
      id: s.id,
      captured_at: s.capturedAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      reason: s.reason,
      lines: s.lineCount,
    }));
    return { structured: { items }, text: items.length ? tsvText(items, ['id', 'captured_at', 'last_seen_at', 'reason', 'lines']) : '(no snapshots yet)' };
  },
});
