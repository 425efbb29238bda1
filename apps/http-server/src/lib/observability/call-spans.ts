import { Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ObservedCall, ObservedOutcome } from '@routeros-mcp/mcp-protocol';

/** A proxy: real spans once startTracing registered the SDK, no-op spans otherwise. */
const tracer = trace.getTracer('routeros-mcp.http-server');

interface Open {
  span: Span;
  workDone: boolean;
  outcome?: ObservedOutcome;
}

/**
 * The `tools/call <tool>` span of each call. It is active while the call's work runs, so the device adapters' spans
 * become its children; it ends once both the work has settled and the outcome is known (`ended` may come before or
 * after the work's promise settles), carrying the outcome's error code. Only names and ids go on it: never
 * arguments, credentials or answers.
 */
export class CallSpans {
  private readonly open = new WeakMap<ObservedCall, Open>();

  run<T>(call: ObservedCall, toolLabel: string, clientLabel: string, work: () => Promise<T>): Promise<T> {
    const attributes = {
      'mcp.tool.name': toolLabel,
      'mcp.protocol.era': call.era,
      'routeros_mcp.correlation_id': call.correlationId,
      'enduser.id': call.principalId,
      'mcp.client.name': clientLabel,
      ...(call.tier ? { 'mcp.tool.tier': call.tier } : {}),
    };
    return tracer.startActiveSpan(`tools/call ${toolLabel}`, { kind: SpanKind.SERVER, attributes }, async (span) => {
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

  ended(call: ObservedCall, outcome: ObservedOutcome): void {
    const entry = this.open.get(call);
    if (!entry) return;
    entry.outcome = outcome;
    if (entry.workDone) this.finish(call, entry);
  }

  private finish(call: ObservedCall, { span, outcome }: Open): void {
    this.open.delete(call);
    if (outcome) {
      span.setAttribute('mcp.outcome', outcome.result);
      if (outcome.estimatedTokens !== undefined) span.setAttribute('mcp.estimated_tokens', outcome.estimatedTokens);
      if (outcome.result === 'error') {
        span.setAttribute('mcp.error_code', outcome.code ?? 'unknown');
        span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.code ?? 'error' });
      } else {
        span.setStatus({ code: SpanStatusCode.OK });
      }
    }
    span.end();
  }
}
