import { setMaxListeners } from 'node:events';

/**
 * An AbortController for a long-lived job whose signal every concurrent device call listens to, each removing its
 * listener when done: more than ten at once is normal here, not a leak, so Node's leak warning is turned off for it.
 */
export function sharedAbortController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
