import type { PlanTransition } from '../plan.aggregate';

/** What happened during a rollout, besides the plan's own transitions: a step, a health gate, a rollback step, a note. */
export type ExecutionLogKind = 'step' | 'gate' | 'rollback' | 'note';

export interface ExecutionLogEntry {
  at: Date;
  kind: ExecutionLogKind;
  /** One line: `batch 2/5: r3 applied and verified (change 1b2c…)`. */
  message: string;
  ok?: boolean;
  batch?: number;
  stepId?: string;
  deviceId?: string;
  changeId?: string;
}

/** A line of `plan://{id}/execution-log`: the plan's transitions and the runner's entries, in time order. */
export type ExecutionLogLine = ExecutionLogEntry | (Omit<ExecutionLogEntry, 'kind'> & { kind: 'transition'; from: string; to: string; by: string });

/** The most entries a plan keeps (a 50-device plan writes a few hundred); the oldest notes go first. */
export const EXECUTION_LOG_LIMIT = 2_000;

export function executionLogOf(plan: { transitions: readonly PlanTransition[]; executionLog: readonly ExecutionLogEntry[] }): ExecutionLogLine[] {
  const transitions: ExecutionLogLine[] = plan.transitions.map((t) => ({
    at: t.at, kind: 'transition', from: t.from, to: t.to, by: t.by, message: `${t.from} → ${t.to} by ${t.by}${t.reason ? `: ${t.reason}` : ''}`,
  }));
  // A stable sort keeps a transition before the entries written at the same instant after it.
  return [...transitions, ...plan.executionLog].map((line, i) => ({ line, i })).sort((a, b) => a.line.at.getTime() - b.line.at.getTime() || a.i - b.i).map(({ line }) => line);
}
