import { Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ObservedCall, ObservedOutcome } from '@routeros-mcp/mcp-protocol';
import { currentOperation, OperationEntry } from './operation-telemetry';

/** A proxy: real spans once startTracing registered the SDK, no-op spans otherwise. */
const tracer = trace.getTracer('routeros-mcp.http-server');

interface Open {
  span: Span;
  workDone: boolean;
  outcome?: ObservedOutcome;
  errorCode?: string;
}

/**
 * What a tool call adds to its MCP operation's span (`tools/call <tool>`, made by the operation observer around
 * every request): the correlation id, the caller, the tool's tier, the outcome, and the `mcp_error_code` the
 * operation reports as `error.type`. A call observed outside any operation (no observer around the transport) gets
 * a span of its own, named and attributed the same way. The span is active while the call's work runs, so the
 * device adapters' spans become its children. Only names and ids go on it: never arguments, credentials or answers.
 */
export class CallSpans {
  private readonly open = new WeakMap<ObservedCall, Open>();
  private readonly operations = new WeakMap<ObservedCall, OperationEntry>();

  run<T>(call: ObservedCall, toolLabel: string, clientLabel: string, work: () => Promise<T>): Promise<T> {
    const attributes = {
      'routeros_mcp.protocol.era': call.era,
      'routeros_mcp.correlation_id': call.correlationId,
      'enduser.id': call.principalId,
      'routeros_mcp.client.name': clientLabel,
      ...(call.tier ? { 'routeros_mcp.tool.tier': call.tier } : {}),
    };
    const operation = currentOperation();
    if (operation) {
      operation.span.setAttributes(attributes);
      this.operations.set(call, operation);
      return work();
    }
    const own = { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': toolLabel, 'gen_ai.operation.name': 'execute_tool', ...attributes };
    return tracer.startActiveSpan(`tools/call ${toolLabel}`, { kind: SpanKind.SERVER, attributes: own }, async (span) => {
      const entry: Open = { span, workDone: false };
      this.open.set(call, entry);
      try {
        return await work();
      } catch (error) {
        // Until `ended` says which code it was, the span says only that the call failed.
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as { name?: string }).name ?? 'error' });
        throw error;
      } finally {
        entry.workDone = true;
        if (entry.outcome) this.finish(call, entry);
      }
    });
  }

  ended(call: ObservedCall, outcome: ObservedOutcome, errorCode: string): void {
    const operation = this.operations.get(call);
    if (operation) {
      this.operations.delete(call);
      annotate(operation.span, outcome, errorCode);
      if (outcome.result === 'error') operation.toolError = errorCode;
      return;
    }
    const entry = this.open.get(call);
    if (!entry) return;
    entry.outcome = outcome;
    entry.errorCode = errorCode;
    if (entry.workDone) this.finish(call, entry);
  }

  private finish(call: ObservedCall, { span, outcome, errorCode }: Open): void {
    this.open.delete(call);
    if (outcome) {
      const code = outcome.result === 'error' ? errorCode : outcome.result === 'cancelled' ? 'cancelled' : undefined;
      annotate(span, outcome, errorCode ?? '');
      if (code) {
        span.setAttribute('error.type', code);
        span.setStatus({ code: SpanStatusCode.ERROR, message: code });
      }
    }
    span.end();
  }
}

function annotate(span: Span, outcome: ObservedOutcome, errorCode: string): void {
  span.setAttribute('routeros_mcp.outcome', outcome.result);
  if (outcome.estimatedTokens !== undefined) span.setAttribute('routeros_mcp.estimated_tokens', outcome.estimatedTokens);
  if (outcome.result === 'error') span.setAttribute('routeros_mcp.error_code', errorCode);
}
