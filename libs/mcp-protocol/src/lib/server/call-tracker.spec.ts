import { CallTracker } from './call-tracker';

describe('CallTracker', () => {
  it('waits for running calls, cancels them on request, and reports idle once each has settled', async () => {
    const tracker = new CallTracker();
    const seen: string[] = [];
    const call = tracker.run(new AbortController().signal, (signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => {
      seen.push('aborted');
      resolve();
    })));
    expect(tracker.size).toBe(1);
    expect(await tracker.idle(10)).toBe(false);
    tracker.cancelAll('shutting down');
    await call;
    expect(seen).toEqual(['aborted']);
    expect(await tracker.idle(1000)).toBe(true);
  });

  it('passes the request signal through', async () => {
    const tracker = new CallTracker();
    const request = new AbortController();
    const call = tracker.run(request.signal, (signal) => new Promise((resolve) => signal.addEventListener('abort', resolve)));
    request.abort();
    await call;
    expect(tracker.size).toBe(0);
  });

  it('counts work finished after an answer (an audit record) until it settles, rejected or not', async () => {
    const tracker = new CallTracker();
    let commit!: () => void;
    tracker.track(new Promise<void>((resolve) => (commit = resolve)));
    tracker.track(Promise.reject(new Error('disk full')).catch(() => undefined));
    expect(tracker.size).toBe(2);
    const idle = tracker.idle(5000);
    commit();
    expect(await idle).toBe(true);
    expect(tracker.size).toBe(0);
  });
});
