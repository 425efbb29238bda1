import type { BeforeSnapshot, ChangeActor, ChangeAuthority, ChangeProtection, ChangeRecord, ChangeStatus, ChangeStep, ChangeVerdict } from '@routeros-mcp/domain-changes';
import { redactTouched, RowOperation, TouchedRow } from '@routeros-mcp/domain-changes';
import { redactRouterOsRow } from '@routeros-mcp/domain-kernel';
import type { ChangeRecordRow } from '../records/change.record';

interface ChangeBody {
  actor: Omit<ChangeActor, 'id' | 'via'>;
  authority: ChangeAuthority;
  operations: RowOperation[];
  addedIds: (string | null)[];
  touched: TouchedRow[];
  inverse: RowOperation[];
  notRevertible?: string;
  diff: string[];
  verdicts: ChangeVerdict[];
  beforeSnapshot?: BeforeSnapshot;
  beforeIds?: Record<string, string[]>;
  recheck?: { at: string; finding: string };
}

/** Operations as stored: a secret value the caller wrote is kept nowhere but on the device. */
function redactOperation(op: RowOperation): RowOperation {
  if (op.kind === 'add' || op.kind === 'set') return { ...op, props: redactRouterOsRow({ ...op.props }) };
  if (op.kind === 'command' && op.args) return { ...op, args: redactRouterOsRow({ ...op.args }) };
  return op;
}

export function toChangeRow(record: ChangeRecord): ChangeRecordRow {
  const { id, via, ...actor } = record.actor;
  const body: ChangeBody = {
    actor,
    authority: record.authority,
    operations: record.operations.map(redactOperation),
    addedIds: record.addedIds.map((a) => a ?? null),
    touched: redactTouched(record.touched),
    inverse: [...record.inverse],
    ...(record.notRevertible ? { notRevertible: record.notRevertible } : {}),
    diff: [...record.diff],
    verdicts: [...record.verdicts],
    ...(record.beforeSnapshot ? { beforeSnapshot: record.beforeSnapshot } : {}),
    ...(record.beforeIds ? { beforeIds: Object.fromEntries(Object.entries(record.beforeIds).map(([menu, ids]) => [menu, [...ids]])) } : {}),
    ...(record.recheck ? { recheck: { at: record.recheck.at.toISOString(), finding: record.recheck.finding } } : {}),
  };
  return {
    id: record.id,
    device_id: record.deviceId,
    tool: record.tool,
    principal: id,
    via,
    plan_id: record.authority.kind === 'approved_plan' ? record.authority.planId : null,
    correlation_id: record.correlationId ?? null,
    summary: record.summary,
    risk: record.risk,
    status: record.status,
    step: record.step,
    protection: record.protection ?? null,
    outcome: record.outcome ?? null,
    error_code: record.error?.code ?? null,
    error_message: record.error?.message ?? null,
    revert_of: record.revertOf ?? null,
    reverted_by: record.revertedBy ?? null,
    body: JSON.stringify(body),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

export function toChangeRecord(row: ChangeRecordRow): ChangeRecord {
  const body = JSON.parse(row.body) as ChangeBody;
  return {
    id: row.id,
    deviceId: row.device_id,
    tool: row.tool,
    actor: { id: row.principal, via: row.via, ...body.actor },
    authority: body.authority,
    ...(row.correlation_id ? { correlationId: row.correlation_id } : {}),
    summary: row.summary,
    risk: row.risk as ChangeRecord['risk'],
    status: row.status as ChangeStatus,
    operations: body.operations,
    addedIds: body.addedIds.map((a) => a ?? undefined),
    touched: body.touched,
    inverse: body.inverse,
    ...(body.notRevertible ? { notRevertible: body.notRevertible } : {}),
    diff: body.diff,
    verdicts: body.verdicts,
    ...(body.beforeSnapshot ? { beforeSnapshot: body.beforeSnapshot } : {}),
    ...(body.beforeIds ? { beforeIds: body.beforeIds } : {}),
    ...(body.recheck ? { recheck: { at: new Date(body.recheck.at), finding: body.recheck.finding } } : {}),
    ...(row.protection ? { protection: row.protection as ChangeProtection } : {}),
    step: row.step as ChangeStep,
    ...(row.outcome ? { outcome: row.outcome } : {}),
    ...(row.error_code ? { error: { code: row.error_code, message: row.error_message ?? '' } } : {}),
    ...(row.revert_of ? { revertOf: row.revert_of } : {}),
    ...(row.reverted_by ? { revertedBy: row.reverted_by } : {}),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
