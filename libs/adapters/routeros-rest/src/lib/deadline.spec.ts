import { TaskCancelledError } from 'cockatiel';
import { getEventListeners } from 'node:events';
import { withDeadline } from './deadline';

const never = (signal: AbortSignal, seen: AbortSignal[]) => {
  seen.push(signal);
  return new Promise<never>(() => undefined);
};

describe('withDeadline', () => {
  it('answers what fn answers, and fails as fn fails', async () => {
    await expect(withDeadline(1000, undefined, async () => 7)).resolves.toBe(7);
    await expect(withDeadline(1000, undefined, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  });

  it('rejects at the deadline though fn never settles, and aborts the signal fn was given', async () => {
    const seen: AbortSignal[] = [];
    await expect(withDeadline(20, undefined, (s) => never(s, seen))).rejects.toBeInstanceOf(TaskCancelledError);
    expect(seen[0].aborted).toBe(true);
  });

  it("rejects when the caller's signal aborts, before or during the call", async () => {
    const seen: AbortSignal[] = [];
    const caller = new AbortController();
    const pending = withDeadline(60_000, caller.signal, (s) => never(s, seen));
    caller.abort();
    await expect(pending).rejects.toBeInstanceOf(TaskCancelledError);
    expect(seen[0].aborted).toBe(true);
    await expect(withDeadline(60_000, caller.signal, (s) => never(s, seen))).rejects.toBeInstanceOf(TaskCancelledError);
  });

  // Node warns (MaxListenersExceededWarning) past ten listeners on one signal; the stdio e2e reads its stderr for it.
  it("many calls under one caller's signal hang one listener on it, take it off when done, and all end when it aborts", async () => {
    const caller = new AbortController();
    // Each call's work ends when its own signal aborts (as a request does), so no timer outlives the test.
    const untilAborted = (s: AbortSignal) => new Promise<never>((_, reject) => s.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    const calls = Array.from({ length: 20 }, () => withDeadline(60_000, caller.signal, untilAborted));
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    caller.abort();
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(TaskCancelledError);
    const done = new AbortController();
    await Promise.all(Array.from({ length: 20 }, () => withDeadline(60_000, done.signal, async () => 1)));
    expect(getEventListeners(done.signal, 'abort')).toHaveLength(0);
  });
});
