export * from './lib/in-process-event-bus';
export * from './lib/pg-event-bus';
export * from './lib/events.module';
