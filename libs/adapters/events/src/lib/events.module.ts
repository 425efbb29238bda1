import { EventBus, Logger } from '@routeros-mcp/application-ports';
import { ContainerModule } from 'inversify';
import { InProcessEventBus } from './in-process-event-bus';

/** Binds the EventBus to the in-process bus (one per container). A PostgreSQL LISTEN/NOTIFY bus replaces it for replicas. */
export function eventsModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<EventBus>(EventBus).toDynamicValue((ctx) => new InProcessEventBus(ctx.get<Logger>(Logger))).inSingletonScope();
  });
}
