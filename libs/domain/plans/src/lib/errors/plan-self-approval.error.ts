import { DomainError } from '@routeros-mcp/domain-kernel';

/** Four-eyes rule: a plan that touches production is approved by someone other than its author. */
export class PlanSelfApprovalError extends DomainError {
  readonly code = 'PLAN.SELF_APPROVAL';
  constructor(
    readonly planId: string,
    readonly principal: string,
  ) {
    super(`plan '${planId}' targets prod and was created by '${principal}', who cannot also approve it`);
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId };
  }
}
