import { etagOf, SubscriptionManager } from './subscriptions';

const fakeServer = () => ({ sendResourceUpdated: jest.fn().mockResolvedValue(undefined) });
const options = { intervalMs: 20, jitterMs: 0, coalesceMs: 30, maxPerConnection: 2, maxPerDevice: 100 };

describe('SubscriptionManager', () => {
  it('ignores uptime in the etag but not a real change', () => {
    expect(etagOf({ cpu: 1, uptime: '1s' })).toBe(etagOf({ cpu: 1, uptime: '2s' }));
    expect(etagOf({ cpu: 1 })).not.toBe(etagOf({ cpu: 2 }));
  });

  it('coalesces a burst of changes into one notification and stops on unsubscribe', async () => {
    const server = fakeServer();
    let n = 0;
    const manager = new SubscriptionManager(server.sendResourceUpdated, async () => ({ cpu: n++ }), { ...options, coalesceMs: 200 });
    manager.subscribe('fleet://health-summary');
    await new Promise((r) => setTimeout(r, 150));
    expect(server.sendResourceUpdated).not.toHaveBeenCalled(); // still inside the window
    await new Promise((r) => setTimeout(r, 150));
    expect(server.sendResourceUpdated).toHaveBeenCalledTimes(1);
    manager.unsubscribe('fleet://health-summary');
    const calls = server.sendResourceUpdated.mock.calls.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(server.sendResourceUpdated.mock.calls.length).toBe(calls);
  });

  it('enforces the per-connection limit and refuses other resources', () => {
    const manager = new SubscriptionManager(fakeServer().sendResourceUpdated, async () => ({}), options);
    manager.subscribe('device://dev-a/health');
    manager.subscribe('device://dev-b/health');
    expect(() => manager.subscribe('device://dev-c/health')).toThrow(/at most 2 subscriptions per connection/);
    expect(() => manager.subscribe('device://dev-a/config')).toThrow(/cannot be subscribed/);
    manager.close();
  });
});
