import type { ChangeRepository as ChangeRepositoryPort, EventBus as EventBusPort, Logger as LoggerPort } from '@routeros-mcp/application-ports';
import { ChangeRepository, EventBus, Logger } from '@routeros-mcp/application-ports';
import type { BeforeSnapshot, ChangeRecord } from '@routeros-mcp/domain-changes';
import { inject, injectable, optional } from '@routeros-mcp/inversify';
import type { ChangeObserver } from '../changes/change-observer';
import { SnapshotService } from './snapshot.service';
import { sharedAbortController } from '../shared-abort';

export const SnapshotOnChangeSettings = Symbol.for('SnapshotOnChangeSettings');
/** Config history around the change pipeline's writes; composition binds them from the configuration. */
export interface SnapshotOnChangeSettings {
  /** Before a change, the device's export is captured unless a snapshot was seen within this long. */
  maxAgeMs: number;
  /** A capture before a change is given up after this long (the change goes on without it). */
  captureTimeoutMs: number;
}

export const DEFAULT_SNAPSHOT_ON_CHANGE: SnapshotOnChangeSettings = { maxAgeMs: 3_600_000, captureTimeoutMs: 15_000 };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The device's newest changes looked at for when it was last changed (changes on a device run one at a time). */
const RECENT_CHANGES = 20;

/**
 * Binds config history to the change pipeline. Before the first write: the device's full export, unless a recent
 * enough snapshot exists that was seen after the device's last change, within a bound; a failed or slow capture is
 * logged and noted as skipped, never failing the change. Once a change settled: a fresh snapshot and
 * `device.config.changed` (source `change`), in the background so the change's answer does not wait for an SSH
 * export, one export per device at a time; `stop` lets them finish (within a bound) at shutdown.
 */
@injectable()
export class SnapshotChangeObserver implements ChangeObserver {
  private readonly settings: SnapshotOnChangeSettings;
  private readonly running = new Set<Promise<void>>();
  /** Per device with a capture running: the changes that settled since it started (the first included). */
  private readonly waiting = new Map<string, ChangeRecord[]>();
  /** Per device, the captures after changes running now (one drain per device). */
  private readonly drains = new Map<string, Promise<void>>();
  private readonly abort = sharedAbortController();

  constructor(
    @inject(SnapshotService) private readonly snapshots: SnapshotService,
    @inject(EventBus) private readonly events: EventBusPort,
    @inject(Logger) private readonly logger: LoggerPort,
    @inject(SnapshotOnChangeSettings) @optional() settings?: SnapshotOnChangeSettings,
    @inject(ChangeRepository) @optional() private readonly changes?: ChangeRepositoryPort,
  ) {
    this.settings = { ...DEFAULT_SNAPSHOT_ON_CHANGE, ...(settings ?? {}) };
  }

  async beforeWrite(record: ChangeRecord): Promise<{ beforeSnapshot: BeforeSnapshot }> {
    // A timer and a controller held here, not AbortSignal.any over AbortSignal.timeout: Node 20 may collect such a
    // composite signal before its timeout fires, and the change then waited for a hung export forever.
    const bound = new AbortController();
    const timer = setTimeout(() => bound.abort(new Error(`no export within ${this.settings.captureTimeoutMs} ms`)), this.settings.captureTimeoutMs);
    const onShutdown = () => bound.abort(this.abort.signal.reason);
    if (this.abort.signal.aborted) onShutdown();
    else this.abort.signal.addEventListener('abort', onShutdown, { once: true });
    try {
      // The export is abandoned at the bound even if the adapter does not notice the signal.
      const captured = await Promise.race([
        this.afterCapturesOf(record.deviceId)
          .then(() => this.lastChangedAt(record))
          .then((changedAt) => this.snapshots.captureIfOlderThan(record.deviceId, this.settings.maxAgeMs, 'before_change', { signal: bound.signal, changedAt })),
        new Promise<never>((_, reject) => {
          if (bound.signal.aborted) reject(bound.signal.reason);
          else bound.signal.addEventListener('abort', () => reject(bound.signal.reason), { once: true });
        }),
      ]);
      return { beforeSnapshot: { status: captured.exported ? 'captured' : 'recent', snapshotId: captured.snapshot.id } };
    } catch (error) {
      const reason = `the export before the change failed: ${messageOf(error)}`;
      this.logger.warn('config snapshot before a change skipped', { change_id: record.id, device_id: record.deviceId, reason });
      return { beforeSnapshot: { status: 'skipped', reason } };
    } finally {
      clearTimeout(timer);
      this.abort.signal.removeEventListener('abort', onShutdown);
    }
  }

  /**
   * A change made right after another on the same device (back to back) finds the previous change's capture still
   * running: that export began after the previous change settled and ends before this one writes (this change holds
   * the device's lock), so it is this change's before-state too. Waiting for it (within half the capture bound, then
   * exporting anyway) saves a second full export, which was most of a back-to-back change's cost.
   */
  private async afterCapturesOf(deviceId: string): Promise<void> {
    const drain = this.drains.get(deviceId);
    if (!drain) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([drain, new Promise((resolve) => (timer = setTimeout(resolve, this.settings.captureTimeoutMs / 2)))]).finally(() => clearTimeout(timer));
  }

  /**
   * When another change last touched the device (its record's last update), so that a snapshot seen before it is not
   * taken for the state before this one: its after-change capture may have been lost (the process stopped, the
   * export failed). Unknown without a change history: the age alone decides then.
   */
  private async lastChangedAt(record: ChangeRecord): Promise<Date | undefined> {
    if (!this.changes) return undefined;
    const others = (await this.changes.list({ deviceId: record.deviceId, limit: RECENT_CHANGES })).filter((c) => c.id !== record.id);
    return others.length ? new Date(Math.max(...others.map((c) => c.updatedAt.getTime()))) : undefined;
  }

  async afterChange(record: ChangeRecord): Promise<void> {
    if (this.abort.signal.aborted) return;
    const waiting = this.waiting.get(record.deviceId);
    // One export per device at a time: changes that settle while one runs share the next.
    if (waiting) return void waiting.push(record);
    this.waiting.set(record.deviceId, [record]);
    const work = this.drain(record.deviceId).finally(() => {
      this.running.delete(work);
      if (this.drains.get(record.deviceId) === work) this.drains.delete(record.deviceId);
    });
    this.running.add(work);
    this.drains.set(record.deviceId, work);
  }

  /**
   * Shutdown: the captures after changes that already settled are part of those changes' history, so they are let
   * finish (a client that disconnects right after a change must not lose its snapshot) within the bound a capture
   * before a change gets; what still runs then is abandoned, waited for no longer than `graceMs`.
   */
  async stop(graceMs: number): Promise<void> {
    await this.settled(this.settings.captureTimeoutMs);
    this.abort.abort(new Error('the server is shutting down'));
    await this.settled(graceMs);
  }

  /** Resolves once no capture runs (those queued meanwhile included), or after `withinMs`. */
  private async settled(withinMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((resolve) => (timer = setTimeout(resolve, withinMs)));
    try {
      while (this.running.size > 0) {
        if ((await Promise.race([Promise.allSettled([...this.running]).then(() => false), bound.then(() => true)])) === true) return;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  private async drain(deviceId: string): Promise<void> {
    try {
      for (let batch = this.take(deviceId); batch.length > 0 && !this.abort.signal.aborted; batch = this.take(deviceId)) await this.announce(deviceId, batch);
    } finally {
      this.waiting.delete(deviceId);
    }
  }

  private take(deviceId: string): ChangeRecord[] {
    return this.waiting.get(deviceId)?.splice(0) ?? [];
  }

  /** Subscribers hear of each change even when the export fails: the device's configuration changed either way. */
  private async announce(deviceId: string, changes: ChangeRecord[]): Promise<void> {
    let snapshotId: string | undefined;
    try {
      snapshotId = (await this.snapshots.capture(deviceId, 'after_change', { signal: this.abort.signal, quiet: true })).snapshot.id;
    } catch (error) {
      this.logger.warn('config snapshot after a change failed', { change_ids: changes.map((c) => c.id), device_id: deviceId, reason: messageOf(error) });
    }
    for (const change of changes) {
      await this.events
        .publish({ type: 'device.config.changed', deviceId, source: 'change', changeId: change.id, ...(snapshotId ? { snapshotId } : {}) })
        .catch((error: unknown) => this.logger.warn('device.config.changed not published', { change_id: change.id, reason: messageOf(error) }));
    }
  }
}
