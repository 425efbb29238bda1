import { InternalError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { defineTool } from '../define-tool';
import { changeDetail, ChangeDetailSchema, ChangeIdSchema } from './change-summary';

export const changeGet = defineTool({
  name: 'change_get',
  title: 'Change details',
  description: 'One change: diff, before/after, verdicts, protection, outcome, revert lines.',
  input: z.object({ change_id: ChangeIdSchema }),
  output: ChangeDetailSchema,
  openWorld: false,
  // Part of the write tier: a read-only server lists neither.
  tier: 'advanced',
  async run(args, ctx) {
    if (!ctx.changeHistory) throw new InternalError('the change pipeline is not wired into this server');
    const c = changeDetail(await ctx.changeHistory.get(args.change_id));
    const lines = [`${c.change_id} ${c.status} on ${c.device_id} by ${c.principal} (${c.tool}, ${c.created_at}): ${c.summary}`, ...c.diff];
    if (c.protection) lines.push(`protection: ${c.protection}`);
    if (c.outcome) lines.push(`outcome: ${c.outcome}${c.error_code ? ` [${c.error_code}]` : ''}`);
    if (c.recheck) lines.push(`re-checked ${c.recheck.at}: ${c.recheck.finding}`);
    lines.push(c.not_revertible ? `not revertible: ${c.not_revertible}` : `revert: ${c.revert.join('; ') || 'nothing'}`);
    if (c.reverted_by) lines.push(`reverted by ${c.reverted_by}`);
    return { structured: c, text: lines.join('\n') };
  },
});
