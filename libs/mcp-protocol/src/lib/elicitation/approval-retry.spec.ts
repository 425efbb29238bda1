import { approvalRetry, personAccepted, personDeclined } from './approval-retry';
import { encodeApprovalState } from './approval-request-state';

const call = (signal = new AbortController().signal) => ({ tool: 'plan_apply', args: { plan_id: 'plan-1' }, signal });

describe('a 2026-07-28 retry of plan_apply', () => {
  it('is none without a requestState', async () => {
    expect(await approvalRetry(undefined, { approve_plan: { action: 'accept' } }, call(), undefined)).toBeUndefined();
  });

  it('after accept, waits while the plan is pending and comes back once it is not', async () => {
    let reads = 0;
    const status = async () => (++reads < 3 ? 'pending' : 'approved');
    const retry = await approvalRetry(encodeApprovalState({ tool: 'plan_apply', planId: 'plan-1', accepted: false }), { approve_plan: { action: 'accept' } }, call(), { status });
    expect(reads).toBe(3);
    expect(retry).toEqual({ state: { tool: 'plan_apply', planId: 'plan-1', accepted: false }, answer: 'accept' });
    expect(personAccepted(retry)).toBe(true);
  });

  it('does not wait when the person declined, and says so', async () => {
    const status = jest.fn(async () => 'pending');
    const retry = await approvalRetry(encodeApprovalState({ tool: 'plan_apply', planId: 'plan-1', accepted: false }), { approve_plan: { action: 'decline' } }, call(), { status });
    expect(status).not.toHaveBeenCalled();
    expect(personDeclined(retry)).toBe(true);
    expect(personAccepted(retry)).toBe(false);
  });

  it('stops waiting when the call is cancelled', async () => {
    const aborted = new AbortController();
    const status = async () => (aborted.abort(), 'pending');
    const retry = await approvalRetry(encodeApprovalState({ tool: 'plan_apply', planId: 'plan-1', accepted: true }), undefined, call(aborted.signal), { status });
    expect(personAccepted(retry)).toBe(true);
  });
});
