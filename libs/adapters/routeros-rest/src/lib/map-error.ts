import { AnswerTooLargeError, MAX_ANSWER_BYTES } from './https-call';
import { BrokenCircuitError, TaskCancelledError } from 'cockatiel';
import {
  DeviceAuthFailedError,
  DeviceCommandError,
  DeviceTimeoutError,
  DeviceUnreachableError,
  DeviceUnsupportedError,
  RouterOsErrorBody,
} from '@routeros-mcp/application-ports';
import { CertificateMismatchError, ConnectTimeoutError } from './pinned-agent';

/** How the open circuit names itself in a DeviceUnreachableError's reason. */
const CIRCUIT_OPEN = 'circuit open';

export interface CallContext {
  deviceId: string;
  /** What was attempted, e.g. `GET /ip/address` (never a body or a header). */
  operation: string;
  timeoutMs: number;
  /** Seconds until the circuit half-opens, when it is open. */
  retryAfter?: number;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE', 'ERR_SOCKET_CONNECTION_TIMEOUT']);

const NOT_ALLOWED = 'the RouterOS user is in a group without the write policy; give it a group with write, or use another user';

/** The RouterOS error body of a response, if it has one. */
export function routerOsBody(status: number, text: string): RouterOsErrorBody {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown; detail?: unknown };
    if (typeof parsed === 'object' && parsed !== null && typeof parsed.message === 'string') {
      return { status, message: parsed.message, ...(typeof parsed.detail === 'string' ? { detail: parsed.detail } : {}) };
    }
  } catch {
    // not a RouterOS body
  }
  return { status, message: text.slice(0, 200) || `HTTP ${status}` };
}

/** The call's own bound ran out; the message states that bound, the whole call's (retries and waiting included). */
export function timeoutError(ctx: CallContext): DeviceTimeoutError {
  return new DeviceTimeoutError(ctx.deviceId, ctx.operation, Math.round(ctx.timeoutMs / 100) / 10);
}

/** The device answered with something RouterOS does not send; `what` completes "an answer that …". */
export function invalidAnswer(ctx: Pick<CallContext, 'deviceId' | 'operation'>, status: number, what: string): DeviceCommandError {
  return new DeviceCommandError(ctx.deviceId, ctx.operation, { status, message: what }, undefined, undefined, 'invalid_answer');
}

/** Maps an HTTP status with its body to the domain error it means. */
export function errorForStatus(ctx: CallContext, status: number, text: string): Error {
  if (status === 401) return new DeviceAuthFailedError(ctx.deviceId, 'credentials', `update them with: routeros-mcp-admin credentials set ${ctx.deviceId}`);
  const body = routerOsBody(status, text);
  if (status === 400 && body.detail === 'Session closed') return new DeviceTimeoutError(ctx.deviceId, ctx.operation, Math.round(ctx.timeoutMs / 100) / 10, 'device');
  // A missing policy is a refusal of this user, not a failing device: RouterOS's REST answers a write by a group
  // without `write` with 400 `not enough permissions (9)`; some versions answer 500 `not allowed (9)`.
  if ((status === 400 && body.detail?.includes('not enough permissions (9)')) || (status === 500 && body.detail?.includes('not allowed (9)'))) {
    return new DeviceCommandError(ctx.deviceId, ctx.operation, body, NOT_ALLOWED, undefined, 'refused');
  }
  return new DeviceCommandError(ctx.deviceId, ctx.operation, body);
}

/**
 * Turns whatever a call threw into a domain error. Nothing from a transport error but its code is kept: no
 * request options (which hold the Authorization header) ever leave this function.
 */
export function mapCallError(ctx: CallContext, error: unknown): Error {
  if (error instanceof DeviceUnreachableError || error instanceof DeviceTimeoutError || error instanceof DeviceAuthFailedError || error instanceof DeviceCommandError || error instanceof DeviceUnsupportedError) return error;
  if (error instanceof BrokenCircuitError) return new DeviceUnreachableError(ctx.deviceId, `too many consecutive failures; calls are paused (${CIRCUIT_OPEN})`, ctx.retryAfter ?? 30);
  if (error instanceof TaskCancelledError) return timeoutError(ctx);
  const cause = (error as { name?: string; cause?: unknown }).name === 'AbortError' ? ((error as { cause?: unknown }).cause ?? error) : error;
  if (cause instanceof CertificateMismatchError) {
    return new DeviceAuthFailedError(ctx.deviceId, 'tls_identity', `if the certificate changed on purpose, check the new fingerprint and run: routeros-mcp-admin device repin ${ctx.deviceId}`, cause.presented);
  }
  if (cause instanceof AnswerTooLargeError) return invalidAnswer(ctx, 200, `is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB; ask for fewer rows or fields`);
  if (cause instanceof ConnectTimeoutError) return new DeviceUnreachableError(ctx.deviceId, `no connection within ${cause.ms} ms`, 5);
  const code = (cause as { code?: string }).code ?? (error as { code?: string }).code;
  if (code === 'ABORT_ERR' || code === 'ECONNABORTED' || code === 'ETIMEDOUT') return timeoutError(ctx);
  if (code && UNREACHABLE_CODES.has(code)) return new DeviceUnreachableError(ctx.deviceId, describeCode(code), 5);
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN') {
    return new DeviceAuthFailedError(ctx.deviceId, 'tls_identity', `the certificate failed verification (${code}); pin its fingerprint with: routeros-mcp-admin device repin ${ctx.deviceId}`);
  }
  return new DeviceUnreachableError(ctx.deviceId, `connection failed (${code ?? 'unknown error'})`, 5);
}

function describeCode(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the www-ssl service enabled on this port?)';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no route to the device';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    default:
      return `connection lost (${code})`;
  }
}

/** Unreachable because the connection failed, not because this client's own circuit is open. */
export function isLostConnection(error: unknown): boolean {
  return error instanceof DeviceUnreachableError && !error.reason.includes(CIRCUIT_OPEN);
}

/** Failures worth another attempt for an idempotent read: the device may answer next time. */
export function isTransient(error: unknown): boolean {
  if (error instanceof DeviceUnreachableError) return isLostConnection(error);
  if (error instanceof DeviceTimeoutError) return true;
  if (error instanceof DeviceCommandError) return error.routerosError.status === 502 || error.routerosError.status === 503;
  return false;
}

/** Failures that say something about the device's health (they trip the circuit breaker). */
export function isDeviceFailure(error: unknown): boolean {
  return error instanceof DeviceUnreachableError || error instanceof DeviceTimeoutError || (error instanceof DeviceCommandError && error.routerosError.status >= 502);
}
