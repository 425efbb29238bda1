import { SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import { CallCancelledError, ServerShuttingDownError } from '@routeros-mcp/domain-kernel';
import { setMaxListeners } from 'node:events';

interface Running {
  abort: AbortController;
  done: Promise<unknown>;
}

/**
 * How the request's own signal ended: the SDK aborts it with ConnectionClosed when the transport closed under it
 * (an HTTP client hung up, a 2026-07-28 response stream was closed), and with the client's stated reason on a
 * `notifications/cancelled`.
 */
const clientCancellation = (reason: unknown) => new CallCancelledError(reason instanceof SdkError && reason.code === SdkErrorCode.ConnectionClosed ? 'disconnect' : 'notification');

/**
 * The calls a server is running (tool calls, resource reads), so that shutdown can wait for them, cancel what is
 * left after the grace period, and still wait for each to write its audit record before the database closes. A call
 * its client cancels ends with a CallCancelledError as its signal's reason, one shutdown cancels with a
 * ServerShuttingDownError: the audit record says which.
 *
 * Calls may be held under a key (the caller and the request id, see cancellationKey) so that a cancellation that did
 * not come through the request's own connection (a 2025-era `notifications/cancelled` posted to any replica) finds
 * them.
 */
export class CallTracker {
  private readonly running = new Set<Running>();
  private idleWaiters: (() => void)[] = [];
  private readonly keyed = new Map<string, Set<Running>>();

  get size(): number {
    return this.running.size;
  }

  /**
   * Runs `work` with a signal that ends when the request's own signal does (the client cancelled or went away), when
   * `cancel(key)` is called, or when cancelAll is.
   */
  async run<T>(requestSignal: AbortSignal, work: (signal: AbortSignal) => Promise<T>, key?: string): Promise<T> {
    const abort = new AbortController();
    // Every device request of a call listens to it (a fleet read: one per device): not a leak.
    setMaxListeners(0, abort.signal);
    const onAbort = () => abort.abort(clientCancellation(requestSignal.reason));
    if (requestSignal.aborted) onAbort();
    else requestSignal.addEventListener('abort', onAbort, { once: true });
    const done = work(abort.signal);
    const entry = { abort, done };
    this.running.add(entry);
    if (key !== undefined) this.hold(this.keyed, key, entry);
    try {
      return await done;
    } finally {
      requestSignal.removeEventListener('abort', onAbort);
      if (key !== undefined) this.release(this.keyed, key, entry);
      this.finish(entry);
    }
  }

  /** Cancels the calls held under `key` as their client asked; how many it found. */
  cancel(key: string): number {
    const calls = [...(this.keyed.get(key) ?? [])];
    for (const { abort } of calls) abort.abort(new CallCancelledError('notification'));
    return calls.length;
  }

  private hold<V>(map: Map<string, Set<V>>, key: string, value: V): void {
    const set = map.get(key) ?? new Set<V>();
    map.set(key, set.add(value));
  }

  private release<V>(map: Map<string, Set<V>>, key: string, value: V): void {
    const set = map.get(key);
    set?.delete(value);
    if (set?.size === 0) map.delete(key);
  }

  private finish(entry: Running): void {
    this.running.delete(entry);
    if (this.running.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /**
   * Counts `work` as running until it settles without making anyone wait for it: what a call finishes after its
   * answer (its audit record), so that shutdown still waits for it before the database closes.
   */
  track(work: Promise<unknown>): void {
    const entry = { abort: new AbortController(), done: work };
    this.running.add(entry);
    void work.finally(() => this.finish(entry));
  }

  /** Shutdown, once its grace period ran out: every call still running is cancelled. */
  cancelAll(): void {
    for (const { abort } of this.running) abort.abort(new ServerShuttingDownError());
  }

  /** Resolves when no call is running, or after `withinMs` (true when idle). */
  idle(withinMs: number): Promise<boolean> {
    if (this.running.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), withinMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
