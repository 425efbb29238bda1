import type { Clock as ClockPort, EventBus as EventBusPort, Logger as LoggerPort, SnapshotRepository as SnapshotRepositoryPort } from '@routeros-mcp/application-ports';
import { Clock, EventBus, Logger, SnapshotRepository } from '@routeros-mcp/application-ports';
import type { ConfigSnapshot, SnapshotReason, SnapshotSummary } from '@routeros-mcp/domain-devices';
import { linesOfSection, redactExportLines, sectionMatches, sectionsOf, SnapshotNotFoundError, summaryOf } from '@routeros-mcp/domain-devices';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { inject, injectable } from '@routeros-mcp/inversify';
import { createHash, randomBytes } from 'node:crypto';
import { assertDeviceInEnvironment } from '../access/access-policy';
import { DeviceReader } from '../device-reader.service';

export const SnapshotPolicy = Symbol.for('SnapshotPolicy');
/** How long history is kept, per device. */
export interface SnapshotPolicy {
  retentionCount: number;
  retentionDays: number;
}

export interface CaptureResult {
  snapshot: SnapshotSummary;
  /** A new snapshot was stored (otherwise the latest one was seen again, or was recent enough). */
  created: boolean;
  /** The device was exported now (false when `captureIfOlderThan` found a recent enough snapshot). */
  exported: boolean;
  previousId?: string;
}

export interface SnapshotDiff {
  deviceId: string;
  from: { id: string; capturedAt: Date };
  to: { id: string; capturedAt: Date };
  section?: string;
  added: number;
  removed: number;
  /** Unified diff of the normalised lines, each under its menu (`/ip dns set …`); empty when they are equal. */
  unified: string;
}

const DAY_MS = 86_400_000;
const LIVE = 'live';

/** The header facts worth keeping: the export's own date is when it ran, which `capturedAt` already says. */
function stableHeader(header: Record<string, string>): Record<string, string> {
  const { exported_at: _at, ...rest } = header;
  return rest;
}

/**
 * Config history: captures a device's export over SSH, stores it redacted and deduplicated, compares versions.
 * Secrets are hidden by the device and the SSH adapter already; the lines are redacted once more here, by the
 * kernel's predicates, so nothing a device or adapter let through reaches the database.
 */
@injectable()
export class SnapshotService {
  constructor(
    @inject(DeviceReader) private readonly reader: DeviceReader,
    @inject(SnapshotRepository) private readonly snapshots: SnapshotRepositoryPort,
    @inject(EventBus) private readonly events: EventBusPort,
    @inject(Clock) private readonly clock: ClockPort,
    @inject(Logger) private readonly logger: LoggerPort,
    @inject(SnapshotPolicy) private readonly policy: SnapshotPolicy,
  ) {}

  /**
   * `signal` abandons the export (a shutdown); nothing is stored then. `quiet` publishes no event: the caller
   * announces the change itself (the change pipeline, with the change's id).
   */
  async capture(deviceId: string, reason: SnapshotReason, options: { signal?: AbortSignal; quiet?: boolean } = {}): Promise<CaptureResult> {
    const { data } = await this.reader.export(deviceId, { signal: options.signal });
    const lines = redactExportLines(data.normalized);
    const now = this.clock.now();
    const candidate: ConfigSnapshot = {
      id: `snap-${randomBytes(6).toString('hex')}`,
      deviceId,
      capturedAt: now,
      lastSeenAt: now,
      reason,
      contentHash: createHash('sha256').update(lines.join('\n')).digest('hex'),
      lines,
      header: stableHeader(data.header),
    };
    const recorded = await this.snapshots.record(candidate);
    if (recorded.created) {
      const pruned = await this.snapshots.prune(deviceId, { keep: this.policy.retentionCount, olderThan: new Date(now.getTime() - this.policy.retentionDays * DAY_MS) });
      if (pruned > 0) this.logger.debug('config snapshots pruned', { device_id: deviceId, pruned });
      // A first snapshot is where history starts, not a change.
      if (recorded.previous && !options.quiet) await this.events.publish({ type: 'device.config.changed', deviceId, source: 'snapshot', snapshotId: candidate.id });
    }
    this.logger.info('config snapshot captured', { device_id: deviceId, reason, snapshot_id: recorded.snapshot.id, created: recorded.created });
    return { snapshot: summaryOf(recorded.snapshot), created: recorded.created, exported: true, previousId: recorded.previous?.id };
  }

  /**
   * The latest snapshot when it was seen within `maxAgeMs` and after `changedAt` (when the device was last changed,
   * as far as the caller knows), else a fresh capture (the change pipeline, before a write). A snapshot seen before
   * the last change no longer shows the device: a diff from it would credit that change to the next one.
   */
  async captureIfOlderThan(deviceId: string, maxAgeMs: number, reason: SnapshotReason, options: { signal?: AbortSignal; changedAt?: Date } = {}): Promise<CaptureResult> {
    const latest = await this.snapshots.latest(deviceId);
    const seen = latest?.lastSeenAt.getTime() ?? 0;
    const fresh = this.clock.now().getTime() - seen < maxAgeMs && (options.changedAt === undefined || seen > options.changedAt.getTime());
    if (latest && fresh) return { snapshot: latest, created: false, exported: false };
    return this.capture(deviceId, reason, options);
  }

  /** Newest first; the device must be enrolled. */
  async list(deviceId: string, options: { limit: number }): Promise<SnapshotSummary[]> {
    await this.reader.device(deviceId);
    return this.snapshots.list(deviceId, options);
  }

  async get(id: string): Promise<ConfigSnapshot> {
    const snapshot = await this.snapshots.get(id);
    if (!snapshot) throw new SnapshotNotFoundError(id);
    return snapshot;
  }

  /** A snapshot, refused like its device when that device is of another environment than the one a server serves. */
  async getServed(id: string, environment: Environment): Promise<ConfigSnapshot> {
    const snapshot = await this.get(id);
    await assertDeviceInEnvironment(this.reader, snapshot.deviceId, environment);
    return snapshot;
  }

  /** `from` against `to` (a snapshot id, or `live` for the device's export now, abandoned when `signal` aborts), optionally one section only. */
  async diff(fromId: string, to: string, options: { section?: string; signal?: AbortSignal } = {}): Promise<SnapshotDiff> {
    const from = await this.get(fromId);
    const target = to === LIVE ? await this.live(from.deviceId, options.signal) : await this.get(to);
    const section = options.section?.trim().replace(/\s+/g, ' ');
    if (section !== undefined) {
      const known = [...new Set([...sectionsOf(from.lines), ...sectionsOf(target.lines)])];
      if (!known.some((s) => sectionMatches(section, s))) throw ValidationError.single('section', `'${section}' is in neither configuration; they have: ${known.join(', ')}`);
    }
    const text = (lines: string[]) => {
      const kept = linesOfSection(lines, section);
      return kept.length ? `${kept.join('\n')}\n` : '';
    };
    const unified = createTwoFilesPatch(from.id, target.id, text(from.lines), text(target.lines), from.capturedAt.toISOString(), target.capturedAt.toISOString(), { context: 3, headerOptions: FILE_HEADERS_ONLY });
    const body = unified.split('\n').filter((line) => !line.startsWith('---') && !line.startsWith('+++'));
    const added = body.filter((line) => line.startsWith('+')).length;
    const removed = body.filter((line) => line.startsWith('-')).length;
    return {
      deviceId: from.deviceId,
      from: { id: from.id, capturedAt: from.capturedAt },
      to: { id: target.id, capturedAt: target.capturedAt },
      ...(section !== undefined ? { section } : {}),
      added,
      removed,
      unified: added + removed === 0 ? '' : unified,
    };
  }

  /** The device's export now, redacted as stored snapshots are, not stored. */
  private async live(deviceId: string, signal?: AbortSignal): Promise<Pick<ConfigSnapshot, 'id' | 'capturedAt' | 'lines'>> {
    const { data } = await this.reader.export(deviceId, { signal });
    return { id: LIVE, capturedAt: this.clock.now(), lines: redactExportLines(data.normalized) };
  }
}
