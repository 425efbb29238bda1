import { DomainError } from '@routeros-mcp/domain-kernel';
import type { PlanNotApprovedError } from '@routeros-mcp/domain-plans';

/**
 * plan_apply met a plan still waiting for a human, and the server has a console page for it. The same failure as
 * PLAN.NOT_APPROVED (audited so), carrying the page: the protocol layer sends the person there by URL-mode
 * elicitation when the client takes it, and names the page in next_steps otherwise.
 */
export class PlanAwaitingApprovalError extends DomainError {
  readonly code = 'PLAN.NOT_APPROVED';
  constructor(
    readonly original: PlanNotApprovedError,
    readonly consoleUrl: string,
  ) {
    super(`${original.message}, or approves it on the console at ${consoleUrl}`);
  }
  get planId(): string {
    return this.original.planId;
  }
  override details(): Record<string, unknown> {
    return { ...this.original.details(), console_url: this.consoleUrl };
  }
}
