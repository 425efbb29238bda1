import { Context, context, createContextKey, Link, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ObservedOperation, OperationObserver, OperationOutcome, OperationScope } from '@routeros-mcp/mcp-protocol';
import type { Histogram } from 'prom-client';

/** A proxy: real spans once startTracing registered the SDK, no-op spans otherwise. */
const tracer = trace.getTracer('routeros-mcp.http-server');

/** The operation a tool call runs in, so the call's observer can annotate its span and name its error. */
export interface OperationEntry {
  span: Span;
  /** The `mcp_error_code` of a tool call answered with an isError result. */
  toolError?: string;
}
export const OPERATION_KEY = createContextKey('routeros-mcp.mcp-operation');
export const currentOperation = (ctx: Context = context.active()) => ctx.getValue(OPERATION_KEY) as OperationEntry | undefined;

/** The methods a label or span name may carry (OpenTelemetry's well-known values and the 2026-07-28 additions); any other is `_OTHER`. */
const METHODS = new Set([
  'completion/complete', 'elicitation/create', 'initialize', 'logging/setLevel', 'ping', 'prompts/get', 'prompts/list', 'resources/list', 'resources/read',
  'resources/subscribe', 'resources/templates/list', 'resources/unsubscribe', 'roots/list', 'sampling/createMessage', 'tools/call', 'tools/list',
  'server/discover', 'subscriptions/listen', 'tasks/get', 'tasks/list', 'tasks/cancel', 'tasks/result',
  'notifications/cancelled', 'notifications/initialized', 'notifications/message', 'notifications/progress', 'notifications/roots/list_changed',
  'notifications/elicitation/complete',
]);
const VERSION = /^\d{4}-\d{2}-\d{2}$/;
const ERROR_TYPE = /^(-?\d{1,6}|[A-Za-z][A-Za-z0-9_]{0,39})$/;

/**
 * OpenTelemetry's `mcp.server.operation.duration` as a Prometheus histogram: the buckets the convention advises,
 * the attributes as labels (dots become underscores); an attribute that does not apply is left out of the series.
 */
export const OPERATION_DURATION = {
  name: 'mcp_server_operation_duration_seconds',
  help: 'MCP request or notification duration as observed on the receiver, from the time it was received until the result or ack is sent (OpenTelemetry mcp.server.operation.duration).',
  labelNames: ['mcp_method_name', 'gen_ai_tool_name', 'gen_ai_prompt_name', 'error_type', 'mcp_protocol_version', 'network_transport'] as const,
  buckets: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
};
type DurationLabel = (typeof OPERATION_DURATION.labelNames)[number];

export interface OperationTelemetryOptions {
  duration: Histogram<DurationLabel>;
  /** A tool or prompt name as a bounded label value (unknown names are not echoed). */
  toolLabel(name: string): string;
  promptLabel(name: string): string;
}

/** Parent: the trace context in `params._meta` (MCP's own propagation), else the HTTP request's headers; the other one, if any, is linked. */
function parentOf(operation: ObservedOperation): { parent: Context; links: Link[] } {
  const fromMeta = operation.metaCarrier['traceparent'] ? propagation.extract(ROOT_CONTEXT, operation.metaCarrier) : undefined;
  const fromHeaders = operation.headerCarrier?.['traceparent'] ? propagation.extract(ROOT_CONTEXT, operation.headerCarrier) : undefined;
  const parent = fromMeta ?? fromHeaders ?? context.active();
  const linked = fromMeta && fromHeaders ? trace.getSpanContext(fromHeaders) : undefined;
  return { parent, links: linked && trace.isSpanContextValid(linked) ? [{ context: linked }] : [] };
}

/**
 * One SERVER span and one duration sample per MCP request or notification, named and attributed as OpenTelemetry's
 * MCP semantic conventions say (`tools/call system_get_overview`, `resources/read`, `ping`). Only names, ids and
 * versions go on them: never arguments, credentials or answers, nor an error's message (it may quote an argument).
 */
export function operationObserver(options: OperationTelemetryOptions): OperationObserver {
  return {
    started(operation: ObservedOperation): OperationScope {
      const method = METHODS.has(operation.method) ? operation.method : '_OTHER';
      const tool = operation.toolName !== undefined ? options.toolLabel(operation.toolName) : undefined;
      const prompt = operation.promptName !== undefined ? options.promptLabel(operation.promptName) : undefined;
      const version = operation.protocolVersion && VERSION.test(operation.protocolVersion) ? operation.protocolVersion : undefined;
      const target = tool ?? prompt;
      const { parent, links } = parentOf(operation);
      const span = tracer.startSpan(
        target ? `${method} ${target}` : method,
        {
          kind: SpanKind.SERVER,
          links,
          attributes: {
            'mcp.method.name': method,
            ...(operation.requestId !== undefined ? { 'jsonrpc.request.id': String(operation.requestId) } : {}),
            ...(version ? { 'mcp.protocol.version': version } : {}),
            ...(operation.sessionId ? { 'mcp.session.id': operation.sessionId } : {}),
            'network.transport': operation.networkTransport,
            ...(operation.networkTransport === 'tcp' ? { 'network.protocol.name': 'http' } : {}),
            ...(tool ? { 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool' } : {}),
            ...(prompt ? { 'gen_ai.prompt.name': prompt } : {}),
            ...(operation.resourceUri !== undefined ? { 'mcp.resource.uri': operation.resourceUri.slice(0, 256) } : {}),
            'routeros_mcp.protocol.era': operation.era,
          },
        },
        parent,
      );
      const entry: OperationEntry = { span };
      const active = trace.setSpan(parent, span).setValue(OPERATION_KEY, entry);
      const startedAt = performance.now();
      let done = false;
      return {
        run: (dispatch) => context.with(active, dispatch),
        ended(outcome: OperationOutcome) {
          if (done) return;
          done = true;
          // A listen stream ends when its client leaves: that is how it ends, not a failure.
          const errorType = outcome.kind === 'abandoned' && method === 'subscriptions/listen' ? undefined : errorTypeOf(outcome, entry);
          if (outcome.kind === 'error') {
            span.setAttribute('rpc.response.status_code', String(outcome.code));
            if (outcome.mcpErrorCode && ERROR_TYPE.test(outcome.mcpErrorCode)) span.setAttribute('routeros_mcp.error_code', outcome.mcpErrorCode);
          }
          if (errorType) {
            span.setAttribute('error.type', errorType);
            span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
          }
          span.end();
          const labels: Partial<Record<DurationLabel, string>> = {
            mcp_method_name: method,
            network_transport: operation.networkTransport,
            ...(tool ? { gen_ai_tool_name: tool } : {}),
            ...(prompt ? { gen_ai_prompt_name: prompt } : {}),
            ...(errorType ? { error_type: errorType } : {}),
            ...(version ? { mcp_protocol_version: version } : {}),
          };
          options.duration.observe(labels, Math.max(0, performance.now() - startedAt) / 1000);
        },
      };
    },
  };
}

/**
 * `error.type`: the JSON-RPC code of an error answer; for a tool's isError result its `mcp_error_code` (the
 * convention's generic `tool_error` when no code is known); `cancelled` for a request that got no answer.
 */
function errorTypeOf(outcome: OperationOutcome, entry: OperationEntry): string | undefined {
  switch (outcome.kind) {
    case 'error':
      return String(outcome.code);
    case 'result':
      return outcome.isError ? (entry.toolError && ERROR_TYPE.test(entry.toolError) ? entry.toolError : 'tool_error') : undefined;
    case 'abandoned':
      return 'cancelled';
    default:
      return undefined;
  }
}
