import type { ConfigSnapshot, SnapshotReason, SnapshotSummary } from '@routeros-mcp/domain-devices';
import type { ConfigSnapshotRecord } from '../records/config-snapshot.record';

/** SQLite hands back its datetime text; PostgreSQL a Date. */
const date = (value: Date | string) => (value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`));

export function toSnapshotRecord(snapshot: ConfigSnapshot): ConfigSnapshotRecord {
  const content = snapshot.lines.join('\n');
  return {
    id: snapshot.id,
    device_id: snapshot.deviceId,
    captured_at: snapshot.capturedAt,
    last_seen_at: snapshot.lastSeenAt,
    reason: snapshot.reason,
    content_hash: snapshot.contentHash,
    line_count: snapshot.lines.length,
    size_bytes: Buffer.byteLength(content, 'utf8'),
    header: JSON.stringify(snapshot.header),
    content,
  };
}

export function toSnapshotSummary(record: Omit<ConfigSnapshotRecord, 'header' | 'content'>): SnapshotSummary {
  return {
    id: record.id,
    deviceId: record.device_id,
    capturedAt: date(record.captured_at),
    lastSeenAt: date(record.last_seen_at),
    reason: record.reason as SnapshotReason,
    contentHash: record.content_hash,
    lineCount: Number(record.line_count),
  };
}

export function toSnapshot(record: ConfigSnapshotRecord): ConfigSnapshot {
  const { lineCount: _count, ...summary } = toSnapshotSummary(record);
  return { ...summary, lines: record.content === '' ? [] : record.content.split('\n'), header: JSON.parse(record.header) as Record<string, string> };
}
