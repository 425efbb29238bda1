import { DomainError } from '@routeros-mcp/domain-kernel';

export class PlanNotApprovedError extends DomainError {
  readonly code = 'PLAN.NOT_APPROVED';
  constructor(
    readonly planId: string,
    readonly planStatus: string,
  ) {
    super(`plan '${planId}' is ${planStatus} and must be approved before it is applied: a human runs routeros-mcp-admin plan approve ${planId}`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId, plan_status: this.planStatus, next_step: `routeros-mcp-admin plan approve ${this.planId}` };
  }
}
