import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { truncate } from '@routeros-mcp/domain-kernel';
import { Era, errorForEra } from '../errors/error-contract';
import { protocolError } from '../errors/map-domain-error';
import { checkParams } from './params-guard';

/** A JSON-RPC error frame to send back (`id` null when the request's id could not be read). */
export interface ErrorFrame {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data: Record<string, unknown> };
}

export type Verdict = { ok: true; message: JSONRPCMessage } | { ok: false; reply?: ErrorFrame };

/** MCP ids are strings or integers; a number JSON cannot carry exactly (1.5, 1e300, 2^53+1) could not be echoed as sent. */
export const isId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v));

/**
 * How deep a message may nest, counting the message object as level 1 (arguments start at level 4). JSON.parse
 * does not recurse in V8, but JSON.stringify, redaction and validation do: 10,000 levels overflowed the stack in
 * the audit path. No MCP request or tool argument comes near this.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether objects and arrays in `value` nest more than `limit` levels deep; iterative, and stops at the first too deep. */
export function nestingExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** A request's params nest past MAX_JSON_DEPTH (params are level 2 of the message). */
export const paramsTooDeep = (params: unknown) => nestingExceeds(params, MAX_JSON_DEPTH - 1);

function errorFrame(id: unknown, kind: Parameters<typeof protocolError>[0], sentence: string, extra: Record<string, unknown> = {}, era: Era = 'legacy'): ErrorFrame {
  const payload = errorForEra(protocolError(kind, sentence, extra), era);
  return { jsonrpc: '2.0', id: isId(id) ? (id as string | number) : null, error: { code: payload.code, message: payload.message, data: payload.data } };
}

/** Batches are JSON-RPC arrays: allowed by MCP 2025-03-26, removed from 2025-06-18 on. */
export function batchesAllowed(protocolVersion: string | undefined): boolean {
  return protocolVersion !== undefined && protocolVersion <= '2025-03-26';
}

const ID_RULE = 'id must be a string or an integer from -(2^53-1) to 2^53-1';

/**
 * Checks one parsed JSON-RPC object (spec 002): shape, params, then the initialization state (2025-era only:
 * `modern` connections have no initialize). A bad request gets an error frame; so does an object that is no
 * request at all (id null, as JSON-RPC asks). Notifications are never answered, so one with bad params is
 * dropped. Responses are passed on and never answered.
 */
export function checkMessage(value: unknown, state: { initialized: boolean; modern?: boolean }): Verdict {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reply: errorFrame(null, 'INVALID_REQUEST', 'a JSON-RPC message must be an object') };
  }
  const frame = value as Record<string, unknown>;
  const hasId = 'id' in frame;
  const answers = 'result' in frame || 'error' in frame;
  // A response is never answered, whatever its id (JSON-RPC's own error responses carry id null); only one whose id
  // could be ours goes on to the SDK.
  if (answers && !('method' in frame)) return hasId && isId(frame['id']) && frame['jsonrpc'] === '2.0' ? { ok: true, message: frame as unknown as JSONRPCMessage } : { ok: false };
  if (hasId && !isId(frame['id'])) return { ok: false, reply: errorFrame(null, 'INVALID_REQUEST', ID_RULE, { rule: 'id' }) };
  const shape = shapeError(frame);
  if (shape) return { ok: false, reply: shape };
  const meta = metaRefusal(frame);
  if (meta) return hasId ? { ok: false, reply: meta } : { ok: false };
  const method = frame['method'] as string; // a non-empty string: shapeError passed it
  // tools/call goes on: its handler refuses it with INVALID_PARAMS and an audit record, before anything else reads it.
  if (method !== 'tools/call' && paramsTooDeep(frame['params'])) {
    return hasId ? { ok: false, reply: errorFrame(frame['id'], 'INVALID_PARAMS', `params: nested deeper than ${MAX_JSON_DEPTH} levels`, { field: 'params', max_depth: MAX_JSON_DEPTH }) } : { ok: false };
  }
  if (hasId && method === 'initialize' && state.initialized && !state.modern) {
    return { ok: false, reply: errorFrame(frame['id'], 'INVALID_REQUEST', 'the session is already initialized; initialize may be sent once', { reason: 'ALREADY_INITIALIZED' }) };
  }
  if (hasId && !state.initialized && !state.modern && method !== 'initialize' && method !== 'ping') {
    return { ok: false, reply: errorFrame(frame['id'], 'NOT_INITIALIZED', `send initialize before ${truncate(method, 100)}`) };
  }
  const params = paramsRefusal(frame, state.modern ? 'modern' : 'legacy');
  if (params) return hasId ? { ok: false, reply: params } : { ok: false };
  return { ok: true, message: frame as unknown as JSONRPCMessage };
}

/** MCP's _meta is an object for every method, known or not; the SDK drops a request whose _meta is anything else. */
function metaRefusal(frame: Record<string, unknown>): ErrorFrame | undefined {
  const meta = (frame['params'] as { _meta?: unknown } | undefined)?._meta;
  if (meta === undefined || (typeof meta === 'object' && meta !== null && !Array.isArray(meta))) return undefined;
  return errorFrame(frame['id'], 'INVALID_PARAMS', 'params._meta: must be an object', { field: 'params._meta' });
}

/**
 * Params that do not fit MCP's shape for the method (-32602 naming the field and what was expected): the SDK would
 * answer them with -32603 and zod's own multi-line message. The caller drops a notification's refusal unsent.
 */
function paramsRefusal(frame: Record<string, unknown>, era: Era): ErrorFrame | undefined {
  const problem = checkParams(frame['method'] as string, frame['params'], era);
  if (!problem) return undefined;
  return errorFrame(frame['id'], 'INVALID_PARAMS', `${problem.field}: ${problem.message}`, { field: problem.field, errors: problem.errors });
}

export const parseErrorFrame = (sentence: string) => errorFrame(null, 'PARSE_ERROR', sentence);
export const emptyBatchFrame = () => errorFrame(null, 'INVALID_REQUEST', 'an empty array is not a request');
/** The answer to a request still running when the shutdown grace period ran out. */
export const shutdownFrame = (id: string | number, era: Era = 'legacy') => errorFrame(id, 'SERVER_SHUTTING_DOWN', 'the server shut down before this request finished; it was cancelled', {}, era);
export const tooLargeFrame = (limit: number) => errorFrame(null, 'MESSAGE_TOO_LARGE', `a message is larger than ${limit} bytes; it was discarded`, { limit_bytes: limit });
export const batchRefusedFrame = (version: string | undefined, how = 'send one message per line') =>
  errorFrame(null, 'INVALID_REQUEST', `JSON-RPC batches are not supported in protocol ${version ?? '(not negotiated)'}; ${how}`);

function duplicateRequestId(messages: unknown[]): boolean {
  const seen = new Set<string>();
  for (const m of messages) {
    if (!m || typeof m !== 'object' || Array.isArray(m) || !('method' in m) || !('id' in m)) continue;
    const key = JSON.stringify((m as { id: unknown }).id);
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/** checkMessage's shape rules for one HTTP message that is no response: undefined when it is a well-formed request or notification. */
function shapeRefusal(value: unknown): ErrorFrame | undefined {
  if (typeof value !== 'object' || value === null) return undefined; // the SDK's -32600 with id null, as stdio answers
  const frame = value as Record<string, unknown>;
  const answers = 'result' in frame || 'error' in frame;
  if (answers && !('method' in frame)) return undefined;
  if ('id' in frame && !isId(frame['id'])) return undefined; // refused below with the id rule
  return shapeError(frame);
}

/**
 * A JSON-RPC response posted under 2026-07-28, whose POSTs each carry one request or notification: there is no server
 * request for it to answer (input a server asks for comes back with the retried request). The SDK took it for a
 * 2025-era message and answered "Unsupported protocol version: 2026-07-28", which named the wrong fault.
 */
function responseRefusal(value: unknown): ErrorFrame | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const frame = value as Record<string, unknown>;
  if ('method' in frame || !('result' in frame || 'error' in frame)) return undefined;
  // id null: the response's id is one of the server's own request ids, and no request of the client is answered here.
  return errorFrame(null, 'INVALID_REQUEST', 'a 2026-07-28 POST carries one request or notification, and this server asked nothing a response could answer', { rule: 'message' }, 'modern');
}

/** The shape rules of a message that is not a plain response and whose id, if any, JSON can carry: the refusal, or undefined. */
function shapeError(frame: Record<string, unknown>): ErrorFrame | undefined {
  const id = frame['id'];
  if (frame['jsonrpc'] !== '2.0') return errorFrame(id, 'INVALID_REQUEST', 'jsonrpc must be "2.0"');
  if ('result' in frame || 'error' in frame) return errorFrame(id, 'INVALID_REQUEST', 'a message is a request or a response, not both: drop result/error or method');
  if (typeof frame['method'] !== 'string' || frame['method'] === '') return errorFrame(id, 'INVALID_REQUEST', 'method must be a non-empty string');
  if ('params' in frame && (typeof frame['params'] !== 'object' || frame['params'] === null)) return errorFrame(id, 'INVALID_REQUEST', 'params must be an object or an array');
  return undefined;
}

/**
 * What an HTTP body is refused for before anything of it runs (400), as stdio's guards refuse a line: a batch
 * outside 2025-03-26 or an empty one, a request id JSON cannot echo, params nested past MAX_JSON_DEPTH (tools/call
 * goes on: its handler refuses it and leaves an audit record), a request whose params do not fit its method
 * (-32602 with its id; a notification's are never answered). A batch with one bad member (malformed, or a request
 * with bad params) is refused whole, with id null.
 */
export function httpBodyRefusal(parsed: unknown, protocolVersion: string | undefined): ErrorFrame | undefined {
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return emptyBatchFrame();
    // Without MCP-Protocol-Version a request is 2025-03-26, as MCP's HTTP transport says (its clients send none).
    if (!batchesAllowed(protocolVersion ?? '2025-03-26')) return batchRefusedFrame(protocolVersion, 'send one message per request');
  }
  // A lone object that is no valid request gets stdio's answer: its id echoed where it has one JSON can carry (the
  // SDK answered id null, so the caller could not tell which request was refused), id null where it has none.
  const shape = Array.isArray(parsed) ? undefined : shapeRefusal(parsed);
  if (shape) return shape;
  const modernResponse = protocolVersion?.startsWith('2026') ? responseRefusal(parsed) : undefined;
  if (modernResponse) return modernResponse;
  // The SDK answers a stateless batch by request id: of two requests sharing one, only one was answered (found by
  // the fuzz). JSON-RPC asks for unique ids; such a batch is refused whole, as one with any other bad member.
  if (Array.isArray(parsed) && duplicateRequestId(parsed)) return errorFrame(null, 'INVALID_REQUEST', 'request ids in a batch must be unique', { rule: 'id' });
  const batch = Array.isArray(parsed);
  for (const message of batch ? parsed : [parsed]) {
    // Anything else that is no request is the SDK's to answer.
    if (!message || typeof message !== 'object' || Array.isArray(message) || !('method' in message)) continue;
    const frame = message as Record<string, unknown>;
    if ('id' in frame && !isId(frame['id'])) return errorFrame(null, 'INVALID_REQUEST', ID_RULE, { rule: 'id' });
    if (frame['method'] !== 'tools/call' && paramsTooDeep(frame['params'])) {
      return errorFrame(frame['id'] ?? null, 'INVALID_PARAMS', `params: nested deeper than ${MAX_JSON_DEPTH} levels`, { field: 'params', max_depth: MAX_JSON_DEPTH });
    }
    // A member that is no valid request or notification (an empty method: the SDK took it for a notification and
    // answered nothing, found by the fuzz, seed 856329404), or a request whose params do not fit its method.
    const refusal = (batch ? shapeError(frame) : undefined) ?? ('id' in frame ? (metaRefusal(frame) ?? paramsRefusal(frame, eraOfHttp(frame, protocolVersion))) : undefined);
    if (refusal) return batch ? wholeBatch(refusal, frame['id']) : refusal;
  }
  return undefined;
}

/** The revision an HTTP message speaks, as the route judges it: the version header, or the 2026-07-28 envelope. */
function eraOfHttp(frame: Record<string, unknown>, protocolVersion: string | undefined): Era {
  const meta = (frame['params'] as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return protocolVersion?.startsWith('2026') || typeof meta?.['io.modelcontextprotocol/protocolVersion'] === 'string' ? 'modern' : 'legacy';
}

/** A batch refused for one member: id null (the answer is to the whole body), the member's id in data. */
function wholeBatch(refusal: ErrorFrame, memberId: unknown): ErrorFrame {
  return { ...refusal, id: null, error: { ...refusal.error, message: `${refusal.error.message} (a batch member; nothing of the batch ran)`, data: { ...refusal.error.data, ...(isId(memberId) ? { member_id: memberId } : {}) } } };
}
