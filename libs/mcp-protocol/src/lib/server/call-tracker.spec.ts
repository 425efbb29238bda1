import { SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import { CallCancelledError, ServerShuttingDownError } from '@routeros-mcp/domain-kernel';
import { CallTracker } from './call-tracker';
import { cancellationKey } from './cancellation-key';

/** A call that ends when its signal does, with the signal's reason. */
const untilAborted = (signal: AbortSignal) => new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));

describe('CallTracker', () => {
  it('waits for running calls, cancels them at shutdown with a shutdown error, and reports idle once each has settled', async () => {
    const tracker = new CallTracker();
    const call = tracker.run(new AbortController().signal, untilAborted);
    expect(tracker.size).toBe(1);
    expect(await tracker.idle(10)).toBe(false);
    tracker.cancelAll();
    expect(await call).toBeInstanceOf(ServerShuttingDownError);
    expect(await tracker.idle(1000)).toBe(true);
  });

  it("turns the request's own abort into the client's cancellation: a notification, or a closed connection", async () => {
    const tracker = new CallTracker();
    const cancelled = new AbortController();
    const closed = new AbortController();
    const byNotification = tracker.run(cancelled.signal, untilAborted);
    const byDisconnect = tracker.run(closed.signal, untilAborted);
    // What the SDK aborts with: the client's stated reason, or ConnectionClosed when the transport closed.
    cancelled.abort('user pressed stop');
    closed.abort(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'));
    expect(await byNotification).toMatchObject({ code: 'CALL.CANCELLED', how: 'notification' });
    expect(await byDisconnect).toMatchObject({ code: 'CALL.CANCELLED', how: 'disconnect' });
    // A request already cancelled when its call starts is cancelled at once.
    expect(await tracker.run(cancelled.signal, async (signal) => signal.reason)).toBeInstanceOf(CallCancelledError);
    expect(tracker.size).toBe(0);
  });

  it('cancels by key only the calls held under it, and forgets a key once its calls ended', async () => {
    const tracker = new CallTracker();
    const alice = cancellationKey({ id: 'token:alice', credentialId: 't1' }, 7);
    const bob = cancellationKey({ id: 'token:bob', credentialId: 't2' }, 7);
    const mine = tracker.run(new AbortController().signal, untilAborted, alice);
    let theirsEnded = false;
    const theirs = tracker.run(new AbortController().signal, untilAborted, bob).then((reason) => (theirsEnded = true, reason));
    expect(tracker.cancel(alice)).toBe(1);
    expect(await mine).toMatchObject({ code: 'CALL.CANCELLED', how: 'notification' });
    await new Promise((next) => setImmediate(next));
    expect(theirsEnded).toBe(false);
    expect(tracker.cancel(alice)).toBe(0);
    tracker.cancelAll();
    await theirs;
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

describe('cancellationKey', () => {
  it('names a request by its caller (principal and credential) and its id, id type included', () => {
    const key = cancellationKey({ id: 'token:ops', credentialId: 'tok-1' }, 1);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(cancellationKey({ id: 'token:ops', credentialId: 'tok-1' }, 1)).toBe(key);
    expect(cancellationKey({ id: 'token:ops', credentialId: 'tok-1' }, '1')).not.toBe(key);
    expect(cancellationKey({ id: 'token:ops', credentialId: 'tok-2' }, 1)).not.toBe(key);
    expect(cancellationKey({ id: 'token:other', credentialId: 'tok-1' }, 1)).not.toBe(key);
    expect(key).not.toContain('ops');
  });
});
