import { ListenTracker } from './listen-tracker';

const ack = (id: string, uris: string[]) => ({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: { resourceSubscriptions: uris }, _meta: { 'io.modelcontextprotocol/subscriptionId': id } } });

describe('ListenTracker', () => {
  it('watches the union of what open listens were acknowledged for, until each is cancelled or answered', () => {
    const sink = { subscribe: jest.fn(), unsubscribe: jest.fn() };
    const tracker = new ListenTracker(() => sink);
    tracker.outbound(ack('L1', ['device://a/health', 'fleet://health-summary']));
    tracker.outbound(ack('L2', ['device://a/health']));
    expect(sink.subscribe.mock.calls.map((c) => c[0])).toEqual(['device://a/health', 'fleet://health-summary']);
    tracker.inbound({ method: 'notifications/cancelled', params: { requestId: 'L1' } });
    expect(sink.unsubscribe.mock.calls.map((c) => c[0])).toEqual(['fleet://health-summary']);
    tracker.outbound({ id: 'L2', result: {} });
    expect(sink.unsubscribe.mock.calls.map((c) => c[0])).toEqual(['fleet://health-summary', 'device://a/health']);
    tracker.inbound({ method: 'notifications/cancelled', params: { requestId: 'L2' } });
    expect(sink.unsubscribe).toHaveBeenCalledTimes(2);
  });

  it('keeps a listen open when its sink refuses a resource', () => {
    const sink = { subscribe: jest.fn(() => { throw new Error('cannot be subscribed'); }), unsubscribe: jest.fn() };
    const tracker = new ListenTracker(() => sink);
    expect(() => tracker.outbound(ack('L1', ['device://a/config']))).not.toThrow();
    tracker.endAll();
    expect(sink.unsubscribe).toHaveBeenCalledWith('device://a/config');
  });
});
