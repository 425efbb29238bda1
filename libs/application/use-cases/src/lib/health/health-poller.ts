import type { EventBus as EventBusPort, JobLeader as JobLeaderPort, Leadership, Logger as LoggerPort, RouterOsRow } from '@routeros-mcp/application-ports';
import { EventBus, JobLeader, Logger } from '@routeros-mcp/application-ports';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { isDomainError } from '@routeros-mcp/domain-kernel';
import { inject, injectable } from '@routeros-mcp/inversify';
import { DeviceReader } from '../device-reader.service';
import { DeviceRegistry } from '../device-registry.service';
import { DeviceHealthState, healthEtag, healthStateOf, unreachableState } from './device-health.state';
import { sharedAbortController } from '../shared-abort';

export interface HealthPollSchedule {
  intervalMs: number;
  /** Only devices of this environment: a server never contacts another environment's devices. */
  environment: Environment;
  /** Devices polled at once (default 8); the adapter's global and per-device limits apply on top. */
  concurrency?: number;
  /** Each device's poll starts up to this much into a round (default a tenth of the interval, at most 3 s). */
  jitterMs?: number;
}

/** What one round did, for observers (tests, metrics). */
export interface HealthRound {
  /** Devices this process leads (polls) after the round. */
  leading: string[];
  /** Devices polled in the round. */
  polled: string[];
}

/** The singular job that polls one device: exactly one replica holds it. */
export const healthJobKey = (deviceId: string): string => `health:${deviceId}`;

interface Led {
  leadership: Leadership;
  etag?: string;
}

const RESOURCE_FIELDS = ['cpu-load', 'free-memory', 'total-memory', 'version'];

/**
 * Polls the health of an environment's devices and publishes `device.health.changed` when a device's state (see
 * DeviceHealthState) differs from the one seen before. With several replicas on one database each device is
 * polled by exactly one of them: the one holding its job `health:<id>`. A round lists the devices, lets go of
 * those that are gone, tries to lead the others (so a replica takes over when the leader stops or dies), then
 * polls what it leads, a few at once and spread over the start of the round. The first poll after taking a device
 * over sets its baseline without an event (the previous leader's state is unknown here). A device that fails to
 * answer is a state (unreachable, with the error's code), never a failure of the poller.
 */
@injectable()
export class HealthPoller {
  private schedule?: HealthPollSchedule;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private running?: Promise<void>;
  private readonly abort = sharedAbortController();
  private readonly led = new Map<string, Led>();
  private readonly observers = new Set<(round: HealthRound) => void>();

  constructor(
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(DeviceReader) private readonly reader: DeviceReader,
    @inject(JobLeader) private readonly jobs: JobLeaderPort,
    @inject(EventBus) private readonly events: EventBusPort,
    @inject(Logger) private readonly logger: LoggerPort,
  ) {}

  /** Starts polling (a first round now). A second call does nothing. */
  start(schedule: HealthPollSchedule): void {
    if (this.schedule || this.stopped) return;
    this.schedule = schedule;
    this.logger.info('health poller started', { interval_ms: schedule.intervalMs, environment: schedule.environment });
    this.next(0);
  }

  /** Stops polling, abandons polls in flight, and lets go of every device so another replica takes them over. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort(new Error('the health poller stopped'));
    await this.running?.catch(() => undefined);
    const led = [...this.led.values()];
    this.led.clear();
    await Promise.all(led.map((entry) => entry.leadership.release().catch(() => undefined)));
  }

  /** Devices this process polls now. */
  get leading(): string[] {
    return [...this.led.keys()].sort();
  }

  /** Calls `observer` after every round; returns the function that stops it. */
  onRound(observer: (round: HealthRound) => void): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  private next(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.running = this.round().finally(() => {
        this.running = undefined;
        this.next(Math.max(0, this.schedule!.intervalMs - (Date.now() - started)));
      });
    }, delayMs);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    const schedule = this.schedule!;
    let ids: string[];
    try {
      ids = (await this.registry.list({ environment: schedule.environment })).filter((d) => d.status !== 'decommissioned').map((d) => d.id);
    } catch (error) {
      this.logger.warn('health round failed to list devices', { error: (error as Error).message });
      return;
    }
    await this.letGoOfMissing(new Set(ids));
    for (const id of ids) {
      if (this.stopped) return;
      if (!this.led.has(id)) await this.tryLead(id);
    }
    const polled = await this.pollAll([...this.led.keys()], schedule);
    const round: HealthRound = { leading: this.leading, polled };
    for (const observer of this.observers) observer(round);
  }

  private async letGoOfMissing(present: Set<string>): Promise<void> {
    for (const [id, entry] of [...this.led]) {
      if (present.has(id)) continue;
      this.led.delete(id);
      await entry.leadership.release().catch((error: Error) => this.logger.warn('health job release failed', { device_id: id, error: error.message }));
    }
  }

  private async tryLead(id: string): Promise<void> {
    let leadership: Leadership | undefined;
    try {
      leadership = await this.jobs.tryLead(healthJobKey(id));
    } catch (error) {
      this.logger.warn('health job could not be tried', { device_id: id, error: (error as Error).message });
      return;
    }
    if (!leadership) return;
    if (this.stopped) {
      await leadership.release();
      return;
    }
    const entry: Led = { leadership };
    this.led.set(id, entry);
    leadership.lost.addEventListener('abort', () => {
      if (this.led.get(id) !== entry) return;
      this.led.delete(id);
      this.logger.info('health polling of a device given up: its job was lost', { device_id: id });
    });
  }

  /** Polls `ids`, `concurrency` at a time, each no sooner than its random offset into the round. */
  private async pollAll(ids: string[], schedule: HealthPollSchedule): Promise<string[]> {
    const jitterMs = schedule.jitterMs ?? Math.min(3_000, schedule.intervalMs / 10);
    const start = Date.now();
    const queue = ids.map((id) => ({ id, at: start + Math.random() * jitterMs })).sort((a, b) => a.at - b.at);
    const polled: string[] = [];
    const worker = async () => {
      for (let item = queue.shift(); item && !this.stopped; item = queue.shift()) {
        const wait = item.at - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        const entry = this.led.get(item.id);
        if (!entry || this.stopped) continue;
        await this.poll(item.id, entry);
        polled.push(item.id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(schedule.concurrency ?? 8, queue.length) }, worker));
    return polled.sort();
  }

  private async poll(id: string, entry: Led): Promise<void> {
    const state = await this.read(id);
    // Lost or stopped while reading: the device is someone else's now.
    if (this.stopped || this.led.get(id) !== entry) return;
    const etag = healthEtag(state);
    const before = entry.etag;
    entry.etag = etag;
    if (before === undefined || before === etag) return;
    this.logger.info('device health changed', { device_id: id, reachable: state.reachable, ...(state.reachable ? {} : { error: state.error }) });
    await this.events.publish({ type: 'device.health.changed', deviceId: id, etag });
  }

  private async read(id: string): Promise<DeviceHealthState> {
    try {
      const { data } = await this.reader.forOneCall().many(id, {
        resource: { menu: 'system/resource', singleton: true, fields: RESOURCE_FIELDS, signal: this.abort.signal },
        sensors: { menu: 'system/health', optional: true, signal: this.abort.signal },
      });
      return healthStateOf(data.resource as RouterOsRow, (data.sensors as RouterOsRow[] | undefined) ?? []);
    } catch (error) {
      if (isDomainError(error)) return unreachableState(error.code);
      // Not a device's answer (a bug, a database hiccup): still a state, and logged for whoever looks.
      this.logger.warn('health poll failed', { device_id: id, error: (error as Error).message });
      return unreachableState('ERROR');
    }
  }
}
