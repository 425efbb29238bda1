import { PlanNotApprovedError } from '@routeros-mcp/domain-plans';
import { toMcpError } from '../errors/map-domain-error';
import { awaitingApproval } from './awaiting-approval';
import { PlanAwaitingApprovalError } from './plan-awaiting-approval.error';

describe('PLAN_NOT_APPROVED with a console', () => {
  it('names the console page beside the CLI command in next_steps (the same code and audit code as before)', () => {
    const error = awaitingApproval(new PlanNotApprovedError('plan-1', 'pending'), 'https://mcp.example.com/console');
    expect(error).toBeInstanceOf(PlanAwaitingApprovalError);
    expect((error as PlanAwaitingApprovalError).code).toBe('PLAN.NOT_APPROVED');
    const mapped = toMcpError(error);
    expect(mapped.code).toBe(-32030);
    expect(mapped.data).toMatchObject({
      mcp_error_code: 'PLAN_NOT_APPROVED',
      console_url: 'https://mcp.example.com/console/plans/plan-1',
      next_steps: ['routeros-mcp-admin plan approve plan-1', 'https://mcp.example.com/console/plans/plan-1', 'plan_get'],
    });
    expect(mapped.data.suggestion).toContain('or on the console page https://mcp.example.com/console/plans/plan-1');
  });

  it('is today\'s answer without a console, and for a plan no approval can start (rejected, cancelled)', () => {
    const none = awaitingApproval(new PlanNotApprovedError('plan-1', 'pending'), undefined);
    expect(none).toBeInstanceOf(PlanNotApprovedError);
    expect(toMcpError(none).data.next_steps).toEqual(['plan_get']);
    const rejected = awaitingApproval(new PlanNotApprovedError('plan-2', 'rejected'), 'https://h/console');
    expect(rejected).toBeInstanceOf(PlanNotApprovedError);
    expect(toMcpError(rejected).data).not.toHaveProperty('console_url');
  });
});
