import { redactRouterOsRow } from '@routeros-mcp/domain-kernel';
import type { RiskLevel, TouchedRow } from './change-planner';
import type { RowOperation } from './row-operation';

/**
 * proposed → applying → verified | reverted | revert_pending | needs_attention | failed. `failed` is a change that
 * stopped before its first write (nothing to undo); `revert_pending` waits for the device's own revert;
 * `needs_attention` is a device whose state could not be confirmed. A verified change is `reverted` by change_revert.
 */
export const CHANGE_STATUSES = ['proposed', 'applying', 'verified', 'reverted', 'revert_pending', 'needs_attention', 'failed'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** The pipeline's steps, in order; a record keeps the last one it reached. */
export const CHANGE_STEPS = ['authorize', 'read', 'propose', 'evaluate', 'record', 'protect', 'write', 'verify', 'release', 'revert'] as const;
export type ChangeStep = (typeof CHANGE_STEPS)[number];

export type ChangeProtection = 'safe_mode' | 'device_revert_timer' | 'none_needed';

/**
 * Who allowed the change. A direct call stands on the device's flags and is refused on prod; a plan step carries
 * the plan a human approved (a later issue runs plan steps through the same pipeline with this authority).
 */
export type ChangeAuthority =
  | { kind: 'direct' }
  | { kind: 'approved_plan'; planId: string; stepId?: string }
  /** A dry run made to build a plan (never a write): judged as the plan's step would be. */
  | { kind: 'plan_preview'; planId: string };

/** The caller as recorded: never a credential. */
export interface ChangeActor {
  id: string;
  via: string;
  sessionId?: string;
  clientName?: string;
}

export interface ChangeVerdict {
  ruleId: string;
  status: string;
  message: string;
}

/**
 * The device's full export before the first write: a snapshot taken for this change, a recent enough one reused,
 * or why none was taken (a failed or slow export never holds a change up).
 */
export type BeforeSnapshot = { status: 'captured' | 'recent'; snapshotId: string } | { status: 'skipped'; reason: string };

export interface ChangeRecord {
  id: string;
  deviceId: string;
  tool: string;
  actor: ChangeActor;
  authority: ChangeAuthority;
  correlationId?: string;
  summary: string;
  risk: RiskLevel;
  status: ChangeStatus;
  /** The writes, in order; added rows' ids as the device assigned them once known (`addedIds[i]` for operation i). */
  operations: readonly RowOperation[];
  addedIds: readonly (string | undefined)[];
  /** Before and after of every touched row, secret properties redacted. */
  touched: readonly TouchedRow[];
  /** What restores the before-state; empty with `notRevertible` set when the change cannot be undone. */
  inverse: readonly RowOperation[];
  notRevertible?: string;
  diff: readonly string[];
  verdicts: readonly ChangeVerdict[];
  protection?: ChangeProtection;
  step: ChangeStep;
  /** The end state in words when it is not simply the status (`revert pending on the device within 60 s`…). */
  outcome?: string;
  error?: { code: string; message: string };
  beforeSnapshot?: BeforeSnapshot;
  /**
   * The `.id`s each written menu held before the first write, in order (singleton menus left out): what lets a
   * successor recognise a row added by a write whose answer died with the process. Absent on older records.
   */
  beforeIds?: Readonly<Record<string, readonly string[]>>;
  /**
   * The last re-check of a change left `needs_attention`, made once its device answered again: when, and what the
   * device held then (a change found back at its before-state is settled `reverted` instead).
   */
  recheck?: { at: Date; finding: string };
  /** The change this one undoes (change_revert), and the one that undid this. */
  revertOf?: string;
  revertedBy?: string;
  createdAt: Date;
  updatedAt: Date;
}

const NEXT: Readonly<Record<ChangeStatus, readonly ChangeStatus[]>> = {
  proposed: ['applying', 'failed'],
  applying: ['verified', 'reverted', 'revert_pending', 'needs_attention', 'failed'],
  revert_pending: ['reverted', 'needs_attention'],
  needs_attention: ['reverted', 'verified'],
  verified: ['reverted'],
  reverted: [],
  failed: [],
};

export function canTransition(from: ChangeStatus, to: ChangeStatus): boolean {
  return NEXT[from].includes(to);
}

/** The record in its next state; throws on a transition the lifecycle does not have (a bug, not a user error). */
export function transition(record: ChangeRecord, to: ChangeStatus, now: Date, patch: Partial<Omit<ChangeRecord, 'id' | 'status' | 'createdAt'>> = {}): ChangeRecord {
  if (!canTransition(record.status, to)) throw new Error(`change ${record.id} cannot go from ${record.status} to ${to}`);
  return { ...record, ...patch, status: to, updatedAt: now };
}

/** Touched rows as records keep them: secret properties redacted on both sides. */
export function redactTouched(touched: readonly TouchedRow[]): TouchedRow[] {
  return touched.map((t) => ({ ...t, ...(t.before ? { before: redactRouterOsRow({ ...t.before }) } : {}), ...(t.after ? { after: redactRouterOsRow({ ...t.after }) } : {}) }));
}

/** Whether the change left the device as it was (nothing to undo any more). */
export function isSettled(status: ChangeStatus): boolean {
  return status === 'verified' || status === 'reverted' || status === 'failed';
}
