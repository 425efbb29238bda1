import { z } from 'zod';
import { defineTool } from '../define-tool';
import { publishPlanChanged } from './plan-access';
import { PlanIdSchema } from './plan-inputs';
import { plansOf } from './plan-services';
import { planText, planView, PlanViewSchema } from './plan-view';

export const planCancel = defineTool({
  name: 'plan_cancel',
  title: 'Cancel a plan',
  description: 'Cancel a plan: pending or approved at once, executing before its next device step (changed devices stay, verified; plan_rollback undoes them).',
  tier: 'professional',
  readOnly: false,
  idempotent: false,
  openWorld: false,
  input: z.object({ plan_id: PlanIdSchema, reason: z.string().min(1).max(500).optional().describe('Why, for the record') }),
  output: PlanViewSchema,
  async run(args, ctx) {
    const plan = await plansOf(ctx).cancel(args.plan_id, ctx.principal, args.reason ?? `cancelled by ${ctx.principal.id}`, ctx.correlationId);
    await publishPlanChanged(ctx, plan);
    const view = planView(plan);
    return { structured: view, text: planText(view) };
  },
});
