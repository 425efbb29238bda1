import type { Logger } from '@routeros-mcp/application-ports';
import type { DeviceRegistry } from '../device-registry.service';
import { SnapshotScheduler } from './snapshot-scheduler';
import type { SnapshotService } from './snapshot.service';

const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };

interface Started {
  deviceId: string;
  signal?: AbortSignal;
  finish(): void;
}

/** A snapshot service whose captures end when the spec says so (or, when `honourAbort`, when aborted). */
function fakeSnapshots(honourAbort: boolean) {
  const started: Started[] = [];
  const service = {
    capture: (deviceId: string, _reason: string, options: { signal?: AbortSignal } = {}) =>
      new Promise((resolve, reject) => {
        started.push({ deviceId, signal: options.signal, finish: () => resolve({}) });
        if (honourAbort) options.signal?.addEventListener('abort', () => reject(options.signal?.reason));
      }),
  };
  return { started, service: service as unknown as SnapshotService };
}

const registry = (ids: string[], statuses: Record<string, string> = {}) =>
  ({ list: async () => ids.map((id) => ({ id, status: statuses[id] ?? 'healthy' })) }) as unknown as DeviceRegistry;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 2000) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const schedule = { intervalMs: 3_600_000, jitterMs: 0, concurrency: 2, environment: 'lab' as const };

describe('SnapshotScheduler', () => {
  it('runs at most `concurrency` captures, starts the next as one ends, skips decommissioned devices', async () => {
    const { started, service } = fakeSnapshots(true);
    const scheduler = new SnapshotScheduler(registry(['a', 'b', 'c', 'd', 'x'], { x: 'decommissioned' }), service, logger);
    scheduler.start(schedule);
    await until(() => started.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started.map((s) => s.deviceId)).toEqual(['a', 'b']);
    started[0].finish();
    await until(() => started.length === 3);
    started[1].finish();
    started[2].finish();
    await until(() => started.length === 4);
    expect(started.map((s) => s.deviceId)).toEqual(['a', 'b', 'c', 'd']);
    expect(scheduler.busy).toBe(true);
    await scheduler.stop(60_000);
    // Stopping aborted the capture still running instead of waiting out the grace period.
    expect(started[3].signal?.aborted).toBe(true);
    expect(scheduler.busy).toBe(false);
  });

  it('returns from stop after the grace period even when a capture ignores the abort', async () => {
    const { started, service } = fakeSnapshots(false);
    const scheduler = new SnapshotScheduler(registry(['a']), service, logger);
    scheduler.start(schedule);
    await until(() => started.length === 1);
    await scheduler.stop(10);
    expect(scheduler.busy).toBe(true);
    started[0].finish();
    await until(() => !scheduler.busy);
  });
});
