/** How a client (or a model) should react to an error, per spec 001 B7. */
export type RecoveryStrategy = 'retry_with_backoff' | 'user_action_required' | 'fix_and_retry' | 'report_and_abort';

export interface ErrorKind {
  code: number;
  /** The category that starts the JSON-RPC `message`. */
  category: string;
  recovery: RecoveryStrategy;
}

/** The error taxonomy of spec 001: JSON-RPC's own codes and the MCP codes, keyed by `mcp_error_code`. */
export const ERROR_KINDS = {
  PARSE_ERROR: { code: -32700, category: 'Parse error', recovery: 'fix_and_retry' },
  INVALID_REQUEST: { code: -32600, category: 'Invalid Request', recovery: 'fix_and_retry' },
  NOT_INITIALIZED: { code: -32600, category: 'Invalid Request', recovery: 'fix_and_retry' },
  MESSAGE_TOO_LARGE: { code: -32600, category: 'Invalid Request', recovery: 'fix_and_retry' },
  METHOD_NOT_FOUND: { code: -32601, category: 'Method not found', recovery: 'fix_and_retry' },
  // tools/call exists: an unknown tool is said as such, not as JSON-RPC's "Method not found" (spec 001 kept the code).
  TOOL_NOT_FOUND: { code: -32601, category: 'Unknown tool', recovery: 'fix_and_retry' },
  // A tool of this product switched off on this server (ROUTEROS_MCP_TOOLSETS, ROUTEROS_MCP_READ_ONLY): an operator turns it on.
  TOOL_NOT_ENABLED: { code: -32601, category: 'Tool not enabled', recovery: 'user_action_required' },
  INVALID_PARAMS: { code: -32602, category: 'Invalid params', recovery: 'fix_and_retry' },
  INTERNAL_ERROR: { code: -32000, category: 'Server error', recovery: 'report_and_abort' },
  SERVER_SHUTTING_DOWN: { code: -32000, category: 'Server error', recovery: 'retry_with_backoff' },
  // The server's own database (SQLite or PostgreSQL) is down, full, read-only or locked: an outage that passes, not a bug.
  STORE_UNAVAILABLE: { code: -32000, category: 'Service Unavailable', recovery: 'retry_with_backoff' },
  UNAUTHORIZED: { code: -32001, category: 'Unauthorized', recovery: 'user_action_required' },
  FORBIDDEN: { code: -32002, category: 'Forbidden', recovery: 'user_action_required' },
  NOT_FOUND: { code: -32003, category: 'Not Found', recovery: 'fix_and_retry' },
  // MCP's own code for resources/read of a resource that does not exist (2025-era; -32602 on 2026-07-28), data.uri naming it.
  RESOURCE_NOT_FOUND: { code: -32002, category: 'Resource not found', recovery: 'fix_and_retry' },
  CONFLICT: { code: -32004, category: 'Conflict', recovery: 'fix_and_retry' },
  VALIDATION_ERROR: { code: -32005, category: 'Validation Error', recovery: 'fix_and_retry' },
  RATE_LIMITED: { code: -32006, category: 'Rate Limited', recovery: 'retry_with_backoff' },
  TIMEOUT: { code: -32007, category: 'Timeout', recovery: 'retry_with_backoff' },
  DEVICE_UNREACHABLE: { code: -32010, category: 'Device Unreachable', recovery: 'retry_with_backoff' },
  DEVICE_AUTH_FAILED: { code: -32011, category: 'Device Authentication Failed', recovery: 'user_action_required' },
  DEVICE_ERROR: { code: -32012, category: 'Device Error', recovery: 'fix_and_retry' },
  DEVICE_UNSUPPORTED: { code: -32013, category: 'Device Unsupported', recovery: 'fix_and_retry' },
  INVALID_CONFIGURATION: { code: -32020, category: 'Invalid Configuration', recovery: 'user_action_required' },
  UNSAFE_OPERATION: { code: -32021, category: 'Unsafe Operation', recovery: 'user_action_required' },
  PLAN_NOT_APPROVED: { code: -32030, category: 'Plan Not Approved', recovery: 'user_action_required' },
  PLAN_EXPIRED: { code: -32031, category: 'Plan Expired', recovery: 'fix_and_retry' },
} as const satisfies Record<string, ErrorKind>;

export type McpErrorCode = keyof typeof ERROR_KINDS;
