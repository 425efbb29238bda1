import { ALL_TOOLS, CallObserver, loadPrompts, ObservedCall, ObservedOutcome, OperationObserver } from '@routeros-mcp/mcp-protocol';
import { DeviceRequestObserver, DeviceRequestOutcome, withCorrelationId } from '@routeros-mcp/composition';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CallSpans } from './call-spans';
import { labelValue, PairCap, roleLabel, vocabularyValue } from './label-bounds';
import { OPERATION_DURATION, operationObserver } from './operation-telemetry';

export interface MetricsOptions {
  /** Tool names that get their own label; any other name is `unknown` (default: every tool of the catalog). */
  toolNames?: Iterable<string>;
  /** Prompt names that get their own label; any other is `unknown` (default: every prompt of the catalogue). */
  promptNames?: Iterable<string>;
  /** Distinct (role, client) pairs with their own series; later ones count under `other` (default 1000). */
  maxClientPairs?: number;
  /** Process metrics (CPU, memory, event loop, GC): on by default. */
  defaultMetrics?: boolean;
}

/** The HTTP server's observability: one registry, and the observers that feed it (and the traces). */
export interface Metrics {
  readonly registry: Registry;
  /** For tools/call: metrics, the `tools/call <tool>` span, and the correlation id on every log line of the call. */
  readonly callObserver: CallObserver;
  /** For createHttpMcpHandler: the span and `mcp_server_operation_duration_seconds` sample of every MCP request and notification. */
  readonly operationObserver: OperationObserver;
  /** For composition's `BuildOptions.deviceRequestObserver`: device requests, their errors and circuit states. */
  readonly deviceRequestObserver: DeviceRequestObserver;
  listenStreamOpened(): void;
  listenStreamClosed(): void;
  /** A call refused by a rate limit of this tier (e.g. `fundamental`, `advanced`, `professional`, or a limit's name). */
  rateLimitRefused(tier: string): void;
  /**
   * An HTTP request refused for who sent it: 401 `missing`, `invalid`, `expired`; 403 `role`, `reach`; 503
   * `unavailable` (the token could not be checked). Counted by reason and status, never by token or principal.
   */
  authRefused(reason: AuthRefusalReason, status: 401 | 403 | 503): void;
  /** The body of GET /metrics, in the Prometheus text format. */
  render(): Promise<{ contentType: string; body: string }>;
}

export const AUTH_REFUSAL_REASONS = ['missing', 'invalid', 'expired', 'unavailable', 'role', 'reach'] as const;
export type AuthRefusalReason = (typeof AUTH_REFUSAL_REASONS)[number];

/** 1 ms to 30 s: a cached read answers in milliseconds, an export of a large configuration takes tens of seconds. */
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];
const BREAKER_VALUE = { closed: 0, half_open: 1, open: 2 } as const;
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,39}$/;
const TIER = /^[a-z][a-z0-9_]{0,31}$/;
const KIND = /^[a-z][a-z_]{0,31}$/;
const DEVICE = /^[A-Za-z0-9._:-]{1,64}$/;

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const known = new Set(options.toolNames ?? ALL_TOOLS.map((tool) => tool.name));
  const toolLabel = (name: string) => (known.has(name) ? name : 'unknown');
  const pairs = new PairCap(options.maxClientPairs ?? 1000);
  const spans = new CallSpans();
  let prompts: Set<string> | undefined;
  const promptLabel = (name: string) => ((prompts ??= new Set(options.promptNames ?? promptCatalogNames())).has(name) ? name : 'unknown');
  const operationDuration = new Histogram({ ...OPERATION_DURATION, labelNames: [...OPERATION_DURATION.labelNames], registers: [registry] });

  const toolCalls = new Counter({ name: 'routeros_mcp_tool_calls_total', help: 'Tool calls by tool, outcome (success, error) and mcp_error_code (none on success).', labelNames: ['tool', 'outcome', 'code'], registers: [registry] });
  const toolDuration = new Histogram({ name: 'routeros_mcp_tool_call_duration_seconds', help: 'Tool call duration, from the request to the answer.', labelNames: ['tool'], buckets: SECONDS_BUCKETS, registers: [registry] });
  const deviceRequests = new Counter({ name: 'routeros_mcp_device_requests_total', help: 'Device requests (REST calls, SSH operations) by transport and outcome (ok, error).', labelNames: ['transport', 'outcome'], registers: [registry] });
  const deviceDuration = new Histogram({ name: 'routeros_mcp_device_request_duration_seconds', help: 'Device request duration, retries and waiting for a slot included.', labelNames: ['transport'], buckets: SECONDS_BUCKETS, registers: [registry] });
  const deviceErrors = new Counter({ name: 'routeros_mcp_device_request_errors_total', help: 'Failed device requests by transport and kind (unreachable, circuit_open, timeout, auth, tls, host_key, refused, device_failure, invalid_answer, not_found, unsupported, other).', labelNames: ['transport', 'kind'], registers: [registry] });
  const breaker = new Gauge({ name: 'routeros_mcp_circuit_breaker_state', help: 'Circuit breaker per device: 0 closed, 1 half-open, 2 open.', labelNames: ['device'], registers: [registry] });
  const listenStreams = new Gauge({ name: 'routeros_mcp_listen_streams_open', help: 'Open subscriptions/listen streams.', registers: [registry] });
  const rateLimited = new Counter({ name: 'routeros_mcp_rate_limit_refusals_total', help: 'Calls refused by a rate limit, by tier.', labelNames: ['tier'], registers: [registry] });
  const authRefusals = new Counter({ name: 'routeros_mcp_auth_refusals_total', help: 'HTTP requests refused for who sent them, by reason (missing, invalid, expired, unavailable, role, reach) and status (401, 403, 503).', labelNames: ['reason', 'status'], registers: [registry] });
  // By role and the client's own name, never by who: the exposition names no principal, token or OAuth client.
  const clientCalls = new Counter({ name: 'routeros_mcp_client_calls_total', help: "Tool calls per caller role and MCP client name (the client's own clientInfo name).", labelNames: ['role', 'client'], registers: [registry] });
  const clientTokens = new Counter({ name: 'routeros_mcp_client_estimated_tokens_total', help: 'Estimated tokens of the answers per caller role and MCP client name.', labelNames: ['role', 'client'], registers: [registry] });
  const clientErrors = new Counter({ name: 'routeros_mcp_client_errors_total', help: 'Failed tool calls per caller role and MCP client name.', labelNames: ['role', 'client'], registers: [registry] });

  const callObserver: CallObserver = {
    run<T>(call: ObservedCall, work: () => Promise<T>): Promise<T> {
      // The correlation scope puts the id on every log line of the call, the device adapters' lines included.
      // A 2025-era request over stateless HTTP names no client: its span names the credential's client instead.
      return withCorrelationId(call.correlationId, () => spans.run(call, toolLabel(call.tool), labelValue(call.clientName ?? call.credentialId), work));
    },
    ended(call: ObservedCall, outcome: ObservedOutcome): void {
      const tool = toolLabel(call.tool);
      const failed = outcome.result === 'error';
      spans.ended(call, outcome, vocabularyValue(outcome.code, ERROR_CODE));
      toolCalls.inc({ tool, outcome: outcome.result, code: failed ? vocabularyValue(outcome.code, ERROR_CODE) : 'none' });
      toolDuration.observe({ tool }, Math.max(0, outcome.durationMs) / 1000);
      const who = pairs.labels(roleLabel(call.roles), labelValue(call.clientName));
      clientCalls.inc(who);
      if (outcome.estimatedTokens !== undefined && outcome.estimatedTokens > 0) clientTokens.inc(who, outcome.estimatedTokens);
      if (failed) clientErrors.inc(who);
    },
  };

  const deviceRequestObserver: DeviceRequestObserver = {
    requestEnded(outcome: DeviceRequestOutcome): void {
      const transport = outcome.transport;
      deviceRequests.inc({ transport, outcome: outcome.outcome === 'ok' ? 'ok' : 'error' });
      deviceDuration.observe({ transport }, Math.max(0, outcome.durationMs) / 1000);
      if (outcome.outcome !== 'ok') deviceErrors.inc({ transport, kind: vocabularyValue(outcome.outcome, KIND) });
    },
    breakerChanged(deviceId: string, state: 'closed' | 'open' | 'half_open'): void {
      breaker.set({ device: vocabularyValue(deviceId, DEVICE) }, BREAKER_VALUE[state]);
    },
  };

  // Counted here rather than with inc/dec, so an unmatched close cannot drive the gauge below zero.
  let streams = 0;
  return {
    registry,
    callObserver,
    operationObserver: operationObserver({ duration: operationDuration, toolLabel, promptLabel }),
    deviceRequestObserver,
    listenStreamOpened: () => listenStreams.set(++streams),
    listenStreamClosed: () => listenStreams.set((streams = Math.max(0, streams - 1))),
    rateLimitRefused: (tier: string) => rateLimited.inc({ tier: vocabularyValue(tier, TIER) }),
    authRefused: (reason: AuthRefusalReason, status: 401 | 403 | 503) => authRefusals.inc({ reason: (AUTH_REFUSAL_REASONS as readonly string[]).includes(reason) ? reason : 'other', status: String(status) }),
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** The served prompts' names; none if the catalogue cannot be read (every prompt then counts as `unknown`). */
function promptCatalogNames(): string[] {
  try {
    return loadPrompts().map((prompt) => prompt.name);
  } catch {
    return [];
  }
}
