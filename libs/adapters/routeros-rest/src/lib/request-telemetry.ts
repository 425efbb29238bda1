import { Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { DeviceRequestObserver, deviceErrorKind, DeviceUnreachableError } from '@routeros-mcp/application-ports';
import { isLostConnection } from './map-error';

/**
 * A proxy: it creates spans through whatever tracer provider is registered when a request starts, and no-op
 * spans when none is (the stdio server), so instrumenting costs a few hundred nanoseconds there.
 */
const tracer = trace.getTracer('routeros-mcp.routeros-rest');

/** The metric kind of a failed call: the device-access kinds, and `circuit_open` when our breaker refused it. */
export function restErrorKind(error: unknown): string {
  return error instanceof DeviceUnreachableError && !isLostConnection(error) ? 'circuit_open' : deviceErrorKind(error);
}

/** `GET /ip/address/{id}`: the request without its query and with the item id as a placeholder (bounded span names). */
export function operationTemplate(method: string, path: string, id?: string): string {
  const bare = path.split('?')[0];
  return `${method} ${id !== undefined && bare.endsWith(`/${id}`) ? `${bare.slice(0, -id.length)}{id}` : bare}`;
}

/**
 * Runs one device call inside a client span (a child of the tool call's span when tracing is on) and reports how
 * it ended to the observer. Only the device id and the operation template go on the span: never a body, a query
 * or a credential.
 */
export function observedCall<T>(observer: DeviceRequestObserver, deviceId: string, operation: string, fn: () => Promise<T>): Promise<T> {
  const attributes = { 'routeros.device_id': deviceId, 'routeros.transport': 'rest', 'routeros.operation': operation };
  return tracer.startActiveSpan(`routeros.rest ${operation}`, { kind: SpanKind.CLIENT, attributes }, async (span: Span) => {
    const started = performance.now();
    let outcome = 'ok';
    try {
      return await fn();
    } catch (error) {
      outcome = restErrorKind(error);
      span.setAttribute('routeros.error_kind', outcome);
      span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      throw error;
    } finally {
      span.end();
      report(observer, { deviceId, transport: 'rest', operation, durationMs: performance.now() - started, outcome });
    }
  });
}

/** An observer is metrics only: a fault in it must never change a call's result. */
function report(observer: DeviceRequestObserver, outcome: Parameters<DeviceRequestObserver['requestEnded']>[0]): void {
  try {
    observer.requestEnded(outcome);
  } catch {
    // ignored on purpose, see above
  }
}
