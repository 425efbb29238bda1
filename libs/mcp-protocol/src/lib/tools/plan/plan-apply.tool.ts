import { z } from 'zod';
import { defineTool } from '../define-tool';
import { publishPlanChanged } from './plan-access';
import { PlanFollower } from './plan-follower';
import { PlanIdSchema } from './plan-inputs';
import { plansOf } from './plan-services';
import { planText, planView, PlanViewSchema } from './plan-view';
import { awaitingApproval } from '../../elicitation/awaiting-approval';

/**
 * Starts an approved plan. The answer comes at once with the plan `executing`: the plan id is the handle (MCP
 * 2026-07-28's way for work that outlives a call), followed with plan_status or plan://{plan_id}/execution-log.
 * When the server allows it (ROUTEROS_MCP_PLAN_APPLY_WAIT_S > 0) and the client sent a progress token, the answer
 * waits up to that long, streaming the rollout as notifications/progress (MCP sends progress only before the
 * answer), and then reports the plan as it stands; closing the stream ends the wait, never the rollout.
 */
export const planApply = defineTool({
  name: 'plan_apply',
  title: 'Apply a plan',
  description:
    'Start an approved plan (a human approves first: routeros-mcp-admin plan approve ID); answers at once, executing; follow with plan_status.',
  tier: 'professional',
  readOnly: false,
  idempotent: false,
  input: z.object({ plan_id: PlanIdSchema }),
  output: PlanViewSchema,
  async run(args, ctx) {
    const plans = plansOf(ctx);
    const waitMs = ctx.progressRequested && ctx.events ? ctx.planApplyWaitMs : 0;
    const follower = waitMs > 0 ? new PlanFollower(ctx.events!, args.plan_id, ctx.progress) : undefined;
    try {
      const started = await plans.apply(args.plan_id, ctx.principal, ctx.correlationId).catch((error: unknown) => {
        throw awaitingApproval(error, ctx.consoleUrl);
      });
      await publishPlanChanged(ctx, started);
      let plan = started;
      if (follower) {
        await follower.wait(waitMs, ctx.signal, async () => (plan = await plans.get(args.plan_id)).status);
        await follower.flush();
        plan = await plans.get(args.plan_id).catch(() => plan);
      }
      const view = planView(plan);
      return { structured: view, text: planText(view), meta: { waited_ms: waitMs } };
    } finally {
      follower?.stop();
    }
  },
});
