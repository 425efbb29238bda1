import type { ServerServices } from '@routeros-mcp/composition';

/**
 * Waits (untimed) until the device's after-change config snapshot has been taken: a change records the export before
 * it unless one was seen since the device last changed, so back-to-back changes each pay an SSH export while one
 * spaced as an operator's are pay none. Both are measured; this gives the second.
 */
export async function snapshotSettled(services: ServerServices, deviceId: string, since: number, boundMs = 20_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    const [newest] = await services.snapshots.list(deviceId, { limit: 1 });
    if (newest && newest.lastSeenAt.getTime() >= since) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no config snapshot of ${deviceId} after the change within ${boundMs} ms`);
}
