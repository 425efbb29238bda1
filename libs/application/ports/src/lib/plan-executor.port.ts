import type { Plan } from '@routeros-mcp/domain-plans';

export const PlanExecutor = Symbol.for('PlanExecutor');
/**
 * The seam to the rollout runner: told once a plan is `executing` (committed). The runner (a later issue: batches,
 * health gates, rollback, resume after a crash; a job queue on PostgreSQL, in-process on SQLite) also picks up
 * `executing` plans at start, so a lost notification delays a rollout, never loses it. Unbound until then.
 */
export interface PlanExecutor {
  planStarted(plan: Plan): Promise<void>;
}
