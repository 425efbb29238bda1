import { Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { DeviceRequestObserver, deviceErrorKind } from '@routeros-mcp/application-ports';

/** A proxy tracer: real spans once an SDK is registered (HTTP server), no-op spans otherwise (stdio). */
const tracer = trace.getTracer('routeros-mcp.routeros-ssh');

/** SSH operations as metrics and spans name them: a fixed set, never the command text. */
export type SshOperation = 'export' | 'print' | 'open' | 'safe_mode.take' | 'safe_mode.release' | 'safe_mode.unroll';

/**
 * Runs one SSH operation inside a client span `routeros.ssh <operation>` (a child of the tool call's span when
 * tracing is on) and reports how it ended. Only the device id and the operation name go on the span.
 */
export function observedSsh<T>(observer: DeviceRequestObserver, deviceId: string, operation: SshOperation, fn: () => Promise<T>): Promise<T> {
  const attributes = { 'routeros.device_id': deviceId, 'routeros.transport': 'ssh', 'routeros.operation': operation };
  return tracer.startActiveSpan(`routeros.ssh ${operation}`, { kind: SpanKind.CLIENT, attributes }, async (span: Span) => {
    const started = performance.now();
    let outcome = 'ok';
    try {
      return await fn();
    } catch (error) {
      outcome = deviceErrorKind(error);
      span.setAttribute('routeros.error_kind', outcome);
      span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      throw error;
    } finally {
      span.end();
      try {
        observer.requestEnded({ deviceId, transport: 'ssh', operation, durationMs: performance.now() - started, outcome });
      } catch {
        // metrics only: a fault in the observer never changes the operation's result
      }
    }
  });
}
