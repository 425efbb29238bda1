import type { DomainEvent, DomainEventType, EventBus, EventOf, Logger } from '@routeros-mcp/application-ports';
import { EventHandlers } from './event-handlers';

/**
 * Events within one process (SQLite deployments, one server). Handlers run after `publish` returns control to the
 * event loop, each on its own: a slow or failing subscriber never delays or fails the publisher.
 */
export class InProcessEventBus implements EventBus {
  private readonly handlers: EventHandlers;

  constructor(logger: Logger) {
    this.handlers = new EventHandlers(logger);
  }

  async publish(event: DomainEvent): Promise<void> {
    this.handlers.deliver(event);
  }

  subscribe<T extends DomainEventType>(type: T, handler: (event: EventOf<T>) => void | Promise<void>): () => void {
    return this.handlers.add(type, handler);
  }

  async close(): Promise<void> {
    // Nothing to end: no connection.
  }
}
