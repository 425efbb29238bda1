import { InternalError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { defineTool } from '../define-tool';
import { changeOutput, ChangeOutputSchema } from './change-output';
import { ChangeIdSchema } from './change-summary';

export const changeRevert = defineTool({
  name: 'change_revert',
  title: 'Revert a change',
  description: 'Undo an applied change from its recorded before-state.',
  tier: 'advanced',
  readOnly: false,
  idempotent: true,
  input: z.object({ change_id: ChangeIdSchema, dry_run: z.boolean().default(false).describe('Diff, no change') }),
  output: ChangeOutputSchema,
  async run(args, ctx) {
    if (!ctx.changeHistory) throw new InternalError('the change pipeline is not wired into this server');
    const result = await ctx.changeHistory.revert({ principal: ctx.principal, correlationId: ctx.correlationId, environment: ctx.environment, changeId: args.change_id, dryRun: args.dry_run, signal: ctx.signal });
    return changeOutput(result);
  },
});
