import { DomainError } from './domain-error';

/** How a call came to be cancelled by its client: a `notifications/cancelled`, or the answer's stream closed under it. */
export type ClientCancellation = 'notification' | 'disconnect';

const BY_CLIENT: Record<ClientCancellation, string> = {
  notification: 'the client cancelled the call (notifications/cancelled)',
  disconnect: 'the client closed the connection or stream before the answer',
};

/**
 * The client gave up on a call: what it asked for is abandoned (device requests included) and it gets no answer.
 * The message is ours, never the client's stated reason, so the audit record can keep it as its note.
 */
export class CallCancelledError extends DomainError {
  readonly code = 'CALL.CANCELLED';

  constructor(readonly how: ClientCancellation) {
    super(BY_CLIENT[how]);
  }

  override details(): Record<string, unknown> {
    return { cancelled_by: 'client', how: this.how };
  }
}

/** A call still running when the server's shutdown grace ran out: abandoned, answered with a shutdown error. */
export class ServerShuttingDownError extends DomainError {
  readonly code = 'SERVER.SHUTTING_DOWN';
  override readonly fault = 'system';

  constructor() {
    super('the server shut down while the call was running; it was cancelled after the grace period');
  }
}

/** Whether `error` says the call was cancelled (by its client or by shutdown) rather than that it failed. */
export function isCancellation(error: unknown): error is CallCancelledError | ServerShuttingDownError {
  return error instanceof CallCancelledError || error instanceof ServerShuttingDownError;
}

/**
 * What a call that ended with `error` really ended by: the cancellation its signal carries, when it was cancelled.
 * Work that was cut off fails with whatever its interrupted step makes of the abort (a device timeout, a lost
 * connection); the record and the caller must hear of the cancellation instead.
 */
export function cancellationOr(error: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted && isCancellation(signal.reason) ? signal.reason : error;
}
