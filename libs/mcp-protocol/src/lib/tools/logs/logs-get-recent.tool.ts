import { z } from 'zod';
import { DeviceIdSchema, RowSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { typedRows } from '../typed-row';

export const logsGetRecent = defineTool({
  name: 'logs_get_recent',
  title: 'Recent log entries',
  description: 'Newest log entries, optionally of some topics only.',
  input: z.object({
    device_id: DeviceIdSchema,
    topics: z.array(z.string().regex(/^[a-z0-9-]+$/)).max(10).optional().describe('e.g. ["system","error"]'),
    limit: z.number().int().min(1).max(500).default(50).describe('Newest first, at most'),
  }),
  output: z.object({ device_id: z.string(), total_count: z.number(), items: z.array(RowSchema) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.list(args.device_id, 'log', { signal: ctx.signal });
    const matching = args.topics?.length ? data.filter((e) => (e['topics'] ?? '').split(',').some((t) => args.topics!.includes(t))) : data;
    const items = typedRows(matching.slice(-args.limit));
    return { structured: { device_id: args.device_id, total_count: matching.length, items }, text: tsvText(items, ['time', 'topics', 'message']) };
  },
});
