import { Fleet, simControl, waitFor } from '@routeros-mcp/testing';

export { waitFor };

/** Resolves once simulated device `index` is answering a REST request (a call is at the device, held by its latency fault). */
export function deviceBusy(fleet: Fleet, index: number): Promise<true> {
  return waitFor(async () => ((await simControl(fleet, 'GET', `/devices/${index}/state`)).rest_stats.inFlight > 0 ? true : undefined), `a REST request in flight at device ${index}`);
}
