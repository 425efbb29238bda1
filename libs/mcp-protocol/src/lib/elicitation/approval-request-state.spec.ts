import { RpcError } from '../errors/rpc-error';
import { decodeApprovalState, encodeApprovalState } from './approval-request-state';

describe('the requestState of plan_apply (2026-07-28)', () => {
  const state = encodeApprovalState({ tool: 'plan_apply', planId: 'plan-1', accepted: true });

  it('round-trips with the call it was made for', () => {
    expect(decodeApprovalState(state, 'plan_apply', { plan_id: 'plan-1' })).toEqual({ tool: 'plan_apply', planId: 'plan-1', accepted: true });
  });

  it.each([
    ['another plan', state, 'plan_apply', { plan_id: 'plan-2' }, /belongs to plan_apply of another plan/],
    ['another tool', state, 'plan_cancel', { plan_id: 'plan-1' }, /another plan or tool/],
    ['a state it did not make', 'xyz', 'plan_apply', { plan_id: 'plan-1' }, /not a state this server made/],
    ['a mangled one', `${state.slice(0, 14)}!!`, 'plan_apply', { plan_id: 'plan-1' }, /not a state this server made/],
  ])('refuses %s as INVALID_PARAMS', (_what, raw, tool, args, message) => {
    let thrown: unknown;
    try {
      decodeApprovalState(raw, tool, args);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RpcError);
    expect((thrown as RpcError).data).toMatchObject({ mcp_error_code: 'INVALID_PARAMS', field: 'requestState' });
    expect((thrown as RpcError).message).toMatch(message);
  });
});
