import { z } from 'zod';
import { defineTool } from '../define-tool';
import { PlanIdSchema } from './plan-inputs';
import { plansOf } from './plan-services';
import { planText, planView, PlanViewSchema } from './plan-view';

export const planGet = defineTool({
  name: 'plan_get',
  title: 'Plan',
  description: 'A plan: per-device diff, before/after rows, risk, verdicts, exclusions, approval, next step.',
  tier: 'professional',
  openWorld: false,
  input: z.object({ plan_id: PlanIdSchema }),
  output: PlanViewSchema,
  async run(args, ctx) {
    const view = planView(await plansOf(ctx).get(args.plan_id), true);
    return { structured: view, text: planText(view) };
  },
});
