/**
 * The calls a server is running (tool calls, resource reads), so that shutdown can wait for them, cancel what is
 * left after the grace period, and still wait for each to write its audit record before the database closes.
 */
export class CallTracker {
  private readonly running = new Set<{ abort: AbortController; done: Promise<unknown> }>();
  private idleWaiters: (() => void)[] = [];

  get size(): number {
    return this.running.size;
  }

  /** Runs `work` with a signal that ends when the request's own signal does or when cancelAll is called. */
  async run<T>(requestSignal: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    const onAbort = () => abort.abort(requestSignal.reason);
    requestSignal.addEventListener('abort', onAbort, { once: true });
    const done = work(abort.signal);
    const entry = { abort, done };
    this.running.add(entry);
    try {
      return await done;
    } finally {
      requestSignal.removeEventListener('abort', onAbort);
      this.finish(entry);
    }
  }

  private finish(entry: { abort: AbortController; done: Promise<unknown> }): void {
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

  cancelAll(reason: string): void {
    for (const { abort } of this.running) abort.abort(new Error(reason));
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
