import type { DomainEvent, DomainEventType, EventOf, Logger } from '@routeros-mcp/application-ports';
import { eventSubject } from '@routeros-mcp/application-ports';

type Handler = (event: DomainEvent) => void | Promise<void>;

/**
 * Subscribers of one bus and how an event reaches them: each handler on its own, after the current turn of the
 * event loop, so a slow or failing subscriber never delays or fails whoever delivered the event. A failure is
 * logged without the event's content beyond its type and device.
 */
export class EventHandlers {
  private readonly handlers = new Map<DomainEventType, Set<Handler>>();

  constructor(private readonly logger: Logger) {}

  add<T extends DomainEventType>(type: T, handler: (event: EventOf<T>) => void | Promise<void>): () => void {
    const set = this.handlers.get(type) ?? new Set<Handler>();
    this.handlers.set(type, set);
    const h = handler as Handler;
    set.add(h);
    return () => void set.delete(h);
  }

  deliver(event: DomainEvent): void {
    for (const handler of [...(this.handlers.get(event.type) ?? [])]) {
      setImmediate(() => {
        Promise.resolve()
          .then(() => handler(event))
          .catch((error: unknown) => this.logger.warn('event handler failed', { event: event.type, ...eventSubject(event), error: (error as Error).message }));
      });
    }
  }
}
