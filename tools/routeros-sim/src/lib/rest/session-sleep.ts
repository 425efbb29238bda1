import { errors } from './rest-error';

/**
 * Waits `ms` like a running RouterOS command between its answers, ending early with "Session closed" when the
 * caller goes away (`signal`); without a signal (a call that cannot be abandoned) it returns at once.
 */
export const sessionSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (!signal) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(errors.sessionClosed());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
