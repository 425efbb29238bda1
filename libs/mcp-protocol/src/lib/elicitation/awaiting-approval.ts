import { PlanNotApprovedError } from '@routeros-mcp/domain-plans';
import { planConsoleUrl } from './plan-console-url';
import { PlanAwaitingApprovalError } from './plan-awaiting-approval.error';

/** A plan still waiting for a human, where a console page exists, becomes the error that names that page; anything else is left as it is. */
export function awaitingApproval(error: unknown, consoleBase: string | undefined): unknown {
  const url = error instanceof PlanNotApprovedError && error.planStatus === 'pending' ? planConsoleUrl(consoleBase, error.planId) : undefined;
  return url ? new PlanAwaitingApprovalError(error as PlanNotApprovedError, url) : error;
}
