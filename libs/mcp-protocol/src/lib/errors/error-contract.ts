import { ERROR_KINDS, McpErrorCode } from './error-codes';
import type { McpErrorPayload } from './map-domain-error';

/** The protocol revision a connection speaks: 2025-era (`initialize`) or 2026-07-28 (per-request envelope). */
export type Era = 'legacy' | 'modern';

/** The JSON-RPC codes 2026-07-28 lets a server send on its own; -32000…-32099 are the spec's or legacy. */
type StandardCode = -32700 | -32600 | -32601 | -32602 | -32603;

export interface ErrorContractRow {
  /** 2025-era connections: spec 001's code, as a JSON-RPC error (or inside an isError result with ROUTEROS_MCP_TOOL_ERRORS=result). */
  legacy: number;
  /** 2026-07-28 connections, a failure of `tools/call`: an isError result, or a JSON-RPC error for protocol failures. */
  modernToolCall: 'result' | 'error';
  /** 2026-07-28 connections, any JSON-RPC error (protocol failures, resource reads, prompts…): a standard code only. */
  modern: StandardCode;
}

/**
 * What each revision sends, per `mcp_error_code`. On modern connections a tool that ran and failed (device,
 * validation of its arguments, safety, approval, rate limit, not found, timeout) answers an isError result whose
 * structuredContent.error carries the taxonomy; what is wrong with the request itself stays a JSON-RPC error.
 * Not found is -32602 as 2026-07-28 says for resources; every other server-side failure is -32603.
 */
export const ERROR_CONTRACT: Record<McpErrorCode, ErrorContractRow> = {
  PARSE_ERROR: { legacy: -32700, modernToolCall: 'error', modern: -32700 },
  INVALID_REQUEST: { legacy: -32600, modernToolCall: 'error', modern: -32600 },
  NOT_INITIALIZED: { legacy: -32600, modernToolCall: 'error', modern: -32600 },
  MESSAGE_TOO_LARGE: { legacy: -32600, modernToolCall: 'error', modern: -32600 },
  METHOD_NOT_FOUND: { legacy: -32601, modernToolCall: 'error', modern: -32601 },
  TOOL_NOT_FOUND: { legacy: -32601, modernToolCall: 'error', modern: -32602 },
  INVALID_PARAMS: { legacy: -32602, modernToolCall: 'result', modern: -32602 },
  INTERNAL_ERROR: { legacy: -32000, modernToolCall: 'result', modern: -32603 },
  SERVER_SHUTTING_DOWN: { legacy: -32000, modernToolCall: 'error', modern: -32603 },
  UNAUTHORIZED: { legacy: -32001, modernToolCall: 'result', modern: -32603 },
  FORBIDDEN: { legacy: -32002, modernToolCall: 'result', modern: -32603 },
  NOT_FOUND: { legacy: -32003, modernToolCall: 'result', modern: -32602 },
  CONFLICT: { legacy: -32004, modernToolCall: 'result', modern: -32603 },
  VALIDATION_ERROR: { legacy: -32005, modernToolCall: 'result', modern: -32602 },
  RATE_LIMITED: { legacy: -32006, modernToolCall: 'result', modern: -32603 },
  TIMEOUT: { legacy: -32007, modernToolCall: 'result', modern: -32603 },
  DEVICE_UNREACHABLE: { legacy: -32010, modernToolCall: 'result', modern: -32603 },
  DEVICE_AUTH_FAILED: { legacy: -32011, modernToolCall: 'result', modern: -32603 },
  DEVICE_ERROR: { legacy: -32012, modernToolCall: 'result', modern: -32603 },
  DEVICE_UNSUPPORTED: { legacy: -32013, modernToolCall: 'result', modern: -32603 },
  INVALID_CONFIGURATION: { legacy: -32020, modernToolCall: 'result', modern: -32603 },
  UNSAFE_OPERATION: { legacy: -32021, modernToolCall: 'result', modern: -32603 },
  PLAN_NOT_APPROVED: { legacy: -32030, modernToolCall: 'result', modern: -32603 },
  PLAN_EXPIRED: { legacy: -32031, modernToolCall: 'result', modern: -32603 },
};

/** The payload as a JSON-RPC error of `era`: the same message and taxonomy, the code the revision allows. */
export function errorForEra(payload: McpErrorPayload, era: Era): McpErrorPayload {
  if (era === 'legacy') return payload;
  return { ...payload, code: ERROR_CONTRACT[payload.data.mcp_error_code].modern };
}

/** The isError result of a failed tool call on a modern connection: the message plus the suggestion, and the whole taxonomy. */
export function modernToolErrorResult(payload: McpErrorPayload) {
  const { mcp_error_code, ...rest } = payload.data;
  return {
    isError: true,
    content: [{ type: 'text' as const, text: `${payload.message}\nsuggestion: ${payload.data.suggestion}` }],
    structuredContent: { error: { mcp_error_code, category: ERROR_KINDS[mcp_error_code].category, message: payload.message, ...rest } },
    _meta: { ...(payload.data.correlation_id ? { correlation_id: payload.data.correlation_id } : {}) },
  };
}

/**
 * An outgoing JSON-RPC error with the code the contract gives its `mcp_error_code` on `era`. The SDK's codecs
 * rewrite some codes (a handler's -32002 leaves the 2025-era codec as -32602); this puts ours back as it leaves.
 */
export function withEraCode<T>(message: T, era: Era): T {
  const frame = message as { error?: { code: number; data?: { mcp_error_code?: McpErrorCode } } };
  const kind = frame.error?.data?.mcp_error_code;
  const row = kind ? ERROR_CONTRACT[kind] : undefined;
  if (!row) return message;
  const code = era === 'legacy' ? row.legacy : row.modern;
  return frame.error!.code === code ? message : ({ ...frame, error: { ...frame.error!, code } } as T);
}
