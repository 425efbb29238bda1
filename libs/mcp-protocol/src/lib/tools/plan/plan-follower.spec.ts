import type { DomainEvent, EventBus } from '@routeros-mcp/application-ports';
import { PlanFollower } from './plan-follower';

/** Delivers as the in-process bus does: on a later turn of the event loop than the publish. */
function laterBus(): EventBus & { publishNow(event: DomainEvent): void } {
  const handlers = new Map<string, ((event: DomainEvent) => void)[]>();
  const deliver = (event: DomainEvent): void => {
    setImmediate(() => (handlers.get(event.type) ?? []).forEach((h) => h(event)));
  };
  return {
    publish: async (event: DomainEvent) => deliver(event),
    publishNow: deliver,
    subscribe: (type: string, handler: (event: never) => void | Promise<void>) => {
      const h = handler as (event: DomainEvent) => void;
      handlers.set(type, [...(handlers.get(type) ?? []), h]);
      return () => void handlers.set(type, (handlers.get(type) ?? []).filter((x) => x !== h));
    },
    close: async () => undefined,
  } as unknown as EventBus & { publishNow(event: DomainEvent): void };
}

describe('PlanFollower', () => {
  it('sends the last verdict, published just before the plan ended, before the call may answer', async () => {
    const bus = laterBus();
    const sent: string[] = [];
    // A notification takes a few turns to be written (the transport's own awaits).
    const progress = async (_done: number, _total: number, message?: string) => {
      await new Promise((next) => setImmediate(next));
      sent.push(message!);
    };
    const follower = new PlanFollower(bus, 'plan-1', progress);
    let status = 'executing';
    bus.publishNow({ type: 'plan.progress', planId: 'plan-1', progress: 4, total: 4, message: 'batch 4/4: health gate passed on 1 device(s)' });
    status = 'completed'; // committed by the runner after it published the verdict
    await follower.wait(10_000, new AbortController().signal, async () => status);
    await follower.flush();
    expect(sent).toEqual(['batch 4/4: health gate passed on 1 device(s)']);
    follower.stop();
  });

  it('forwards only its own plan, and nothing after stop', async () => {
    const bus = laterBus();
    const sent: string[] = [];
    const follower = new PlanFollower(bus, 'plan-1', async (_d, _t, message) => void sent.push(message!));
    bus.publishNow({ type: 'plan.progress', planId: 'plan-2', progress: 1, total: 1, message: 'other' });
    await follower.flush();
    follower.stop();
    bus.publishNow({ type: 'plan.progress', planId: 'plan-1', progress: 1, total: 1, message: 'late' });
    await new Promise((next) => setImmediate(next));
    expect(sent).toEqual([]);
  });
});
