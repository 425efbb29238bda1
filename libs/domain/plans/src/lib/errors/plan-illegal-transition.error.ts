import { DomainError } from '@routeros-mcp/domain-kernel';

export class PlanIllegalTransitionError extends DomainError {
  readonly code = 'PLAN.ILLEGAL_TRANSITION';
  constructor(
    readonly planId: string,
    readonly from: string,
    readonly to: string,
    reason?: string,
  ) {
    super(`plan '${planId}' cannot go from ${from} to ${to}${reason ? `: ${reason}` : ''}`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, plan_status: this.from, requested_status: this.to };
  }
}
