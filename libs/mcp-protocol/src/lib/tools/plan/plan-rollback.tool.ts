import { z } from 'zod';
import { protocolError } from '../../errors/map-domain-error';
import { RpcError } from '../../errors/rpc-error';
import { defineTool } from '../define-tool';
import { publishPlanChanged } from './plan-access';
import { PlanIdSchema } from './plan-inputs';
import { planText, planView, PlanViewSchema } from './plan-view';

export const planRollback = defineTool({
  name: 'plan_rollback',
  title: 'Roll back a plan',
  description: "Undo an applied or failed plan: changed devices restored to their before-state, newest first.",
  tier: 'professional',
  readOnly: false,
  idempotent: true,
  input: z.object({ plan_id: PlanIdSchema }),
  output: PlanViewSchema,
  async run(args, ctx) {
    if (!ctx.planRollback) {
      throw new RpcError(
        protocolError('INVALID_CONFIGURATION', 'this server runs no rollout runner, so plans cannot be rolled back here', { tool: 'plan_rollback', plan_id: args.plan_id }, 'Follow the plan with plan_status; an operator can revert its devices one by one (change_revert) until the rollout runner is installed.'),
      );
    }
    const plan = await ctx.planRollback.rollback(args.plan_id, ctx.principal);
    await publishPlanChanged(ctx, plan);
    const view = planView(plan);
    return { structured: view, text: planText(view) };
  },
});
