import { z } from 'zod';
import { defineTool } from '../define-tool';
import { gatedSnapshot, SectionSchema, SnapshotIdSchema, snapshotsOf } from './snapshot-access';

export const configDiff = defineTool({
  name: 'config_diff',
  title: 'Config diff',
  description: 'Unified diff of a snapshot against another or the live export.',
  input: z.object({ from: SnapshotIdSchema, to: z.string().regex(/^(snap-[0-9a-f]{12}|live)$/, 'a snapshot id, or live').default('live').describe('A snapshot id, or live'), section: SectionSchema }),
  output: z.object({ device_id: z.string(), from: z.string(), to: z.string(), added: z.number(), removed: z.number(), diff: z.string() }),
  async run(args, ctx) {
    const from = await gatedSnapshot(ctx, args.from);
    if (args.to !== 'live') await gatedSnapshot(ctx, args.to);
    const d = await snapshotsOf(ctx).diff(from.id, args.to, { section: args.section, signal: ctx.signal });
    const structured = { device_id: d.deviceId, from: d.from.id, to: d.to.id, added: d.added, removed: d.removed, diff: d.unified };
    return { structured, text: d.unified || `no differences between ${d.from.id} and ${d.to.id}${args.section ? ` in ${args.section}` : ''}` };
  },
});
