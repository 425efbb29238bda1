import { startFleet } from '@routeros-mcp/routeros-sim';

/** Start-up time and memory of N simulated devices in this process, against the same process before start. */
export async function simScale(counts = [500, 1000]): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = [];
  for (const devices of counts) {
    global.gc?.();
    const before = process.memoryUsage();
    const started = performance.now();
    const fleet = await startFleet({ devices, profile: 'mixed' });
    const seconds = (performance.now() - started) / 1000;
    global.gc?.();
    const after = process.memoryUsage();
    results.push({
      name: `simulator start-up and idle memory, ${devices} devices`,
      startup_seconds: +seconds.toFixed(2),
      heap_kib_per_device: Math.round((after.heapUsed - before.heapUsed) / 1024 / devices),
      rss_kib_per_device: Math.round((after.rss - before.rss) / 1024 / devices),
    });
    await fleet.stop();
  }
  return results;
}
