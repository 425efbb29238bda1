import { DomainError } from '@routeros-mcp/domain-kernel';

export class PlanExpiredError extends DomainError {
  readonly code = 'PLAN.EXPIRED';
  constructor(
    readonly planId: string,
    readonly expiredAt: Date,
  ) {
    super(`plan '${planId}' expired at ${expiredAt.toISOString()}; create a new plan`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, expired_at: this.expiredAt.toISOString() };
  }
}
