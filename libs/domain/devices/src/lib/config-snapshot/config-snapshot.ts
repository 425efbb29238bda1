/** Why a snapshot was taken (`before_change`/`after_change`: around a write of the change pipeline). */
export const SNAPSHOT_REASONS = ['scheduled', 'before_change', 'after_change', 'manual'] as const;
export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

/** Snapshot ids: short (they travel in URIs and tool arguments), random, one form. */
export const SNAPSHOT_ID_PATTERN = /^snap-[0-9a-f]{12}$/;

/** One device's configuration as its export showed it, secrets redacted. */
export interface ConfigSnapshot {
  id: string;
  deviceId: string;
  /** When this content was first exported. */
  capturedAt: Date;
  /** When an export last showed this same content (later captures of an unchanged device move only this). */
  lastSeenAt: Date;
  reason: SnapshotReason;
  /** sha256 (hex) of `lines` joined with `\n`: equal hashes, equal configurations. */
  contentHash: string;
  /** Normalised export lines (one command a line, volatile header dropped), secrets redacted. */
  lines: string[];
  /** The export's header facts (RouterOS version, model, serial number, software id). */
  header: Record<string, string>;
}

/** A snapshot without its content, for listings. */
export type SnapshotSummary = Omit<ConfigSnapshot, 'lines' | 'header'> & { lineCount: number };

export function summaryOf(snapshot: ConfigSnapshot): SnapshotSummary {
  const { lines, header: _header, ...rest } = snapshot;
  return { ...rest, lineCount: lines.length };
}
