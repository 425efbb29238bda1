import type { DomainEvent, EventBus } from '@routeros-mcp/application-ports';
import { ApprovalWatch } from './approval-watch';

/** A bus delivering plan.changed at once, and a plan store the test moves. */
function rig(pollMs = 60_000) {
  const handlers = new Set<(event: DomainEvent) => void>();
  const events = {
    publish: async (event: DomainEvent) => handlers.forEach((h) => h(event)),
    subscribe: (_type: string, handler: (event: DomainEvent) => void) => (handlers.add(handler), () => void handlers.delete(handler)),
  } as unknown as EventBus;
  const statuses = new Map<string, string>();
  const completed: string[] = [];
  const watch = new ApprovalWatch({ status: async (id) => statuses.get(id), events: () => events }, async (id) => void completed.push(id), pollMs);
  return { watch, statuses, completed, events, handlers };
}
const settle = () => new Promise((next) => setImmediate(next));

describe('ApprovalWatch', () => {
  it('gives one elicitation id per plan and completes it once when the plan leaves pending (an event here)', async () => {
    const { watch, statuses, completed, events, handlers } = rig();
    statuses.set('p1', 'pending');
    const id = watch.watch('p1');
    expect(watch.watch('p1')).toBe(id);
    await events.publish({ type: 'plan.changed', planId: 'p1', status: 'pending' });
    await settle();
    expect(completed).toEqual([]);
    statuses.set('p1', 'approved');
    await events.publish({ type: 'plan.changed', planId: 'p1', status: 'approved' });
    await events.publish({ type: 'plan.changed', planId: 'p1', status: 'executing' });
    await settle();
    expect(completed).toEqual([id]);
    // Nothing left to watch: the subscription is gone, and the next watch of the plan is a new elicitation.
    expect(handlers.size).toBe(0);
    expect(watch.watch('p1')).not.toBe(id);
    watch.close();
  });

  it('sees an approval made elsewhere (no event here) by re-reading the plan', async () => {
    const { watch, statuses, completed } = rig(20);
    statuses.set('p2', 'pending');
    const id = watch.watch('p2');
    statuses.set('p2', 'rejected');
    const deadline = Date.now() + 10_000;
    while (completed.length === 0 && Date.now() < deadline) await new Promise((next) => setTimeout(next, 10));
    expect(completed).toEqual([id]);
    watch.close();
  });

  it('drops what is pending when the session closes: nothing is sent after', async () => {
    const { watch, statuses, completed, events } = rig();
    statuses.set('p3', 'pending');
    watch.watch('p3');
    watch.close();
    statuses.set('p3', 'approved');
    await events.publish({ type: 'plan.changed', planId: 'p3', status: 'approved' });
    await settle();
    expect(completed).toEqual([]);
  });
});
