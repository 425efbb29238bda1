import { CLIENT_CAPABILITIES_META_KEY, inputRequired, ProtocolError, ProtocolErrorCode, type InputRequiredResult, type Server, type ServerContext } from '@modelcontextprotocol/server';
import type { Era } from '../errors/error-contract';
import { encodeApprovalState } from './approval-request-state';
import type { ApprovalWatch } from './approval-watch';
import { randomUUID } from 'node:crypto';
import type { PlanAwaitingApprovalError } from './plan-awaiting-approval.error';

/** The key of the one input request plan_apply makes on 2026-07-28. */
export const APPROVAL_INPUT_KEY = 'approve_plan';

/**
 * Whether the client declared URL-mode elicitation: in each request's envelope (2026-07-28), in `initialize`
 * (2025-era). A 2025-era request over stateless HTTP has neither (no session keeps what `initialize` said).
 */
export function takesUrlElicitation(server: Server, era: Era, ctx: ServerContext): boolean {
  const envelope = (ctx.mcpReq as { envelope?: Record<string, unknown> }).envelope;
  const capabilities = (era === 'modern' ? envelope?.[CLIENT_CAPABILITIES_META_KEY] : server.getClientCapabilities()) as { elicitation?: { url?: unknown } } | undefined;
  return typeof capabilities?.elicitation?.url === 'object' && capabilities.elicitation.url !== null;
}

const messageFor = (planId: string) =>
  `Plan ${planId} needs a human's approval: review its per-device diff and approve or reject it on the operator console (log in; approving needs the approver role).`;

/**
 * The answer that sends the person to the plan's console page, in the revision's form:
 * - 2025-11-25: the URL elicitation required error (-32042) with one URL-mode elicitation; the session's watch sends
 *   `notifications/elicitation/complete` for its id once the plan is approved or rejected. Without a watch (no
 *   session to send it on) the client retries when the person says so.
 * - 2026-07-28: an `input_required` result asking for URL-mode elicitation, with a requestState naming the call; the
 *   retry re-checks the plan and applies it if approved. Once the person accepted, later rounds carry the state only
 *   (nothing to ask again) while the plan waits.
 */
export function approvalElicitation(error: PlanAwaitingApprovalError, era: Era, options: { watch?: ApprovalWatch; accepted?: boolean; correlationId: string }): InputRequiredResult {
  const url = error.consoleUrl;
  if (era === 'legacy') {
    const elicitationId = options.watch?.watch(error.planId) ?? randomUUID();
    throw new ProtocolError(ProtocolErrorCode.UrlElicitationRequired, error.message, {
      elicitations: [{ mode: 'url', elicitationId, url, message: messageFor(error.planId) }],
      plan_id: error.planId,
      correlation_id: options.correlationId,
    });
  }
  const requestState = encodeApprovalState({ tool: 'plan_apply', planId: error.planId, accepted: options.accepted ?? false });
  const result = options.accepted
    ? inputRequired({ requestState })
    : inputRequired({ inputRequests: { [APPROVAL_INPUT_KEY]: inputRequired.elicitUrl({ url, message: messageFor(error.planId) }) }, requestState });
  return { ...result, _meta: { correlation_id: options.correlationId } };
}

/** The person's answer to the URL request on a retry: accept, decline, cancel, or none. */
export function approvalAnswerOf(responses: Record<string, unknown> | undefined): 'accept' | 'decline' | 'cancel' | undefined {
  const action = (responses?.[APPROVAL_INPUT_KEY] as { action?: unknown } | undefined)?.action;
  return action === 'accept' || action === 'decline' || action === 'cancel' ? action : undefined;
}
