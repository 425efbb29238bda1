import type { EventBus, Principal } from '@routeros-mcp/application-ports';
import type { PlanService } from '@routeros-mcp/application-use-cases';
import type { Plan } from '@routeros-mcp/domain-plans';
import { InternalError } from '@routeros-mcp/domain-kernel';

/**
 * What plan tools may do with plans: create, read, list, cancel and start them. Approving is not in it: a human
 * approves out of band (admin CLI, or an approver's own client), never a tool.
 */
export type PlanOperations = Pick<PlanService, 'create' | 'get' | 'list' | 'cancel' | 'apply'>;

/** The rollout runner's rollback of an applied plan (restores each applied device from its before-state). */
export interface PlanRollback {
  rollback(planId: string, principal: Principal): Promise<Plan>;
}

/** The plan side of a tool's context; absent parts mean the server was built without them. */
export interface PlanContext {
  plans?: PlanOperations;
  planRollback?: PlanRollback;
  /** plan.progress / plan.changed, for plan_apply's wait and for publishing plan changes. */
  events?: EventBus;
  /** How long plan_apply holds its answer to stream progress when the client sent a progress token (0: never). */
  planApplyWaitMs: number;
  /** Whether the client asked for progress on this call (a progress token). */
  progressRequested: boolean;
  /** The operator console's base URL, when there is one: plan_apply names a plan's page there. */
  consoleUrl?: string;
}

export function plansOf(ctx: { plans?: PlanOperations }): PlanOperations {
  if (!ctx.plans) throw new InternalError('plans are not wired into this server');
  return ctx.plans;
}
