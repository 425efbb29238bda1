import { EntitySchema } from '@routeros-mcp/typeorm';
import { columnTypes, Dialect } from '../dialect';

export interface PlanRow {
  id: string;
  title: string;
  tool_name: string;
  topic: string | null;
  created_by: string;
  environment: string;
  status: string;
  risk_level: string;
  summary: string;
  /** JSON */
  parameters: string;
  /** JSON: every transition, who and why. */
  transitions: string;
  content_hash: string | null;
  /** JSON: rollout policy, excluded devices, approval (who, when, comment), failure reason kept elsewhere. */
  body: string | null;
  created_at: Date;
  expires_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  failure_reason: string | null;
  /** The plan's data key, sealed by the master key (see Plan.sealedDataKey); written at creation and by key rotations only. */
  sealed_key: string | null;
  version: number;
}

export interface PlanStepRow {
  id: string;
  plan_id: string;
  device_id: string;
  batch: number;
  sequence: number;
  status: string;
  /** JSON: the secret-free change of the step. */
  change: string;
  pre_snapshot_id: string | null;
  error: string | null;
  /** JSON: the dry-run preview. */
  body: string | null;
  change_id: string | null;
  rollback_change_id: string | null;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface PlanApprovalRow {
  id: string;
  plan_id: string;
  decision: string;
  decided_by: string;
  decided_at: Date;
  comment: string | null;
  content_hash: string;
  /** Unused: the initial schema's column; the signature is only ever sealed (in `sealed`). */
  signature: string | null;
  expires_at: Date | null;
  basis: string | null;
  nonce_digest: string | null;
  sealed: string | null;
  used_at: Date | null;
  used_by: string | null;
}

export function planSchemas(dialect: Dialect) {
  const { timestamp } = columnTypes(dialect);
  const optionalTime = { type: timestamp, nullable: true };
  const optional = { type: 'varchar', nullable: true } as const;
  const optionalText = { type: 'text', nullable: true } as const;
  return [
    new EntitySchema<PlanRow>({
      name: 'PlanRow',
      tableName: 'plans',
      columns: {
        id: { type: 'varchar', primary: true }, title: { type: 'varchar' }, tool_name: { type: 'varchar' }, topic: optional, created_by: { type: 'varchar' },
        environment: { type: 'varchar' }, status: { type: 'varchar' }, risk_level: { type: 'varchar' }, summary: { type: 'text' }, parameters: { type: 'text' },
        transitions: { type: 'text' }, content_hash: optional, body: optionalText, created_at: { type: timestamp }, expires_at: { type: timestamp },
        started_at: optionalTime, finished_at: optionalTime, failure_reason: optionalText, sealed_key: optionalText, version: { type: 'integer' },
      },
    }),
    new EntitySchema<PlanStepRow>({
      name: 'PlanStepRow',
      tableName: 'plan_steps',
      columns: {
        id: { type: 'varchar', primary: true }, plan_id: { type: 'varchar' }, device_id: { type: 'varchar' }, batch: { type: 'integer' }, sequence: { type: 'integer' },
        status: { type: 'varchar' }, change: { type: 'text' }, pre_snapshot_id: optional, error: optionalText, body: optionalText, change_id: optional,
        rollback_change_id: optional, started_at: optionalTime, finished_at: optionalTime,
      },
    }),
    new EntitySchema<PlanApprovalRow>({
      name: 'PlanApprovalRow',
      tableName: 'plan_approvals',
      columns: {
        id: { type: 'varchar', primary: true }, plan_id: { type: 'varchar' }, decision: { type: 'varchar' }, decided_by: { type: 'varchar' }, decided_at: { type: timestamp },
        comment: optionalText, content_hash: { type: 'varchar' }, signature: optional, expires_at: optionalTime, basis: optional, nonce_digest: optional,
        sealed: optionalText, used_at: optionalTime, used_by: optional,
      },
    }),
  ];
}
