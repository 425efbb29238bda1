import type { Plan } from '@routeros-mcp/domain-plans';
import type { ToolContext } from '../define-tool';

/** Tells subscribers a plan was created or changed state (list_changed, plan:// updates), best effort. */
export async function publishPlanChanged(ctx: ToolContext, plan: Plan): Promise<void> {
  await ctx.events?.publish({ type: 'plan.changed', planId: plan.id, status: plan.status }).catch(() => undefined);
}
