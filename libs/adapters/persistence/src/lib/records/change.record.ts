import { EntitySchema } from '@routeros-mcp/typeorm';
import { columnTypes, Dialect } from '../dialect';

export interface ChangeRecordRow {
  id: string;
  device_id: string;
  tool: string;
  principal: string;
  via: string;
  plan_id: string | null;
  correlation_id: string | null;
  summary: string;
  risk: string;
  status: string;
  step: string;
  protection: string | null;
  outcome: string | null;
  error_code: string | null;
  error_message: string | null;
  revert_of: string | null;
  reverted_by: string | null;
  /** JSON: operations, added ids, touched rows (redacted), inverse, diff, verdicts, authority, the rest of the actor. */
  body: string;
  created_at: Date;
  updated_at: Date;
}

export function changeSchema(dialect: Dialect) {
  const nullable = { type: 'varchar', nullable: true } as const;
  const { timestamp } = columnTypes(dialect);
  return new EntitySchema<ChangeRecordRow>({
    name: 'ChangeRecordRow',
    tableName: 'changes',
    columns: {
      id: { type: 'varchar', primary: true },
      device_id: { type: 'varchar' },
      tool: { type: 'varchar' },
      principal: { type: 'varchar' },
      via: { type: 'varchar' },
      plan_id: nullable,
      correlation_id: nullable,
      summary: { type: 'text' },
      risk: { type: 'varchar' },
      status: { type: 'varchar' },
      step: { type: 'varchar' },
      protection: nullable,
      outcome: { type: 'text', nullable: true },
      error_code: nullable,
      error_message: { type: 'text', nullable: true },
      revert_of: nullable,
      reverted_by: nullable,
      body: { type: 'text' },
      created_at: { type: timestamp },
      updated_at: { type: timestamp },
    },
  });
}
