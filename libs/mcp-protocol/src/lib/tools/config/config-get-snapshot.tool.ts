import { linesOfSection } from '@routeros-mcp/domain-devices';
import { z } from 'zod';
import { defineTool } from '../define-tool';
import { gatedSnapshot, SectionSchema, SnapshotIdSchema } from './snapshot-access';

export const configGetSnapshot = defineTool({
  name: 'config_get_snapshot',
  title: 'Config snapshot',
  description: 'Export lines of a stored snapshot (secrets redacted).',
  input: z.object({ snapshot_id: SnapshotIdSchema, section: SectionSchema }),
  output: z.object({ id: z.string(), device_id: z.string(), captured_at: z.string(), last_seen_at: z.string(), reason: z.string(), header: z.record(z.string(), z.string()), lines: z.array(z.string()) }),
  openWorld: false,
  async run(args, ctx) {
    const s = await gatedSnapshot(ctx, args.snapshot_id);
    const lines = args.section ? linesOfSection(s.lines, args.section) : s.lines;
    const structured = { id: s.id, device_id: s.deviceId, captured_at: s.capturedAt.toISOString(), last_seen_at: s.lastSeenAt.toISOString(), reason: s.reason, header: s.header, lines };
    return { structured, text: [`# ${s.id} of ${s.deviceId}, captured ${structured.captured_at} (${s.reason}), last seen ${structured.last_seen_at}`, ...lines].join('\n') };
  },
});
