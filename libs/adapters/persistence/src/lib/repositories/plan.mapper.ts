import type { ApprovalGrantRecord } from '@routeros-mcp/application-ports';
import { Approval, ApprovalBasis, ExcludedDevice, ExecutionLogEntry, Plan, PlanProps, PlanStatus, PlanStep, PlanTransition, RiskLevel, RolloutPolicy, StepPreview, StepStatus } from '@routeros-mcp/domain-plans';
import type { Environment } from '@routeros-mcp/domain-kernel';
import type { PlanApprovalRow, PlanRow, PlanStepRow } from '../records/plan.record';

interface PlanBody {
  rollout: RolloutPolicy;
  excluded: ExcludedDevice[];
  approval?: { approvedBy: string; approvedAt: string; comment?: string };
  cancelRequested?: { by: string; at: string; reason: string };
  executionLog?: (Omit<ExecutionLogEntry, 'at'> & { at: string })[];
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const optionalDate = (value: Date | string | null) => (value === null ? undefined : date(value));

/** `steps: false` leaves the step rows out (a save that writes only some of them maps those itself). */
export function toPlanRows(plan: Plan, options: { steps?: boolean } = {}): { plan: PlanRow; steps: PlanStepRow[] } {
  const p = plan.toProps();
  const body: PlanBody = {
    rollout: p.rollout,
    excluded: p.excluded,
    ...(p.approval ? { approval: { approvedBy: p.approval.approvedBy, approvedAt: p.approval.approvedAt.toISOString(), ...(p.approval.comment ? { comment: p.approval.comment } : {}) } } : {}),
    ...(p.cancelRequested ? { cancelRequested: { ...p.cancelRequested, at: p.cancelRequested.at.toISOString() } } : {}),
    ...(p.executionLog?.length ? { executionLog: p.executionLog.map((e) => ({ ...e, at: e.at.toISOString() })) } : {}),
  };
  return {
    plan: {
      id: p.id, title: p.title, tool_name: p.toolName, topic: p.topic, created_by: p.createdBy, environment: p.environment, status: p.status, risk_level: p.riskLevel,
      summary: p.summary, parameters: JSON.stringify(p.parameters), transitions: JSON.stringify(p.transitions), content_hash: p.contentHash, body: JSON.stringify(body),
      created_at: p.createdAt, expires_at: p.expiresAt, started_at: p.startedAt ?? null, finished_at: p.finishedAt ?? null, failure_reason: p.failureReason ?? null, sealed_key: p.sealedDataKey ?? null, version: p.version,
    },
    steps: options.steps === false ? [] : p.steps.map((s) => toStepRow(p.id, s)),
  };
}

export function toStepRow(planId: string, s: Readonly<PlanStep>): PlanStepRow {
  return {
    id: s.id, plan_id: planId, device_id: s.deviceId, batch: s.batch, sequence: s.sequence, status: s.status, change: JSON.stringify(s.change), pre_snapshot_id: null,
    error: s.error ?? null, body: s.preview ? JSON.stringify({ preview: s.preview }) : null, change_id: s.changeId ?? null, rollback_change_id: s.rollbackChangeId ?? null,
    started_at: s.startedAt ?? null, finished_at: s.finishedAt ?? null,
  };
}

export function toPlan(row: PlanRow, steps: PlanStepRow[]): Plan {
  const body = JSON.parse(row.body ?? '{}') as Partial<PlanBody>;
  const transitions = (JSON.parse(row.transitions) as (Omit<PlanTransition, 'at'> & { at: string })[]).map((t) => ({ ...t, at: new Date(t.at) }));
  const props: PlanProps = {
    id: row.id, title: row.title, toolName: row.tool_name, topic: row.topic ?? row.tool_name, createdBy: row.created_by, environment: row.environment as Environment,
    riskLevel: row.risk_level as RiskLevel, summary: row.summary, parameters: JSON.parse(row.parameters) as Record<string, unknown>, status: row.status as PlanStatus,
    steps: [...steps].sort((a, b) => a.sequence - b.sequence).map((s) => {
      const stepBody = JSON.parse(s.body ?? '{}') as { preview?: StepPreview };
      return {
        id: s.id, deviceId: s.device_id, batch: s.batch, sequence: s.sequence, status: s.status as StepStatus, change: JSON.parse(s.change) as Record<string, unknown>,
        ...(s.error !== null ? { error: s.error } : {}), ...(stepBody.preview ? { preview: stepBody.preview } : {}), ...(s.change_id ? { changeId: s.change_id } : {}),
        ...(s.rollback_change_id ? { rollbackChangeId: s.rollback_change_id } : {}), ...(s.started_at ? { startedAt: date(s.started_at) } : {}), ...(s.finished_at ? { finishedAt: date(s.finished_at) } : {}),
      };
    }),
    rollout: body.rollout!, excluded: body.excluded ?? [], contentHash: row.content_hash ?? '',
    createdAt: date(row.created_at), expiresAt: date(row.expires_at),
    ...(body.approval ? { approval: Approval.of({ approvedBy: body.approval.approvedBy, approvedAt: new Date(body.approval.approvedAt), ...(body.approval.comment ? { comment: body.approval.comment } : {}) }) } : {}),
    ...(row.started_at ? { startedAt: date(row.started_at) } : {}), ...(row.finished_at ? { finishedAt: date(row.finished_at) } : {}),
    ...(row.failure_reason !== null ? { failureReason: row.failure_reason } : {}),
    ...(body.cancelRequested ? { cancelRequested: { ...body.cancelRequested, at: new Date(body.cancelRequested.at) } } : {}),
    executionLog: (body.executionLog ?? []).map((e) => ({ ...e, at: new Date(e.at) })),
    transitions, version: row.version,
    ...(row.sealed_key ? { sealedDataKey: row.sealed_key } : {}),
  };
  return Plan.restore(props);
}

export function toApprovalRow(grant: ApprovalGrantRecord): PlanApprovalRow {
  return {
    id: grant.id, plan_id: grant.planId, decision: 'approved', decided_by: grant.approver, decided_at: grant.approvedAt, comment: grant.comment ?? null,
    content_hash: grant.contentHash, signature: null, expires_at: grant.expiresAt, basis: grant.basis, nonce_digest: grant.nonceDigest, sealed: grant.sealed,
    used_at: grant.usedAt ?? null, used_by: grant.usedBy ?? null,
  };
}

export function toGrantRecord(row: PlanApprovalRow): ApprovalGrantRecord {
  return {
    id: row.id, planId: row.plan_id, contentHash: row.content_hash, approver: row.decided_by, basis: (row.basis ?? '') as ApprovalBasis, approvedAt: date(row.decided_at),
    expiresAt: optionalDate(row.expires_at) ?? date(row.decided_at), nonceDigest: row.nonce_digest ?? '', sealed: row.sealed ?? '',
    ...(row.comment !== null ? { comment: row.comment } : {}), ...(row.used_at ? { usedAt: date(row.used_at) } : {}), ...(row.used_by !== null ? { usedBy: row.used_by } : {}),
  };
}
