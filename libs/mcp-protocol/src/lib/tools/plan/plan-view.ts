import type { Plan, PlanProps } from '@routeros-mcp/domain-plans';
import { z } from 'zod';
import { TouchedSchema, VerdictSchema } from '../change/change-output';

/** The admin commands a human runs to review and approve: every pending plan's next step names them. */
export const reviewCommands = (planId: string) => `routeros-mcp-admin plan show ${planId}, then routeros-mcp-admin plan approve ${planId}`;

/** Statuses a rollout is still moving in: plan_apply's wait ends when the plan leaves them. */
export const MOVING_STATUSES: readonly string[] = ['executing', 'rolling_back'];

/**
 * The approval as a model may see it: who, when, until when. Never the signature, the nonce or anything else of
 * the grant (they stay sealed in the plan service); not even the approver's comment.
 */
export const ApprovalViewSchema = z.object({ approved_by: z.string(), approved_at: z.string(), expires_at: z.string() });

export const PlanDeviceSchema = z.object({
  device_id: z.string(),
  batch: z.number().int(),
  status: z.string(),
  changed: z.boolean().nullable(),
  risk: z.string().nullable(),
  summary: z.string().nullable(),
  diff: z.array(z.string()),
  verdicts: z.array(VerdictSchema),
  not_revertible: z.string().optional(),
  touched: z.array(TouchedSchema).optional(),
  error: z.string().optional(),
  change_id: z.string().optional(),
  rollback_change_id: z.string().optional(),
});

export const PlanSummarySchema = z.object({
  plan_id: z.string(),
  title: z.string(),
  topic: z.string(),
  status: z.string(),
  environment: z.string(),
  risk: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  devices: z.number().int(),
  content_hash: z.string(),
  approval: ApprovalViewSchema.nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});

export const PlanViewSchema = PlanSummarySchema.omit({ devices: true }).extend({
  summary: z.string(),
  rollout: z.object({ canary_size: z.number(), batch_size: z.number(), pause_seconds: z.number(), max_cpu_percent: z.number(), max_memory_percent: z.number(), halt_policy: z.string() }),
  devices: z.array(PlanDeviceSchema),
  excluded: z.array(z.object({ device_id: z.string(), reason: z.string() })),
  failure_reason: z.string().nullable(),
  /** A cancel asked while executing: the runner stops before the next device step. */
  cancel_requested: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
  next_step: z.string(),
});
export type PlanView = z.infer<typeof PlanViewSchema>;
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

const SETTLED = ['succeeded', 'failed', 'skipped', 'rolled_back', 'rollback_failed'];

function approvalOf(props: PlanProps): PlanSummary['approval'] {
  const approval = props.approval;
  if (!approval) return null;
  // The grant's own expiry is never later than the plan's (the service caps it there).
  return { approved_by: approval.approvedBy, approved_at: approval.approvedAt.toISOString(), expires_at: props.expiresAt.toISOString() };
}

/** What the caller does next with a plan in this state. */
export function nextStep(props: Pick<PlanProps, 'id' | 'status'>): string {
  switch (props.status) {
    case 'pending':
      return `A human reviews and approves it outside this conversation: ${reviewCommands(props.id)}. Then call plan_apply.`;
    case 'approved':
      return 'Call plan_apply to start the rollout.';
    case 'executing':
    case 'rolling_back':
      return `Follow it with plan_status, or read plan://${props.id}/execution-log.`;
    case 'failed':
      return 'Read plan_status for the failed steps; plan_rollback undoes the applied devices.';
    case 'completed':
      return 'Nothing; every device is applied and verified. plan_rollback would undo them all.';
    default:
      return 'Nothing; the plan is finished.';
  }
}

export function planSummary(plan: Plan): PlanSummary {
  const p = plan.toProps();
  return {
    plan_id: p.id,
    title: p.title,
    topic: p.topic,
    status: p.status,
    environment: p.environment,
    risk: p.riskLevel,
    created_by: p.createdBy,
    created_at: p.createdAt.toISOString(),
    expires_at: p.expiresAt.toISOString(),
    devices: p.steps.length,
    content_hash: p.contentHash,
    approval: approvalOf(p),
    progress: { done: p.steps.filter((s) => SETTLED.includes(s.status)).length, total: p.steps.length },
  };
}

/** A plan as tools and resources show it: per device its diff, risk and verdicts (`touched` rows only when `detail`). */
export function planView(plan: Plan, detail = false): PlanView {
  const p = plan.toProps();
  const { devices: _count, ...summary } = planSummary(plan);
  return {
    ...summary,
    summary: p.summary,
    rollout: {
      canary_size: p.rollout.canarySize,
      batch_size: p.rollout.batchSize,
      pause_seconds: p.rollout.pauseSeconds,
      max_cpu_percent: p.rollout.health.maxCpuPercent,
      max_memory_percent: p.rollout.health.maxMemoryPercent,
      halt_policy: p.rollout.haltPolicy,
    },
    devices: p.steps.map((s) => ({
      device_id: s.deviceId,
      batch: s.batch,
      status: s.status,
      changed: s.preview?.changed ?? null,
      risk: s.preview?.risk ?? null,
      summary: s.preview?.summary ?? null,
      diff: [...(s.preview?.diff ?? [])],
      verdicts: (s.preview?.verdicts ?? []).map((v) => ({ rule: v.ruleId, status: v.status, reason: v.message })),
      ...(s.preview?.notRevertible ? { not_revertible: s.preview.notRevertible } : {}),
      ...(detail ? { touched: (s.preview?.touched ?? []).map((t) => ({ menu: t.menu, id: t.id ?? null, before: t.before ?? null, after: t.after ?? null })) } : {}),
      ...(s.error ? { error: s.error } : {}),
      ...(s.changeId ? { change_id: s.changeId } : {}),
      ...(s.rollbackChangeId ? { rollback_change_id: s.rollbackChangeId } : {}),
    })),
    excluded: p.excluded.map((e) => ({ device_id: e.deviceId, reason: e.reason })),
    failure_reason: p.failureReason ?? null,
    cancel_requested: p.cancelRequested ? { by: p.cancelRequested.by, at: p.cancelRequested.at.toISOString(), reason: p.cancelRequested.reason } : null,
    next_step: nextStep(p),
  };
}

/** The plan in a few lines: head, approval, per device its diff and notable verdicts, exclusions, next step. */
export function planText(v: PlanView): string {
  const lines = [
    `${v.plan_id} ${v.status} (${v.topic}, ${v.environment}, risk ${v.risk}): ${v.title}`,
    `content hash ${v.content_hash}; expires ${v.expires_at}; progress ${v.progress.done}/${v.progress.total}`,
  ];
  if (v.approval) lines.push(`approved by ${v.approval.approved_by} at ${v.approval.approved_at} (valid until ${v.approval.expires_at})`);
  const batches = Math.max(0, ...v.devices.map((d) => d.batch)) + 1;
  for (const d of v.devices) {
    // Batches are counted from 1 in text, as the execution log names them; `batch` in the data is the index.
    lines.push(`## ${d.device_id} (batch ${d.batch + 1}/${batches}, ${d.status}, risk ${d.risk ?? '?'}): ${d.summary ?? ''}`, ...d.diff.map((line) => `  ${line}`));
    for (const verdict of d.verdicts.filter((x) => x.status !== 'pass' && x.status !== 'not_applicable')) lines.push(`  ${verdict.rule}: ${verdict.status} (${verdict.reason})`);
    if (d.not_revertible) lines.push(`  no undo: plan_rollback cannot undo this step (${d.not_revertible})`);
    if (d.error) lines.push(`  error: ${d.error}`);
  }
  for (const e of v.excluded) lines.push(`excluded ${e.device_id}: ${e.reason}`);
  if (v.failure_reason) lines.push(`failure: ${v.failure_reason}`);
  if (v.cancel_requested && v.status === 'executing') lines.push(`cancel asked by ${v.cancel_requested.by}: stops before the next device step`);
  lines.push(`next: ${v.next_step}`);
  return lines.join('\n');
}

/** One entry of a plan's execution log: a transition of the plan or a step starting or ending. */
export interface ExecutionLogEntry {
  at: string;
  event: string;
  device_id?: string;
  status?: string;
  by?: string;
  reason?: string;
}

/**
 * The plan's execution log from its durable record: every transition (who, when, why; the approval's only as who
 * and when) and every step's start and end, in time order.
 */
export function executionLog(plan: Plan): { plan_id: string; status: string; progress: PlanSummary['progress']; entries: ExecutionLogEntry[] } {
  const p = plan.toProps();
  const entries: ExecutionLogEntry[] = [
    { at: p.createdAt.toISOString(), event: 'created', status: 'pending', by: p.createdBy },
    ...p.transitions.map((t) => ({ at: t.at.toISOString(), event: `${t.from} -> ${t.to}`, status: t.to, by: t.by, ...(t.reason && t.to !== 'approved' ? { reason: t.reason } : {}) })),
    ...p.steps.flatMap((s) => [
      ...(s.startedAt ? [{ at: s.startedAt.toISOString(), event: 'step started', device_id: s.deviceId }] : []),
      ...(s.finishedAt ? [{ at: s.finishedAt.toISOString(), event: 'step ended', device_id: s.deviceId, status: s.status, ...(s.error ? { reason: s.error } : {}) }] : []),
    ]),
  ];
  entries.sort((a, b) => a.at.localeCompare(b.at));
  return { plan_id: p.id, status: p.status, progress: planSummary(plan).progress, entries };
}
