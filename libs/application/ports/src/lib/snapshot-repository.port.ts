import type { ConfigSnapshot, SnapshotSummary } from '@routeros-mcp/domain-devices';

/** What recording a capture did: a new snapshot, or the device's latest one seen again. */
export interface RecordedSnapshot {
  /** The stored snapshot: the new one, or the latest one whose `lastSeenAt` moved. */
  snapshot: ConfigSnapshot;
  created: boolean;
  /** The device's latest snapshot before this one (absent for its first). */
  previous?: SnapshotSummary;
}

export interface SnapshotRetention {
  /** Keep at most this many per device (newest first). */
  keep: number;
  /** Remove snapshots not seen since this instant. */
  olderThan: Date;
}

export const SnapshotRepository = Symbol.for('SnapshotRepository');
/**
 * Configuration snapshots per device. Never holds a secret: callers store redacted lines only. The device's
 * latest snapshot is never removed by retention, so deduplication always has something to compare with.
 */
export interface SnapshotRepository {
  /**
   * Stores `candidate` unless the device's latest snapshot has the same content hash, in which case only that one's
   * `lastSeenAt` moves to `candidate.lastSeenAt`. Atomic per device, also across processes.
   */
  record(candidate: ConfigSnapshot): Promise<RecordedSnapshot>;
  get(id: string): Promise<ConfigSnapshot | undefined>;
  latest(deviceId: string): Promise<SnapshotSummary | undefined>;
  /** Newest first. */
  list(deviceId: string, options: { limit: number }): Promise<SnapshotSummary[]>;
  /** Removes what falls outside the retention; returns how many went. */
  prune(deviceId: string, retention: SnapshotRetention): Promise<number>;
}
