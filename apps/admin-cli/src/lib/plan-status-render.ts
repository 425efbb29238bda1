import type { ExecutionLogLine, Plan, PlanStatus } from './composition';
import { executionLogOf } from './composition';
import { quoted, shown } from './display';
import { keyValues, table } from './render';

/**
 * Where a rollout stops moving: `completed`, or ended otherwise. `failed` is also a plan halted and held (halt_and_hold)
 * or a rollback left incomplete: it moves again only when someone asks for plan_rollback.
 */
export const FINAL_PLAN_STATUSES: readonly PlanStatus[] = ['completed', 'failed', 'cancelled', 'rejected', 'expired', 'rolled_back'];

/** The log entries a status shows (the whole log is plan://{id}/execution-log). */
export const STATUS_LOG_TAIL = 10;

export interface BatchProgress {
  /** 1-based, as the runner's log names them (`batch 2/3`). */
  batch: number;
  of: number;
  canary: boolean;
  devices: string[];
  pending: number;
  running: number;
  /** Applied and verified by the change pipeline. */
  applied: number;
  failed: number;
  skipped: number;
  rolledBack: number;
  rollbackFailed: number;
  /** The batch's health gate: null until it was taken. */
  gate: 'passed' | 'failed' | null;
}

export interface PlanStatusView {
  planId: string;
  title: string;
  topic: string;
  status: PlanStatus;
  /** The plan will not move on its own any more. */
  final: boolean;
  haltPolicy: string;
  done: number;
  total: number;
  batches: BatchProgress[];
  steps: { deviceId: string; batch: number; status: string; error?: string }[];
  failureReason?: string;
  cancelRequested: boolean;
  log: ExecutionLogLine[];
}

/** Steps no longer moving (the runner's own notion of progress). */
export const settledOf = (b: BatchProgress) => b.applied + b.failed + b.skipped + b.rolledBack + b.rollbackFailed;

/** A pending or approved plan whose time ran out is as good as expired, though nobody has moved it there yet. */
function isFinal(plan: Plan, now: Date): boolean {
  return FINAL_PLAN_STATUSES.includes(plan.status) || ((plan.status === 'pending' || plan.status === 'approved') && plan.isExpired(now));
}

export function planStatusView(plan: Plan, now = new Date(), logTail = STATUS_LOG_TAIL): PlanStatusView {
  const batches = plan.batches();
  const gates = plan.executionLog.filter((e) => e.kind === 'gate');
  return {
    planId: plan.id,
    title: plan.title,
    topic: plan.topic,
    status: plan.status,
    final: isFinal(plan, now),
    haltPolicy: plan.rollout.haltPolicy,
    done: plan.steps.filter((s) => s.status !== 'pending' && s.status !== 'running').length,
    total: plan.steps.length,
    batches: batches.map((steps, i) => {
      const count = (status: string) => steps.filter((s) => s.status === status).length;
      // The newest verdict for the batch (a resumed runner never takes a gate twice, but be safe).
      const gate = gates.filter((g) => g.batch === i).at(-1);
      return {
        batch: i + 1, of: batches.length, canary: i === 0 && plan.rollout.canarySize > 0 && batches.length > 1, devices: steps.map((s) => s.deviceId),
        pending: count('pending'), running: count('running'), applied: count('succeeded'), failed: count('failed'), skipped: count('skipped'),
        rolledBack: count('rolled_back'), rollbackFailed: count('rollback_failed'), gate: gate ? (gate.ok ? 'passed' : 'failed') : null,
      };
    }),
    steps: plan.steps.map((s) => ({ deviceId: s.deviceId, batch: s.batch + 1, status: s.status, ...(s.error ? { error: s.error } : {}) })),
    ...(plan.failureReason ? { failureReason: plan.failureReason } : {}),
    cancelRequested: plan.cancelRequested !== undefined,
    log: logTail > 0 ? executionLogOf({ transitions: plan.transitions, executionLog: plan.executionLog }).slice(-logTail) : [],
  };
}

/** The machine-readable shape (snake_case, as the MCP tools answer; `batch` is the index, from 0, as there). */
export function planStatusJson(v: PlanStatusView): Record<string, unknown> {
  return {
    plan_id: v.planId, title: v.title, topic: v.topic, status: v.status, final: v.final, halt_policy: v.haltPolicy,
    progress: { done: v.done, total: v.total },
    batches: v.batches.map((b) => ({
      batch: b.batch - 1, canary: b.canary, devices: b.devices, pending: b.pending, running: b.running, applied: b.applied, failed: b.failed,
      skipped: b.skipped, rolled_back: b.rolledBack, rollback_failed: b.rollbackFailed, gate: b.gate,
    })),
    steps: v.steps.map((s) => ({ device_id: s.deviceId, batch: s.batch - 1, status: s.status, ...(s.error ? { error: s.error } : {}) })),
    failure_reason: v.failureReason ?? null,
    cancel_requested: v.cancelRequested,
    log: v.log.map(logLineJson),
  };
}

export function logLineJson(line: ExecutionLogLine): Record<string, unknown> {
  return { at: line.at.toISOString(), kind: line.kind, message: line.message, ...(line.ok !== undefined ? { ok: line.ok } : {}) };
}

/** `1 applied, 1 running, gate passed`: what a batch's devices have come to (empty while it waits). */
export function batchDetail(b: BatchProgress): string {
  const counts = ([
    [b.applied, 'applied'], [b.running, 'running'], [b.failed, 'failed'], [b.rolledBack, 'rolled back'], [b.rollbackFailed, 'not rolled back'], [b.skipped, 'skipped'],
  ] as const).filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return [...counts, ...(b.gate ? [`gate ${b.gate}`] : [])].join(', ');
}

/** `batch 2/3: 1/2 done (1 applied, 1 running)`. */
export function batchSummary(b: BatchProgress): string {
  const detail = batchDetail(b);
  return `${batchLabel(b)}: ${settledOf(b)}/${b.devices.length} done${detail ? ` (${detail})` : ''}`;
}

export const batchLabel = (b: BatchProgress) => `batch ${b.batch}/${b.of}${b.canary ? ' (canary)' : ''}`;

/** One line for a watch off a terminal: the plan's status and every batch's progress. */
export function statusLine(v: PlanStatusView): string {
  return shown([`${v.status} ${v.done}/${v.total}`, ...v.batches.map(batchSummary)].join(' | '));
}

/** A log entry on one line: its message may quote a model's cancel reason or a device's error, so it is escaped. */
export const logLineText = (line: ExecutionLogLine) => `${line.at.toISOString()}  ${shown(line.message)}`;

/** `plan status ID`: the status, a table of the batches and the newest log entries. */
export function planStatusText(v: PlanStatusView): string {
  const lines = [
    `# ${v.planId}`,
    keyValues([
      ['title', `${quoted(v.title)} (model-written)`],
      ['status', `${v.status}${v.cancelRequested && !v.final ? ' (cancel asked: stops before the next device step)' : ''}`],
      ['progress', `${v.done}/${v.total} device step(s) done`],
      ['halt policy', v.haltPolicy],
      ...(v.failureReason ? ([['failure', v.failureReason]] as [string, string][]) : []),
    ]),
    '',
    table(
      ['BATCH', 'DEVICES', 'DONE', 'APPLIED', 'FAILED', 'ROLLED BACK', 'GATE'],
      v.batches.map((b) => [
        `${b.batch}/${b.of}${b.canary ? ' canary' : ''}`, b.devices.join(','), `${settledOf(b)}/${b.devices.length}`, String(b.applied),
        String(b.failed + b.rollbackFailed), String(b.rolledBack), b.gate ?? (b.running > 0 ? 'running' : '-'),
      ]),
    ),
  ];
  const errors = v.steps.filter((s) => s.error);
  if (errors.length > 0) lines.push('', ...errors.map((s) => `${s.deviceId} (batch ${s.batch}, ${s.status}): ${shown(s.error)}`));
  if (v.log.length > 0) lines.push('', 'latest log:', ...v.log.map((l) => `  ${logLineText(l)}`));
  return lines.join('\n');
}
