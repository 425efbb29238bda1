import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const storage = new AsyncLocalStorage<string>();

/** Runs `fn` with a correlation id that every log line written inside it carries. */
export function withCorrelationId<T>(id: string, fn: () => T): T {
  return storage.run(id, fn);
}

export function currentCorrelationId(): string | undefined {
  return storage.getStore();
}

export function newCorrelationId(): string {
  return randomUUID();
}
