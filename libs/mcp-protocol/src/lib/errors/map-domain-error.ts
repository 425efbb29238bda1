import { isDomainError, truncate } from '@routeros-mcp/domain-kernel';
import { ERROR_KINDS, McpErrorCode, RecoveryStrategy } from './error-codes';

/** `details` stays short for the model's context (spec 001 B8); the whole text goes to the log. */
export const DETAILS_MAX = 200;

export interface McpErrorData {
  mcp_error_code: McpErrorCode;
  details: string;
  recovery_strategy: RecoveryStrategy;
  suggestion: string;
  next_steps: string[];
  correlation_id?: string;
  [context: string]: unknown;
}

export interface McpErrorPayload {
  code: number;
  message: string;
  data: McpErrorData;
}

/** What the failing call could have asked for less of: the narrowing arguments its tool takes, if any. */
export interface ErrorCallContext {
  correlationId?: string;
  /** The tool's narrowing arguments (`fields`, `where`, `limit`, `count`); empty for a tool that takes none. */
  narrowing?: string[];
}

interface Guidance {
  kind: McpErrorCode;
  /** The one actionable sentence that follows the category in `message`; the error's own message when absent. */
  sentence?: (details: Record<string, unknown>, message: string, call: ErrorCallContext) => string;
  suggestion: (details: Record<string, unknown>, call: ErrorCallContext) => string;
  nextSteps: (details: Record<string, unknown>) => string[];
}

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** One table from domain error codes to the protocol's codes and the guidance that names real tools. */
const BY_DOMAIN_CODE: Record<string, Guidance> = {
  'DEVICE.NOT_FOUND': {
    kind: 'NOT_FOUND',
    sentence: (d) => `device '${str(d['device_id'])}' is not enrolled; call device_list to see enrolled devices`,
    suggestion: () => 'Call device_list and use one of the ids it returns.',
    nextSteps: () => ['device_list'],
  },
  'PLAN.NOT_FOUND': {
    kind: 'NOT_FOUND',
    sentence: (_d, m) => `${m}; call plan_list to see plans`,
    suggestion: () => 'Call plan_list and use one of the plan ids it returns.',
    nextSteps: () => ['plan_list'],
  },
  'SNAPSHOT.NOT_FOUND': {
    kind: 'NOT_FOUND',
    sentence: (_d, m) => `${m}; call config_list_snapshots to see a device's snapshots`,
    suggestion: () => 'Call config_list_snapshots and use one of the ids it returns.',
    nextSteps: () => ['config_list_snapshots'],
  },
  'DEVICE.ALREADY_EXISTS': { kind: 'CONFLICT', suggestion: () => 'Choose another id or name.', nextSteps: () => ['device_list'] },
  'STATE.CONFLICT': { kind: 'CONFLICT', sentence: (_d, m) => `${m}; read it again and retry`, suggestion: () => 'Someone changed it meanwhile: read the current state, then retry.', nextSteps: () => [] },
  'PLAN.ILLEGAL_TRANSITION': { kind: 'CONFLICT', suggestion: () => 'Check the plan status first.', nextSteps: () => ['plan_get'] },
  'DEVICE.DECOMMISSIONED': { kind: 'FORBIDDEN', suggestion: () => 'Ask an operator to return the device to service, or use another device.', nextSteps: () => ['device_list'] },
  'VALIDATION.INVALID': { kind: 'VALIDATION_ERROR', suggestion: () => 'Fix the fields listed in errors and retry.', nextSteps: () => [] },
  'VALIDATION.INVALID_ARGUMENT': { kind: 'INVALID_PARAMS', suggestion: () => 'Fix the named argument (the message says what it accepts) and call again.', nextSteps: () => [] },
  'DEVICE.UNREACHABLE': {
    kind: 'DEVICE_UNREACHABLE',
    sentence: (d) => `device '${str(d['device_id'])}' is unreachable (${str(d['reason'])}); retry after ${str(d['retry_after'])} s`,
    suggestion: (d) => `Wait ${str(d['retry_after'])} seconds and retry; if it persists, check the device's management path.`,
    nextSteps: () => ['fleet_get_health_summary', 'device_list'],
  },
  'DEVICE.TIMEOUT': {
    kind: 'TIMEOUT',
    // Only a tool that can ask for less is told to; the others can only retry.
    sentence: (_d, m, call) => (call.narrowing?.length ? `${m}; retry, or ask for less (${call.narrowing.join(', ')})` : `${m}; retry later`),
    suggestion: (_d, call) => (call.narrowing?.length ? `Retry with backoff; if it keeps timing out, narrow the request with ${call.narrowing.join(' or ')}.` : 'Retry with backoff; if it keeps timing out, check the device with device_check_connectivity.'),
    nextSteps: () => [],
  },
  'DEVICE.AUTH_FAILED': {
    kind: 'DEVICE_AUTH_FAILED',
   
    suggestion: (d) => `An operator must act: ${str(d['fix'])}.`,
    nextSteps: () => [],
  },
  'DEVICE.ERROR': {
    kind: 'DEVICE_ERROR',
    suggestion: (d) => (d['likely_cause'] ? `Likely cause: ${str(d['likely_cause'])}.` : DEVICE_FAILURE_ADVICE[deviceFailureOf(d)]),
    nextSteps: (d) => (deviceFailureOf(d) === 'device_failure' ? ['logs_get_recent'] : []),
  },
  'DEVICE.OBJECT_NOT_FOUND': { kind: 'NOT_FOUND', suggestion: () => 'List the menu first and use an id it returns.', nextSteps: () => [] },
  'DEVICE.UNSUPPORTED': {
    kind: 'DEVICE_UNSUPPORTED',
   
    suggestion: () => 'Use a tool for what this device has, or another device.',
    nextSteps: () => ['system_get_overview'],
  },
  // A call still running when shutdown's grace period ran out (the client of a cancelled one gets no answer at all).
  'SERVER.SHUTTING_DOWN': { kind: 'SERVER_SHUTTING_DOWN', suggestion: () => 'Retry once the server (or another replica) is back; check with change_list whether a write took effect before retrying it.', nextSteps: () => [] },
  // The server's database failed on its own (StoreUnavailableError): the call's write was not committed; retry later.
  'STORE.UNAVAILABLE': {
    kind: 'STORE_UNAVAILABLE',
    sentence: (_d, m) => `${m}; retry in a little while`,
    suggestion: (d) => `${STORE_ADVICE[str(d['store'])] ?? STORE_ADVICE['unreachable']} Retry with backoff; before retrying a write, check with change_list whether it took effect on the device.`,
    nextSteps: () => ['change_list'],
  },
  'RATE.LIMITED': {
    kind: 'RATE_LIMITED',
   
    suggestion: (d) => `Wait ${str(d['retry_after'])} seconds before the next call.`,
    nextSteps: () => [],
  },
  'PLAN.NOT_APPROVED': {
    kind: 'PLAN_NOT_APPROVED',
    sentence: (_d, m) => m,
    suggestion: (d) =>
      `A human must approve it outside this conversation: ${str(d['next_step'])} (after reviewing it with routeros-mcp-admin plan show ${str(d['plan_id'])})${d['console_url'] ? `, or on the console page ${str(d['console_url'])}` : ''}; then call plan_apply again.`,
    // With a console, its page beside the CLI command: the two ways a person approves.
    nextSteps: (d) => (d['console_url'] ? [str(d['next_step']), str(d['console_url']), 'plan_get'] : ['plan_get']),
  },
  'PLAN.EXPIRED': { kind: 'PLAN_EXPIRED', suggestion: () => 'Create a new plan with the plan_<topic> tool; expired plans cannot be applied.', nextSteps: () => ['plan_list'] },
  'PLAN.SELF_APPROVAL': { kind: 'FORBIDDEN', suggestion: () => 'Another person must approve this plan.', nextSteps: () => [] },
  // Approval checks of plan_apply: each its own code; a new approval (out of band) or a new plan is the way on.
  'PLAN.APPROVAL_INVALID': { kind: 'PLAN_NOT_APPROVED', suggestion: (d) => `Ask an operator to approve the plan again: ${str(d['next_step'])}.`, nextSteps: () => ['plan_get'] },
  'PLAN.APPROVAL_EXPIRED': { kind: 'PLAN_EXPIRED', suggestion: (d) => `Ask an operator to approve it again (${str(d['next_step'])}), or create a new plan.`, nextSteps: () => ['plan_get'] },
  'PLAN.APPROVAL_USED': { kind: 'CONFLICT', suggestion: () => 'The plan was already started with this approval: follow it with plan_status.', nextSteps: () => ['plan_status'] },
  'PLAN.APPROVER_NOT_ENTITLED': { kind: 'FORBIDDEN', suggestion: (d) => `A person with the approver role approves plans: ${str(d['next_step'])}.`, nextSteps: () => [] },
  'PLAN.STATE_DRIFTED': { kind: 'CONFLICT', suggestion: () => 'The devices changed since the plan was made: create a new plan from their current state.', nextSteps: () => ['plan_get'] },
  'PLAN.DEVICES_REFUSED': { kind: 'UNSAFE_OPERATION', suggestion: () => 'Fix the listed devices, or leave them out with exclude, and create the plan again.', nextSteps: () => ['device_list'] },
  'CHANGE.STATE_DRIFTED': { kind: 'CONFLICT', suggestion: () => 'The device changed since the dry run: dry-run again and review the new diff.', nextSteps: () => ['change_list'] },
  'CHANGE.CONFLICT': {
    kind: 'CONFLICT',
    suggestion: (d) => `Another change${d['change_in_progress'] ? ` (${str(d['change_in_progress'])})` : ''} is being made on this device: retry once it is done; the dry run shows what is left to do.`,
    nextSteps: () => ['change_list'],
  },
  'CHANGE.LEASE_LOST': { kind: 'CONFLICT', suggestion: () => 'This server paused long enough to lose the device to another: read the change with change_get (its record says how the device was left), then retry if it was not applied.', nextSteps: () => ['change_get'] },
  'CHANGE.FAILED': {
    kind: 'DEVICE_ERROR',
    suggestion: (d) => CHANGE_END_ADVICE[str(d['end_state'])] ?? CHANGE_END_ADVICE['needs_attention'],
    nextSteps: () => ['change_get'],
  },
  'CHANGE.NOT_REVERTIBLE': { kind: 'CONFLICT', suggestion: () => 'Make the opposite change with the tool that made it, after a dry run.', nextSteps: () => ['change_get'] },
  'CHANGE.MOVED_ON': { kind: 'CONFLICT', suggestion: () => 'The device changed since: read its current state and make the change you want with a write tool (dry run first).', nextSteps: () => ['change_list'] },
  'CHANGE.NOT_FOUND': { kind: 'NOT_FOUND', suggestion: () => 'Call change_list and use one of the change ids it returns.', nextSteps: () => ['change_list'] },
  // Refusals of the write planners: the request was well formed, the live configuration says no.
  'CHANGE.PRECONDITION_FAILED': { kind: 'CONFLICT', suggestion: () => 'The device changed since it was read: list again and retry with the current id and position.', nextSteps: (d) => listToolFor(d) },
  'CHANGE.TARGET_NOT_FOUND': { kind: 'NOT_FOUND', suggestion: () => 'List what exists first and use a name or id it returns.', nextSteps: (d) => listToolFor(d) },
  'CHANGE.OVERLAP': { kind: 'CONFLICT', suggestion: () => 'Choose another value, or change or remove the row it collides with first.', nextSteps: () => [] },
  'CHANGE.NOT_PERMITTED': { kind: 'VALIDATION_ERROR', suggestion: () => 'These tools change only static rows and address lists named mcp-*; choose another target.', nextSteps: () => [] },
};

/** What the store's state asks of an operator, by StoreUnavailableError's kind. */
const STORE_ADVICE: Record<string, string> = {
  unreachable: "The server's database cannot be reached (an operator restarts it or its network).",
  disk_full: "The server's database disk is full (an operator frees space).",
  read_only: "The server's database is read-only (an operator fixes its file or points the server at the primary).",
  busy: "The server's database is busy or locked by another process.",
};

/** What to do after a failed change, by where it left the device. */
const CHANGE_END_ADVICE: Record<string, string> = {
  unchanged: 'Nothing was written; fix the cause (often SSH or the device clock for protection) and retry.',
  reverted: 'The device is back to its before-state; fix the cause, dry-run again, then retry.',
  revert_pending: 'Do not retry yet: the device restores its before-state by itself; check it with change_get and a read tool after that.',
  needs_attention: 'An operator must check the device as the outcome says before anything else is changed on it.',
};

/** The read tool that shows what a refused write named: its menu or field decides. */
function listToolFor(details: Record<string, unknown>): string[] {
  const key = str(details['menu']) || str(details['field']);
  const tool: Record<string, string> = { 'ip/firewall/filter': 'firewall_list_filter_rules', 'ip/address': 'ip_list_addresses', interface: 'interface_list', gateway: 'interface_list', 'ip/route': 'routing_list_routes', server: 'dhcp_get_server_status', 'ip/dhcp-server/lease': 'dhcp_list_leases' };
  return tool[key] ? [tool[key]] : [];
}

type DeviceFailure = 'refused' | 'device_failure' | 'invalid_answer';

/** Whether RouterOS refused the request (4xx), failed on its own (5xx), or sent something unreadable. */
function deviceFailureOf(details: Record<string, unknown>): DeviceFailure {
  const failure = details['failure'];
  if (failure === 'refused' || failure === 'device_failure' || failure === 'invalid_answer') return failure;
  const status = (details['routeros_error'] as { status?: number } | undefined)?.status ?? 0;
  return status >= 500 ? 'device_failure' : 'refused';
}

const DEVICE_FAILURE_ADVICE: Record<DeviceFailure, string> = {
  refused: 'Check the parameters against the device configuration, then retry.',
  device_failure: 'The device failed on its own, not because of the request: retry later, and read its log (logs_get_recent) if it persists.',
  invalid_answer: 'The device sent an answer that could not be read: retry, and report it with the correlation id if it persists.',
};

function safetyGuidance(code: string): Guidance {
  const authorization = code === 'SAFETY.ENVIRONMENT_MATCH' || code === 'SAFETY.TIER_CAPABILITY';
  return {
    kind: authorization ? 'FORBIDDEN' : 'UNSAFE_OPERATION',
   
    suggestion: (d) =>
      d['required_flag'] ? `An operator can enable it with: routeros-mcp-admin device update ${str(d['device_id'])} --${str(d['required_flag']).replace(/_/g, '-')}` : safetyAdvice(code, d)?.suggestion ?? 'Change the request so the safety rule passes, or ask an operator.',
    nextSteps: (d) => safetyAdvice(code, d)?.next ?? ['device_get'],
  };
}

/** The rule's advice; a management-path refusal's by what it would cut (a firewall rule, an address, an interface…). */
function safetyAdvice(code: string, details: Record<string, unknown>): { suggestion: string; next: string[] } | undefined {
  if (code !== 'SAFETY.PROTECT_MANAGEMENT_PATH') return SAFETY_ADVICE[code];
  const check = typeof details['check'] === 'string' ? details['check'].split(':')[0] : '';
  return MANAGEMENT_PATH_ADVICE[check] ?? MANAGEMENT_PATH_ADVICE['']!;
}

const AT_THE_CONSOLE = '(dry_run shows the verdict without writing); an operator can make it at the console.';

/** What to do when a write would cut the service's path, by the check it failed (verdict.ts `check`). */
const MANAGEMENT_PATH_ADVICE: Record<string, { suggestion: string; next: string[] }> = {
  firewall: {
    suggestion: `Keep the service's own path open: put the rule after the accept that admits it, or narrow the change so it does not match the service's address and port ${AT_THE_CONSOLE}`,
    next: ['firewall_list_filter_rules', 'ip_list_addresses'],
  },
  address: { suggestion: `The service reaches the device on this address: leave it in place, or change another address ${AT_THE_CONSOLE}`, next: ['ip_list_addresses'] },
  'own-address': { suggestion: `The service reaches the device on this address: leave it in place, or change another address ${AT_THE_CONSOLE}`, next: ['ip_list_addresses'] },
  interfaces: { suggestion: `The service reaches the device through this interface (or the bridge, port or VLAN under it): leave it enabled and in place, or change another interface ${AT_THE_CONSOLE}`, next: ['interface_list', 'ip_list_addresses'] },
  vlan: { suggestion: `The service reaches the device through this VLAN: leave it enabled and in place, or change another interface ${AT_THE_CONSOLE}`, next: ['interface_list', 'bridge_list_vlans'] },
  route: { suggestion: `The device answers the service over this route: leave it in place, or add the replacement route first ${AT_THE_CONSOLE}`, next: ['routing_list_routes'] },
  service: { suggestion: `The service logs in through this RouterOS service: keep it enabled on its port ${AT_THE_CONSOLE}`, next: ['device_get'] },
  wireless: { suggestion: `The service reaches the device over this wireless link: leave it up, or change another interface ${AT_THE_CONSOLE}`, next: ['wireless_list_interfaces'] },
  '': { suggestion: `Keep the path the service uses to reach the device open: narrow the change so it does not touch it ${AT_THE_CONSOLE}`, next: ['ip_list_addresses', 'interface_list'] },
};

/** What to do about each rule's refusal, beyond the reason the error already names. */
const SAFETY_ADVICE: Record<string, { suggestion: string; next: string[] }> = {
  'SAFETY.PROD_REQUIRES_APPROVAL': { suggestion: 'Production devices change only through a plan an operator approves; make the change on a lab or staging device, or ask an operator.', next: ['device_get'] },
  'SAFETY.MCP_OWNED_ADDRESS_LISTS': { suggestion: 'Only address lists whose name starts with mcp- may be changed; use or create one.', next: ['firewall_list_address_lists'] },
  'SAFETY.DNS_NTP_LIMITS': { suggestion: 'Send at most 3 DNS servers and 4 NTP servers.', next: ['dns_get_status', 'ntp_get_status'] },
  'SAFETY.ENVIRONMENT_MATCH': { suggestion: 'Use the server instance that serves the device\'s environment.', next: ['device_get'] },
};

const INTERNAL: Guidance = {
  kind: 'INTERNAL_ERROR',
  sentence: () => 'internal error; it was logged under the correlation id',
  suggestion: () => 'This cannot be fixed from here; report it with the correlation id.',
  nextSteps: () => [],
};

/**
 * Turns any error into the JSON-RPC error of spec 001. Domain errors carry their structured, secret-free
 * context; anything else is an internal error whose text never reaches the client.
 */
export function toMcpError(error: unknown, context: ErrorCallContext = {}): McpErrorPayload {
  const domain = isDomainError(error) ? error : undefined;
  const guidance = domain ? (BY_DOMAIN_CODE[domain.code] ?? (domain.code.startsWith('SAFETY.') ? safetyGuidance(domain.code) : INTERNAL)) : INTERNAL;
  const details = guidance === INTERNAL || !domain ? {} : domain.details();
  const message = guidance === INTERNAL || !domain ? 'internal error' : domain.message;
  const kind = ERROR_KINDS[guidance.kind];
  const sentence = truncate(guidance.sentence?.(details, message, context) ?? message, DETAILS_MAX);
  return {
    code: kind.code,
    message: `${kind.category}: ${sentence}`,
    data: {
      ...details,
      mcp_error_code: guidance.kind,
      details: truncate(message, DETAILS_MAX),
      recovery_strategy: kind.recovery,
      suggestion: guidance.suggestion(details, context),
      next_steps: guidance.nextSteps(details),
      ...(context.correlationId ? { correlation_id: context.correlationId } : {}),
    },
  };
}

/** Protocol-level errors (guards, unknown tools, bad arguments), built the same way. */
export function protocolError(kind: McpErrorCode, sentence: string, extra: Record<string, unknown> = {}, suggestion = 'Fix the request and retry.'): McpErrorPayload {
  const entry = ERROR_KINDS[kind];
  return {
    code: entry.code,
    message: `${entry.category}: ${truncate(sentence, DETAILS_MAX)}`,
    data: { mcp_error_code: kind, details: truncate(sentence, DETAILS_MAX), recovery_strategy: entry.recovery, suggestion, next_steps: [], ...extra },
  };
}
