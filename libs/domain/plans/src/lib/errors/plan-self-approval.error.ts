import { DomainError } from '@routeros-mcp/domain-kernel';

/** Four-eyes rule: a plan that touches production is approved by someone other than its author. */
export class PlanSelfApprovalError extends DomainError {
  readonly code = 'PLAN.SELF_APPROVAL';
  constructor(
    readonly planId: string,
    /** The approver, as they asked. */
    readonly principal: string,
    /** The plan's author, when it is recorded under another id of the same person (one from before namespaces). */
    readonly createdBy: string = principal,
  ) {
    super(
      createdBy === principal
        ? `plan '${planId}' targets prod and was created by '${principal}', who cannot also approve it`
        : `plan '${planId}' targets prod and was created by '${createdBy}', the same person as '${principal}', who cannot also approve it`,
    );
  }
  override details(): Record<string, unknown> {
    return { plan_id: this.planId };
  }
}
