import type { Logger as LoggerPort } from '@routeros-mcp/application-ports';
import { Logger } from '@routeros-mcp/application-ports';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { inject, injectable } from '@routeros-mcp/inversify';
import { DeviceRegistry } from '../device-registry.service';
import { SnapshotService } from './snapshot.service';
import { sharedAbortController } from '../shared-abort';

export interface SnapshotSchedule {
  intervalMs: number;
  /** Each device's capture starts up to this much after a round begins, so devices are not exported in step. */
  jitterMs: number;
  /** Captures running at once (each holds one SSH session). */
  concurrency: number;
  /** Only devices of this environment: a server never contacts another environment's devices. */
  environment: Environment;
}

/**
 * Captures every device's export of one environment on an interval. A device still being captured when the next
 * round starts is skipped for that round. `stop` ends the schedule and abandons running captures (their SSH
 * sessions close), waiting for them no longer than it is told to: a server's shutdown never hangs on a device.
 */
@injectable()
export class SnapshotScheduler {
  private timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly queue: string[] = [];
  private schedule?: SnapshotSchedule;
  private stopped = false;
  /** Aborts the exports still running when the schedule stops. */
  private readonly abort = sharedAbortController();

  constructor(
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(SnapshotService) private readonly snapshots: SnapshotService,
    @inject(Logger) private readonly logger: LoggerPort,
  ) {}

  start(schedule: SnapshotSchedule): void {
    if (this.schedule) return;
    this.schedule = schedule;
    this.logger.info('config snapshot schedule started', { interval_ms: schedule.intervalMs, jitter_ms: schedule.jitterMs, concurrency: schedule.concurrency, environment: schedule.environment });
    this.later(() => void this.round(), 0);
  }

  /** True while captures are running (for tests and shutdown logs). */
  get busy(): boolean {
    return this.running.size > 0;
  }

  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    this.queue.length = 0;
    if (this.running.size === 0) return;
    this.abort.abort(new Error('the server is shutting down'));
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      Promise.allSettled([...this.running.values()]).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!settled) this.logger.warn('config snapshot captures still running at shutdown were abandoned', { running: this.running.size, grace_ms: graceMs });
  }

  private later(work: () => void, ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async round(): Promise<void> {
    const schedule = this.schedule!;
    this.later(() => void this.round(), schedule.intervalMs);
    try {
      const devices = await this.registry.list({ environment: schedule.environment });
      for (const device of devices) {
        if (device.status === 'decommissioned' || this.running.has(device.id) || this.queue.includes(device.id)) continue;
        this.later(() => {
          this.queue.push(device.id);
          this.drain();
        }, Math.random() * schedule.jitterMs);
      }
    } catch (error) {
      this.logger.warn('config snapshot round failed to list devices', { error: (error as Error).message });
    }
  }

  /** Starts queued captures while fewer than `concurrency` run. */
  private drain(): void {
    while (!this.stopped && this.queue.length > 0 && this.running.size < this.schedule!.concurrency) {
      const deviceId = this.queue.shift()!;
      if (this.running.has(deviceId)) continue;
      const capture = this.snapshots
        .capture(deviceId, 'scheduled', { signal: this.abort.signal })
        .then(() => undefined)
        .catch((error: unknown) => {
          if (!this.stopped) this.logger.warn('scheduled config snapshot failed', { device_id: deviceId, code: (error as { code?: string }).code, error: (error as Error).message });
        })
        .finally(() => {
          this.running.delete(deviceId);
          this.drain();
        });
      this.running.set(deviceId, capture);
    }
  }
}
