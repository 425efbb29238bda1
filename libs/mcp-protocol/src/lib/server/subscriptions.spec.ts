import { etagOf, SubscriptionManager } from './subscriptions';

const fakeServer = () => ({ sendResourceUpdated: jest.fn().mockResolvedValue(undefined) });
const options = { intervalMs: 20, jitterMs: 0, coalesceMs: 30, maxPerConnection: 2, maxPerDevice: 100 };

describe('SubscriptionManager', () => {
  // The manager's windows are timers: fake ones, so a loaded machine cannot push a poll past the test's sleep.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('ignores uptime in the etag but not a real change', () => {
    expect(etagOf({ cpu: 1, uptime: '1s' })).toBe(etagOf({ cpu: 1, uptime: '2s' }));
    expect(etagOf({ cpu: 1 })).not.toBe(etagOf({ cpu: 2 }));
  });

  it('coalesces a burst of changes into one notification and stops on unsubscribe', async () => {
    const server = fakeServer();
    let n = 0;
    const manager = new SubscriptionManager(server.sendResourceUpdated, async () => ({ cpu: n++ }), { ...options, coalesceMs: 200 });
    manager.subscribe('fleet://health-summary');
    // Polls every 20 ms change the reading each time; the first change opens a 200 ms window.
    await jest.advanceTimersByTimeAsync(150);
    expect(server.sendResourceUpdated).not.toHaveBeenCalled(); // still inside the window
    await jest.advanceTimersByTimeAsync(100);
    expect(server.sendResourceUpdated).toHaveBeenCalledTimes(1);
    manager.unsubscribe('fleet://health-summary');
    const calls = server.sendResourceUpdated.mock.calls.length;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.sendResourceUpdated.mock.calls.length).toBe(calls);
  });

  it('enforces the per-connection limit and refuses other resources', () => {
    const manager = new SubscriptionManager(fakeServer().sendResourceUpdated, async () => ({}), options);
    manager.subscribe('device://dev-a/health');
    manager.subscribe('device://dev-b/health');
    expect(() => manager.subscribe('device://dev-c/health')).toThrow(/at most 2 subscriptions per connection/);
    expect(() => manager.subscribe('device://dev-a/logs')).toThrow(/cannot be subscribed/);
    manager.close();
  });

  it('never polls a configuration, and tells its subscribers once per burst of events, with the etag given', async () => {
    const server = fakeServer();
    const read = jest.fn().mockResolvedValue({});
    const manager = new SubscriptionManager(server.sendResourceUpdated, read, options);
    manager.changed('device://dev-a/config', 'snap-000000000001'); // nobody subscribed: nothing to tell
    manager.subscribe('device://dev-a/config');
    manager.changed('device://dev-a/config', 'snap-000000000002');
    manager.changed('device://dev-a/config', 'snap-000000000003');
    manager.changed('device://dev-b/config', 'snap-000000000004');
    await jest.advanceTimersByTimeAsync(150);
    expect(server.sendResourceUpdated.mock.calls).toEqual([['device://dev-a/config', 'snap-000000000003']]);
    expect(read).not.toHaveBeenCalled();
    manager.unsubscribe('device://dev-a/config');
    manager.changed('device://dev-a/config', 'snap-000000000005');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.sendResourceUpdated).toHaveBeenCalledTimes(1);
    manager.close();
  });
});
