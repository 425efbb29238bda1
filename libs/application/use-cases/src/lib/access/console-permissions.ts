import type { Principal } from '@routeros-mcp/application-ports';
import { mayUseTier } from '@routeros-mcp/domain-kernel';
import { approvalBasis } from '../plans/plan.service';
import { mayReadFleet } from './access-policy';

/**
 * What a console principal may see and do, from the same rules the MCP tools and the admin CLI use: reading is the
 * fundamental tier; approving and rejecting a plan is PlanService's own approval basis (approver or admin); a plan's
 * rollback is the professional tier (plan_rollback's); a single change's revert the advanced tier (change_revert's);
 * API tokens the admin role.
 * Pages hide what is not allowed, and every action asks this again on the server before it runs.
 */
export interface ConsolePermissions {
  read: boolean;
  decidePlans: boolean;
  rollbackPlans: boolean;
  revertChanges: boolean;
  /** API tokens are an administrator's (as `token` at the admin CLI, on the host). */
  manageTokens: boolean;
}

export function consolePermissions(principal: Principal): ConsolePermissions {
  return {
    read: mayReadFleet(principal),
    decidePlans: approvalBasis(principal) !== undefined,
    rollbackPlans: mayUseTier(principal, 'professional'),
    revertChanges: mayUseTier(principal, 'advanced'),
    manageTokens: principal.roles === undefined || principal.roles.includes('admin'),
  };
}
