import { EventBus, Logger } from '@routeros-mcp/application-ports';
import { ContainerModule } from '@routeros-mcp/inversify';
import { InProcessEventBus } from './in-process-event-bus';
import { PgEventBus } from './pg-event-bus';

export interface EventsOptions {
  /** PostgreSQL: events shared by every replica on that database (LISTEN/NOTIFY). Without it: in-process. */
  postgresUrl?: string;
  channel?: string;
}

/** The EventBus binding and the way to end its connection (lifecycle close). */
export interface EventsModule {
  module: ContainerModule;
  /** Ends the bus's connection, if one was made. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Binds the EventBus (one per container): LISTEN/NOTIFY when a PostgreSQL URL is given, in-process otherwise
 * (SQLite deployments run one server process).
 */
export function eventsModule(options: EventsOptions = {}): EventsModule {
  let bus: InProcessEventBus | PgEventBus | undefined;
  return {
    module: new ContainerModule(({ bind }) => {
      bind<EventBus>(EventBus)
        .toDynamicValue((ctx) => {
          const logger = ctx.get<Logger>(Logger);
          bus = options.postgresUrl ? new PgEventBus({ url: options.postgresUrl, channel: options.channel }, logger) : new InProcessEventBus(logger);
          return bus;
        })
        .inSingletonScope();
    }),
    close: async () => {
      await bus?.close();
    },
  };
}
