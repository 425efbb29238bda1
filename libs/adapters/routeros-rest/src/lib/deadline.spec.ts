import { TaskCancelledError } from 'cockatiel';
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
});
