import { EntitySchema } from '@routeros-mcp/typeorm';

/** One write of one audit row: rows are settled in place, so the chain links writes, not rows. */
export interface AuditLinkRow {
  stream_id: string;
  seq: number;
  record_id: string;
  rank: number;
  row_hash: string;
  prev_hash: string;
  link_hash: string;
  /** Epoch milliseconds (a string from PostgreSQL's bigint). */
  at: number | string;
}

/** One writer of links: a process, from its start (or `legacy`, the rows a migration found). */
export interface AuditStreamRow {
  id: string;
  label: string;
  started_at: number | string;
  head_seq: number;
  head_hash: string;
}

export interface AuditCheckpointRow {
  stream_id: string;
  seq: number;
  head_hash: string;
  mac: string;
  at: number | string;
}

export const auditLinkSchema = new EntitySchema<AuditLinkRow>({
  name: 'AuditLinkRow',
  tableName: 'audit_links',
  columns: {
    stream_id: { type: 'varchar', primary: true },
    seq: { type: 'integer', primary: true },
    record_id: { type: 'varchar' },
    rank: { type: 'integer' },
    row_hash: { type: 'varchar' },
    prev_hash: { type: 'varchar' },
    link_hash: { type: 'varchar' },
    at: { type: 'bigint' },
  },
});

export const auditStreamSchema = new EntitySchema<AuditStreamRow>({
  name: 'AuditStreamRow',
  tableName: 'audit_streams',
  columns: {
    id: { type: 'varchar', primary: true },
    label: { type: 'varchar' },
    started_at: { type: 'bigint' },
    head_seq: { type: 'integer' },
    head_hash: { type: 'varchar' },
  },
});

export const auditCheckpointSchema = new EntitySchema<AuditCheckpointRow>({
  name: 'AuditCheckpointRow',
  tableName: 'audit_checkpoints',
  columns: {
    stream_id: { type: 'varchar', primary: true },
    seq: { type: 'integer', primary: true },
    head_hash: { type: 'varchar' },
    mac: { type: 'varchar' },
    at: { type: 'bigint' },
  },
});
