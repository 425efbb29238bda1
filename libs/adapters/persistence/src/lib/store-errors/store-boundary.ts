import { asStoreError } from './classify-store-error';

const isThenable = (value: unknown): value is Promise<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * `adapter` with every method's failure classified (asStoreError) as it leaves the persistence layer, so a use case
 * and the protocol see StoreUnavailableError instead of a driver's error. Methods run on the adapter itself, so
 * its calls to its own methods are not classified twice.
 */
export function storeBoundary<T extends object>(adapter: T): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(adapter, {
    get(target, key) {
      // Read on the adapter itself: its getters (and any #private field they touch) see it, not the proxy.
      const value = Reflect.get(target, key);
      if (typeof value !== 'function' || key === 'constructor') return value;
      if (!wrapped.has(key)) {
        wrapped.set(key, function (this: unknown, ...args: unknown[]) {
          let result: unknown;
          try {
            result = (value as (...a: unknown[]) => unknown).apply(target, args);
          } catch (error) {
            throw asStoreError(error);
          }
          return isThenable(result) ? result.then(undefined, (error: unknown) => Promise.reject(asStoreError(error))) : result;
        });
      }
      return wrapped.get(key);
    },
  });
}
