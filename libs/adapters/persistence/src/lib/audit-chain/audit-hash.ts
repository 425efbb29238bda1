import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AuditLinkRow } from '../records/audit-chain.record';
import type { AuditEventRecord } from '../records/audit-event.record';

/** The previous hash of a stream's first link. */
export const GENESIS = '0'.repeat(64);

/** An audit row as stored or read back: dates may come back as SQLite's text, numbers as PostgreSQL's strings. */
export type HashableAuditRow = Omit<AuditEventRecord, 'occurred_at' | 'duration_ms' | 'lease_until'> & { occurred_at: Date | string; duration_ms: number | string | null };

/** SQLite keeps TypeORM's datetimes as UTC text without a zone ("2026-05-01 12:00:00.123"). */
export function instantOf(value: Date | string): Date {
  if (value instanceof Date) return value;
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

/**
 * sha256 over the row's columns in a fixed order. The lease is left out: it is renewed every few seconds while a
 * call runs, says nothing about who did what, and chaining each renewal would multiply the chain's writes.
 */
export function rowHash(row: HashableAuditRow): string {
  const duration = row.duration_ms === null || row.duration_ms === undefined ? null : Number(row.duration_ms);
  const fields = [
    'audit-row/v1', row.id, instantOf(row.occurred_at).toISOString(), orNull(row.correlation_id), row.principal, row.via, orNull(row.session_id), orNull(row.client_name),
    orNull(row.client_version), row.action, orNull(row.device_id), orNull(row.plan_id), orNull(row.arguments), row.outcome, orNull(row.error_code), duration, orNull(row.note),
  ];
  return createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('hex');
}

/** A record's lifecycle only moves forward: its newest link is the one of the highest rank. */
export function rankOf(outcome: string): number {
  return outcome === 'started' ? 0 : outcome === 'interrupted' ? 1 : 2;
}

/** What a link's hash covers: everything of it but the hash itself and when it was written. */
export type LinkFields = Omit<AuditLinkRow, 'link_hash' | 'at'>;

export function linkHash(l: LinkFields): string {
  return createHash('sha256').update([l.prev_hash, l.stream_id, String(l.seq), l.record_id, String(l.rank), l.row_hash].join('|'), 'utf8').digest('hex');
}

/** A sub-key of the approval key for checkpoints only: a checkpoint MAC can never pass for an approval signature. */
export function checkpointKeyOf(approvalKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', approvalKey, Buffer.alloc(0), 'routeros-mcp audit checkpoint v1', 32));
}

export function checkpointMac(key: Buffer, streamId: string, seq: number, headHash: string): string {
  return createHmac('sha256', key).update(`audit-checkpoint/v1|${streamId}|${seq}|${headHash}`, 'utf8').digest('hex');
}

export function checkpointValid(key: Buffer, streamId: string, seq: number, headHash: string, mac: string): boolean {
  const expected = Buffer.from(checkpointMac(key, streamId, seq, headHash), 'hex');
  const given = Buffer.from(mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
