/**
 * Plan lifecycle. `expired` is terminal and explicit (rather than a silent cancel) so an operator can
 * tell a plan nobody approved in time from one somebody cancelled.
 *
 *   pending ──approve──▶ approved ──start──▶ executing ──▶ completed ──────────┐ (plan_rollback)
 *      ├──reject──▶ rejected │                   │ └──────▶ failed ─────────────┤
 *      ├──cancel────────────┴──▶ cancelled ◀────┤ (cancel  └──▶ rolling_back ◀─┘
 *      └──(ttl passes)──────┴──▶ expired        │  asked, at a   ├──▶ rolled_back
 *                                               │  step boundary)└──▶ failed (rollback incomplete; may retry)
 *
 * A cancel asked while `executing` is only recorded (`cancelRequested`); the runner stops before the next device
 * step and moves the plan to `cancelled`, every device applied and verified, or as it was. A plan an approver turned
 * down is `rejected`, not `cancelled`: an operator reading the list tells a refusal from a withdrawal.
 */
export const PLAN_STATUSES = [
  'pending',
  'approved',
  'executing',
  'completed',
  'failed',
  'cancelled',
  'rejected',
  'expired',
  'rolling_back',
  'rolled_back',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PLAN_TRANSITIONS: Readonly<Record<PlanStatus, readonly PlanStatus[]>> = {
  pending: ['approved', 'rejected', 'cancelled', 'expired'],
  approved: ['executing', 'cancelled', 'expired'],
  executing: ['completed', 'failed', 'rolling_back', 'cancelled'],
  failed: ['rolling_back'],
  rolling_back: ['rolled_back', 'failed'],
  // A completed rollout can still be undone as a whole (plan_rollback): every applied device restored, newest first.
  completed: ['rolling_back'],
  cancelled: [],
  rejected: [],
  expired: [],
  rolled_back: [],
};

export function canTransition(from: PlanStatus, to: PlanStatus): boolean {
  return PLAN_TRANSITIONS[from].includes(to);
}

export const STEP_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'skipped', 'rolled_back', 'rollback_failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
