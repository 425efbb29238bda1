import { protocolError } from '../errors/map-domain-error';
import { RpcError } from '../errors/rpc-error';

/** What plan_apply's `input_required` result asks the client to echo: which call it belongs to, and whether the person agreed to open the page. */
export interface ApprovalRequestState {
  tool: 'plan_apply';
  planId: string;
  /** The person accepted the URL: later rounds wait for the approval instead of asking again. */
  accepted: boolean;
}

const PREFIX = 'approval.v1.';

/**
 * The state rides through the client unsigned on purpose: it grants nothing. Every retry is judged as a new call
 * (role, reach, the approval grant's signature, content hash and single use), so a forged state can at most make the
 * server wait for an approval or refuse the call (MCP's MRTR rule: integrity may be omitted when tampering can cause
 * nothing worse than request failure). It is still bound to the call it came from: another tool or plan is refused.
 */
export function encodeApprovalState(state: ApprovalRequestState): string {
  return PREFIX + Buffer.from(JSON.stringify({ t: state.tool, p: state.planId, a: state.accepted })).toString('base64url');
}

/** The state a retry carries, checked against the call it comes with; INVALID_PARAMS when it is not this call's. */
export function decodeApprovalState(raw: string, toolName: string, args: Record<string, unknown>): ApprovalRequestState {
  const refuse = (why: string) =>
    new RpcError(protocolError('INVALID_PARAMS', `requestState: ${why}`, { field: 'requestState' }, 'Call the tool again without requestState.'));
  if (!raw.startsWith(PREFIX)) throw refuse('not a state this server made');
  let parsed: { t?: unknown; p?: unknown; a?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(raw.slice(PREFIX.length), 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw refuse('not a state this server made');
  }
  if (parsed.t !== 'plan_apply' || typeof parsed.p !== 'string' || typeof parsed.a !== 'boolean') throw refuse('not a state this server made');
  if (toolName !== parsed.t || args['plan_id'] !== parsed.p) throw refuse(`it belongs to ${parsed.t} of another plan or tool, not to this call`);
  return { tool: 'plan_apply', planId: parsed.p, accepted: parsed.a };
}
