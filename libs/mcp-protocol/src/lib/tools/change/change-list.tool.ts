import { CHANGE_STATUSES } from '@routeros-mcp/domain-changes';
import { changesInReach } from '@routeros-mcp/application-use-cases';
import { InternalError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { tsvText } from '../render-text';
import { changeSummary, ChangeSummarySchema } from './change-summary';

export const changeList = defineTool({
  name: 'change_list',
  title: 'Changes',
  description: 'Changes made through this service, newest first.',
  input: z.object({ device_id: DeviceIdSchema.optional(), status: z.enum(CHANGE_STATUSES).optional(), limit: z.number().int().min(1).max(100).default(20).describe('Newest first, at most') }),
  output: z.object({ items: z.array(ChangeSummarySchema) }),
  openWorld: false,
  // Part of the write tier: a read-only server lists neither.
  tier: 'advanced',
  deviceArgument: 'device_id',
  async run(args, ctx) {
    if (!ctx.changeHistory) throw new InternalError('the change pipeline is not wired into this server');
    // A narrowed principal sees the changes of devices in its reach.
    const records = await changesInReach(ctx.changeHistory, ctx.registry, ctx.principal, { deviceId: args.device_id, status: args.status, limit: args.limit });
    const items = records.map(changeSummary);
    return { structured: { items }, text: items.length ? tsvText(items, ['change_id', 'created_at', 'device_id', 'tool', 'status', 'summary']) : 'no changes recorded' };
  },
});
