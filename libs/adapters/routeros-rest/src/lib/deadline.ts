import { TaskCancelledError } from 'cockatiel';
import { onAbort } from './abort-fan-out';

/**
 * Runs `fn` with a signal that aborts when `ms` have passed or the caller's signal aborts, and rejects at that
 * moment with TaskCancelledError even while `fn` is still waiting (for a slot, a backoff, an answer). This is
 * cockatiel's aggressive timeout policy without its event wrappers: it cost 20 µs per call against 7 µs here
 * (Node 20; an AbortSignal and one listener are the floor), a twentieth of a whole loopback request.
 */
export function withDeadline<T>(ms: number, caller: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const expire = () => {
      controller.abort();
      reject(new TaskCancelledError(`Operation timed out after ${ms}ms`));
    };
    const timer = setTimeout(expire, ms);
    let stopListening: (() => void) | undefined;
    if (caller?.aborted) expire();
    else if (caller) stopListening = onAbort(caller, expire);
    fn(controller.signal)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        stopListening?.();
      });
  });
}
