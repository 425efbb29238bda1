import { EntitySchema } from '@routeros-mcp/typeorm';
import { columnTypes, Dialect } from '../dialect';

export interface AuditEventRecord {
  id: string;
  occurred_at: Date;
  correlation_id: string | null;
  principal: string;
  via: string;
  session_id: string | null;
  client_name: string | null;
  client_version: string | null;
  action: string;
  device_id: string | null;
  plan_id: string | null;
  arguments: string | null;
  outcome: string;
  error_code: string | null;
  duration_ms: number | null;
  /** Epoch milliseconds (a string from PostgreSQL's bigint). */
  lease_until: number | string | null;
  note: string | null;
}

export function auditEventSchema(dialect: Dialect) {
  const nullable = { type: 'varchar', nullable: true } as const;
  return new EntitySchema<AuditEventRecord>({
    name: 'AuditEventRecord',
    tableName: 'audit_events',
    columns: {
      id: { type: 'varchar', primary: true },
      occurred_at: { type: columnTypes(dialect).timestamp },
      correlation_id: nullable,
      principal: { type: 'varchar' },
      via: { type: 'varchar' },
      session_id: nullable,
      client_name: nullable,
      client_version: nullable,
      action: { type: 'varchar' },
      device_id: nullable,
      plan_id: nullable,
      arguments: { type: 'text', nullable: true },
      outcome: { type: 'varchar' },
      error_code: nullable,
      duration_ms: { type: 'integer', nullable: true },
      lease_until: { type: 'bigint', nullable: true },
      note: { type: 'text', nullable: true },
    },
  });
}
