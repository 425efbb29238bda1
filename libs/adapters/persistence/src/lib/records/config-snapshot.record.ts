import { EntitySchema } from '@routeros-mcp/typeorm';
import { columnTypes, Dialect } from '../dialect';

export interface ConfigSnapshotRecord {
  id: string;
  device_id: string;
  captured_at: Date;
  last_seen_at: Date;
  reason: string;
  content_hash: string;
  line_count: number;
  size_bytes: number;
  /** JSON object of header facts. */
  header: string;
  /** Normalised, redacted export lines joined with `\n`. */
  content: string;
}

export function configSnapshotSchema(dialect: Dialect) {
  const time = { type: columnTypes(dialect).timestamp };
  return new EntitySchema<ConfigSnapshotRecord>({
    name: 'ConfigSnapshotRecord',
    tableName: 'config_snapshots',
    columns: {
      id: { type: 'varchar', primary: true },
      device_id: { type: 'varchar' },
      captured_at: time,
      last_seen_at: time,
      reason: { type: 'varchar' },
      content_hash: { type: 'varchar' },
      line_count: { type: 'integer' },
      size_bytes: { type: 'integer' },
      header: { type: 'text' },
      content: { type: 'text' },
    },
  });
}
