import type { EventBus } from '@routeros-mcp/application-ports';
import { approvalAnswerOf } from './approval-elicitation';
import { decodeApprovalState, type ApprovalRequestState } from './approval-request-state';
import { APPROVAL_ROUND_WAIT_MS, waitWhilePending } from './approval-wait';

/** A 2026-07-28 retry of plan_apply after URL elicitation: its echoed state and the person's answer to the URL. */
export interface ApprovalRetry {
  state: ApprovalRequestState;
  answer?: 'accept' | 'decline' | 'cancel';
}

/** Whether the next `input_required` of this call goes on waiting (the person said yes) rather than asking again. */
export const personAccepted = (retry: ApprovalRetry | undefined): boolean => retry?.answer === 'accept' || (retry?.state.accepted === true && retry.answer === undefined);

/** Whether the person turned the page down: the call then answers PLAN_NOT_APPROVED instead of asking again. */
export const personDeclined = (retry: ApprovalRetry | undefined): boolean => retry?.answer === 'decline' || retry?.answer === 'cancel';

/**
 * The retry a request carries (none without a requestState), checked against the call (INVALID_PARAMS when the
 * state is not this call's). When the person accepted, it waits (bounded) while the plan is still pending, so the
 * call is judged again once the approval came, not a moment before.
 */
export async function approvalRetry(
  requestState: unknown,
  inputResponses: Record<string, unknown> | undefined,
  call: { tool: string; args: Record<string, unknown>; signal: AbortSignal },
  plans: { status(planId: string): Promise<string>; events?: EventBus } | undefined,
): Promise<ApprovalRetry | undefined> {
  if (typeof requestState !== 'string') return undefined;
  const retry: ApprovalRetry = { state: decodeApprovalState(requestState, call.tool, call.args), answer: approvalAnswerOf(inputResponses) };
  if (plans && personAccepted(retry)) await waitWhilePending(retry.state.planId, () => plans.status(retry.state.planId), plans.events, APPROVAL_ROUND_WAIT_MS, call.signal);
  return retry;
}
