import { ERROR_KINDS, McpErrorCode } from './error-codes';
import type { McpErrorPayload } from './map-domain-error';

/** The protocol revision a connection speaks: 2025-era (`initialize`) or 2026-07-28 (per-request envelope). */
export type Era = 'legacy' | 'modern';

/**
 * How a failed tool call reaches a 2025-era client (ROUTEROS_MCP_TOOL_ERRORS): `result` (the default) as on
 * 2026-07-28, an isError result the model reads; `jsonrpc` as spec 001 first had it, a JSON-RPC error with its code.
 */
export type ToolErrorMode = 'result' | 'jsonrpc';

/** The JSON-RPC codes 2026-07-28 lets a server send on its own; -32000…-32099 are the spec's or legacy. */
type StandardCode = -32700 | -32600 | -32601 | -32602 | -32603;

export interface ErrorContractRow {
  /** 2025-era connections, any JSON-RPC error: spec 001's code (MCP's -32002 for a resource that does not exist). */
  legacy: number;
  /**
   * A failure of `tools/call`: `result` when the tool was found and failed (device, arguments, safety, approval, rate
   * limit, not found, timeout: MCP's tool execution errors, SEP-1303), an isError result carrying the taxonomy on
   * every revision; `error` for protocol failures (the request, an unknown tool, shutdown), a JSON-RPC error.
   */
  toolCall: 'result' | 'error';
  /** 2026-07-28 connections, any JSON-RPC error (protocol failures, resource reads, prompts…): a standard code only. */
  modern: StandardCode;
}

/**
 * What each revision sends, per `mcp_error_code`. A tool that ran and failed answers an isError result whose
 * structuredContent.error and text carry the taxonomy, so the model can read it and correct the call (MCP: tool
 * execution errors, input validation included, belong in the result); what is wrong with the request itself stays a
 * JSON-RPC error. Not found is -32602 on 2026-07-28 as it says for resources; every other server failure is -32603.
 */
export const ERROR_CONTRACT: Record<McpErrorCode, ErrorContractRow> = {
  PARSE_ERROR: { legacy: -32700, toolCall: 'error', modern: -32700 },
  INVALID_REQUEST: { legacy: -32600, toolCall: 'error', modern: -32600 },
  NOT_INITIALIZED: { legacy: -32600, toolCall: 'error', modern: -32600 },
  MESSAGE_TOO_LARGE: { legacy: -32600, toolCall: 'error', modern: -32600 },
  METHOD_NOT_FOUND: { legacy: -32601, toolCall: 'error', modern: -32601 },
  TOOL_NOT_FOUND: { legacy: -32601, toolCall: 'error', modern: -32602 },
  TOOL_NOT_ENABLED: { legacy: -32601, toolCall: 'error', modern: -32602 },
  INVALID_PARAMS: { legacy: -32602, toolCall: 'result', modern: -32602 },
  INTERNAL_ERROR: { legacy: -32000, toolCall: 'result', modern: -32603 },
  SERVER_SHUTTING_DOWN: { legacy: -32000, toolCall: 'error', modern: -32603 },
  STORE_UNAVAILABLE: { legacy: -32000, toolCall: 'result', modern: -32603 },
  UNAUTHORIZED: { legacy: -32001, toolCall: 'result', modern: -32603 },
  FORBIDDEN: { legacy: -32002, toolCall: 'result', modern: -32603 },
  NOT_FOUND: { legacy: -32003, toolCall: 'result', modern: -32602 },
  RESOURCE_NOT_FOUND: { legacy: -32002, toolCall: 'error', modern: -32602 },
  CONFLICT: { legacy: -32004, toolCall: 'result', modern: -32603 },
  VALIDATION_ERROR: { legacy: -32005, toolCall: 'result', modern: -32602 },
  RATE_LIMITED: { legacy: -32006, toolCall: 'result', modern: -32603 },
  TIMEOUT: { legacy: -32007, toolCall: 'result', modern: -32603 },
  DEVICE_UNREACHABLE: { legacy: -32010, toolCall: 'result', modern: -32603 },
  DEVICE_AUTH_FAILED: { legacy: -32011, toolCall: 'result', modern: -32603 },
  DEVICE_ERROR: { legacy: -32012, toolCall: 'result', modern: -32603 },
  DEVICE_UNSUPPORTED: { legacy: -32013, toolCall: 'result', modern: -32603 },
  INVALID_CONFIGURATION: { legacy: -32020, toolCall: 'result', modern: -32603 },
  UNSAFE_OPERATION: { legacy: -32021, toolCall: 'result', modern: -32603 },
  PLAN_NOT_APPROVED: { legacy: -32030, toolCall: 'result', modern: -32603 },
  PLAN_EXPIRED: { legacy: -32031, toolCall: 'result', modern: -32603 },
};

/** The payload as a JSON-RPC error of `era`: the same message and taxonomy, the code the revision allows. */
export function errorForEra(payload: McpErrorPayload, era: Era): McpErrorPayload {
  const row = ERROR_CONTRACT[payload.data.mcp_error_code];
  return { ...payload, code: era === 'legacy' ? row.legacy : row.modern };
}

/**
 * A failed tool call as `era` and the mode answer it: the isError result of a tool execution error, or the JSON-RPC
 * error (`error`) of a protocol failure. With ROUTEROS_MCP_TOOL_ERRORS=jsonrpc a 2025-era connection gets every
 * failure as the JSON-RPC error of spec 001 instead.
 */
export function toolFailure(payload: McpErrorPayload, era: Era, mode: ToolErrorMode): { result: ReturnType<typeof toolErrorResult> } | { error: McpErrorPayload } {
  if (era === 'legacy' && mode === 'jsonrpc') return { error: payload };
  if (ERROR_CONTRACT[payload.data.mcp_error_code].toolCall === 'result') return { result: toolErrorResult(payload) };
  return { error: errorForEra(payload, era) };
}

/** What the text of a failed call says besides the message: the taxonomy, for clients that pass only text to the model. */
const TEXT_KEYS = ['mcp_error_code', 'recovery_strategy', 'suggestion', 'next_steps', 'correlation_id'] as const;

/**
 * The isError result of a failed tool call: the message, then the taxonomy as `key: value` lines (the text every
 * client hands the model), and the whole taxonomy in structuredContent.error (no JSON-RPC code: a result has none).
 */
export function toolErrorResult(payload: McpErrorPayload) {
  const { mcp_error_code, ...rest } = payload.data;
  const lines = TEXT_KEYS.flatMap((key) => {
    const value = payload.data[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return [];
    return [`${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`];
  });
  return {
    isError: true,
    content: [{ type: 'text' as const, text: [payload.message, ...lines].join('\n') }],
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
