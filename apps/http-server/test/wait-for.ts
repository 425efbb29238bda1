import { Fleet, simControl } from '@routeros-mcp/testing';

/** Polls `read` until it returns something other than undefined: waits for a state, never for a time. */
export async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 60_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((next) => setTimeout(next, intervalMs));
  }
}

/** Resolves once simulated device `index` is answering a REST request (a call is at the device, held by its latency fault). */
export function deviceBusy(fleet: Fleet, index: number): Promise<true> {
  return waitFor(async () => ((await simControl(fleet, 'GET', `/devices/${index}/state`)).rest_stats.inFlight > 0 ? true : undefined), `a REST request in flight at device ${index}`);
}
