import type { DomainEvent, DomainEventType, EventBus, EventOf, Logger } from '@routeros-mcp/application-ports';

type Handler = (event: DomainEvent) => void | Promise<void>;

/**
 * Events within one process (SQLite deployments, one server). Handlers run after `publish` returns control to the
 * event loop, each on its own: a slow or failing subscriber never delays or fails the publisher, and a failure is
 * logged without the event's content beyond its type and device.
 */
export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<DomainEventType, Set<Handler>>();

  constructor(private readonly logger: Logger) {}

  async publish(event: DomainEvent): Promise<void> {
    const handlers = [...(this.handlers.get(event.type) ?? [])];
    for (const handler of handlers) {
      setImmediate(() => {
        Promise.resolve()
          .then(() => handler(event))
          .catch((error: unknown) => this.logger.warn('event handler failed', { event: event.type, device_id: event.deviceId, error: (error as Error).message }));
      });
    }
  }

  subscribe<T extends DomainEventType>(type: T, handler: (event: EventOf<T>) => void | Promise<void>): () => void {
    const set = this.handlers.get(type) ?? new Set<Handler>();
    this.handlers.set(type, set);
    const h = handler as Handler;
    set.add(h);
    return () => void set.delete(h);
  }
}
