interface Waiters {
  readonly listener: () => void;
  readonly callbacks: Set<() => void>;
}

const waiting = new WeakMap<AbortSignal, Waiters>();

/**
 * Calls `callback` when `signal` aborts (at once if it has), and returns what stops that. However many calls wait on one signal, it
 * carries a single listener: a change reads a dozen menus at once under its tool call's signal, and one listener
 * per read tripped Node's MaxListenersExceededWarning (11 abort listeners) on every write touching the management
 * path. The caller's signal is not ours to raise the limit on, and a raised limit would hide a real leak.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => undefined;
  }
  let waiters = waiting.get(signal);
  if (!waiters) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      waiting.delete(signal);
      for (const call of [...callbacks]) call();
    };
    waiters = { listener, callbacks };
    waiting.set(signal, waiters);
    signal.addEventListener('abort', listener, { once: true });
  }
  const { listener, callbacks } = waiters;
  // A callback object of its own, so one function registered twice is two waiters.
  const entry = () => callback();
  callbacks.add(entry);
  return () => {
    if (!callbacks.delete(entry) || callbacks.size > 0) return;
    signal.removeEventListener('abort', listener);
    if (waiting.get(signal)?.listener === listener) waiting.delete(signal);
  };
}
