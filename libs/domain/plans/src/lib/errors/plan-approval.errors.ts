import { DomainError } from '@routeros-mcp/domain-kernel';

/** The admin command a human runs to approve a plan: named in every refusal a new approval would fix. */
export const approveCommand = (planId: string) => `routeros-mcp-admin plan approve ${planId}`;

export type InvalidApprovalReason = 'signature' | 'other_plan' | 'content_changed';

const WHY: Record<InvalidApprovalReason, string> = {
  signature: 'its signature does not verify',
  other_plan: 'it was given for another plan',
  content_changed: "the plan's content changed after it was approved",
};

/** An approval exists but does not vouch for this plan as it is now (forged, misplaced, or the plan was altered). */
export class PlanApprovalInvalidError extends DomainError {
  readonly code = 'PLAN.APPROVAL_INVALID';
  constructor(
    readonly planId: string,
    readonly reason: InvalidApprovalReason,
  ) {
    super(`plan '${planId}' has no valid approval: ${WHY[reason]}; a human must approve it again (${approveCommand(planId)})`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, reason: this.reason, next_step: approveCommand(this.planId) };
  }
}

export class PlanApprovalExpiredError extends DomainError {
  readonly code = 'PLAN.APPROVAL_EXPIRED';
  constructor(
    readonly planId: string,
    readonly expiredAt: Date,
  ) {
    super(`the approval of plan '${planId}' expired at ${expiredAt.toISOString()}; approve it again (${approveCommand(planId)}) or create a new plan`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, expired_at: this.expiredAt.toISOString(), next_step: approveCommand(this.planId) };
  }
}

/** An approval lets a plan start once: a second apply with it is a replay. */
export class PlanApprovalUsedError extends DomainError {
  readonly code = 'PLAN.APPROVAL_USED';
  constructor(readonly planId: string) {
    super(`the approval of plan '${planId}' was already used to start it; an approval starts a plan once`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId };
  }
}

/** The approver had no right to approve (no approver or admin role, or not a human at the admin CLI). */
export class PlanApproverNotEntitledError extends DomainError {
  readonly code = 'PLAN.APPROVER_NOT_ENTITLED';
  constructor(
    readonly planId: string,
    readonly approver: string,
    readonly why: string,
  ) {
    super(`'${approver}' may not approve plan '${planId}': ${why}; an operator approves it with ${approveCommand(planId)}`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, next_step: approveCommand(this.planId) };
  }
}

/** What drifted on one device since planning: the sections whose live state no longer hashes the same. */
export interface DriftedDevice {
  deviceId: string;
  sections: readonly string[];
}

/** A device's touched state changed after the plan was made: the reviewed diff is no longer what would be written. */
export class PlanStateDriftedError extends DomainError {
  readonly code = 'PLAN.STATE_DRIFTED';
  constructor(
    readonly planId: string,
    readonly drifted: readonly DriftedDevice[],
  ) {
    super(`plan '${planId}' no longer matches the devices: ${drifted.map((d) => `${d.deviceId} (${d.sections.map((s) => `/${s}`).join(', ')})`).join('; ')} changed since it was planned; create a new plan`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, drifted: this.drifted.map((d) => ({ device_id: d.deviceId, sections: d.sections })) };
  }
}

/** One device of a requested plan and why it cannot take part. */
export interface RefusedDevice {
  deviceId: string;
  code: string;
  reason: string;
}

/** Some devices fail a rule (or cannot be read): the whole plan is refused unless the caller excludes them. */
export class PlanDevicesRefusedError extends DomainError {
  readonly code = 'PLAN.DEVICES_REFUSED';
  constructor(readonly refused: readonly RefusedDevice[]) {
    super(`the plan was not created: ${refused.map((r) => `${r.deviceId}: ${r.reason}`).join('; ')}; fix them or exclude them with exclude`);
  }
  override details(): Record<string, unknown> {
    return { refused: this.refused.map((r) => ({ device_id: r.deviceId, code: r.code, reason: r.reason })) };
  }
}
