import type { ChangeRecord, ChangeStatus, LiveRows, Row, RowOperation } from '@routeros-mcp/domain-changes';
import { rowOf, sameValue } from '@routeros-mcp/domain-changes';
import { isSecretRouterOsProperty, REDACTED_VALUE } from '@routeros-mcp/domain-kernel';
import { findAdded, unrestored } from './change-writes';

/**
 * Change records nothing settles but recovery: `proposed` and `applying` ones a dead process left mid-change, and
 * `revert_pending` ones, whose device was left to undo the change by itself (a revert timer, a dropped safe-mode
 * session) with nobody to confirm it (the pipeline reported the change failed and let go of the device).
 */
export const INTERRUPTED_STATUSES: readonly ChangeStatus[] = ['proposed', 'applying', 'revert_pending'];

const withoutRedacted = (row: Readonly<Record<string, string>>): Record<string, string> => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== REDACTED_VALUE));

/**
 * The before-state as far as the record knows it: each written menu's row ids in order (`beforeIds`), with the
 * touched rows' recorded before-values on them. Secret values were redacted when recorded: they are left out, so
 * nothing is compared against them.
 */
export function beforeStateOf(record: ChangeRecord): LiveRows {
  const state: Record<string, Row[]> = {};
  for (const [menu, ids] of Object.entries(record.beforeIds ?? {})) state[menu] = ids.map((id) => ({ '.id': id }));
  for (const t of record.touched) {
    if (!t.before) continue;
    const before = withoutRedacted(t.before);
    const rows = (state[t.menu] ??= []);
    const at = t.id === undefined ? (rows.length ? 0 : -1) : rows.findIndex((r) => r['.id'] === t.id);
    if (at >= 0) rows[at] = { ...rows[at], ...before };
    else rows.push(t.id === undefined ? before : { ...before, '.id': t.id });
  }
  return state;
}

/**
 * The record's operations as far as they can be compared with the device: a redacted value (a secret the caller
 * wrote) is unknown, so an add is recognised by its other properties, and a set is not checked on a property
 * whose before-value was a secret.
 */
export function comparableOperations(record: ChangeRecord): RowOperation[] {
  return record.operations.map((op) => {
    if (op.kind === 'add') return { ...op, props: withoutRedacted(op.props) };
    if (op.kind !== 'set') return op;
    const secret = new Set(record.touched.filter((t) => t.menu === op.menu && t.id === op.id).flatMap((t) => Object.entries(t.before ?? {}).filter(([, v]) => v === REDACTED_VALUE).map(([k]) => k)));
    return { ...op, props: Object.fromEntries(Object.entries(op.props).filter(([k]) => !secret.has(k))), ...(op.unset ? { unset: op.unset.filter((k) => !secret.has(k)) } : {}) };
  });
}

/** What a successor knows of the interrupted change on the device as it is now. */
export interface InterruptedState {
  before: LiveRows;
  operations: RowOperation[];
  /** The record's added ids, with those whose answer was lost found on the device (undefined: not there). */
  addedIds: (string | undefined)[];
  /** What of the before-state does not hold now. */
  left: string[];
}

/**
 * Reads the interrupted change against the device's rows now. An add whose id was never recorded is looked for
 * among the rows that were not there before (only when the record lists them: older records do not).
 */
export function assessInterrupted(record: ChangeRecord, live: LiveRows): InterruptedState {
  const before = beforeStateOf(record);
  const operations = comparableOperations(record);
  const addedIds = operations.map((op, i) => record.addedIds[i] ?? (op.kind === 'add' && record.beforeIds?.[op.menu] ? findAdded(before, live, op) : undefined));
  return { before, operations, addedIds, left: unrestored(before, live, operations, addedIds) };
}

/**
 * The secret values the undo writes back (an old Wi-Fi passphrase, from the opened inverse) that the device does not
 * hold now. The record keeps secrets redacted, so only the opened inverse can tell whether they were restored. The
 * answer names the property, never a value.
 */
export function unrestoredSecrets(live: LiveRows, openedInverse: readonly RowOperation[]): string[] {
  const left: string[] = [];
  for (const op of openedInverse) {
    if (op.kind !== 'set') continue;
    const row = rowOf(live[op.menu] ?? [], op.id);
    if (!row) continue;
    for (const [k, v] of Object.entries(op.props)) {
      if (isSecretRouterOsProperty(k) && v !== '' && !sameValue(v, row[k])) left.push(`/${op.menu}${op.id ? ` ${op.id}` : ''} ${k} is not its value before the change`);
    }
  }
  return left;
}

/**
 * The undo of an interrupted change: the recorded inverse (complete for every add whose id was saved), preceded by
 * the removal of rows found added whose id the record never got. The row a found add made is removed first: a later
 * write of the same change cannot depend on an id it never knew.
 */
export function recoveryInverse(record: ChangeRecord, addedIds: readonly (string | undefined)[]): RowOperation[] {
  const found: RowOperation[] = [];
  record.operations.forEach((op, i) => {
    const id = addedIds[i];
    if (op.kind === 'add' && id !== undefined && record.addedIds[i] === undefined) found.push({ kind: 'remove', menu: op.menu, id });
  });
  return [...found, ...record.inverse];
}

/** The menus a record writes to (commands excluded). */
export const writtenMenus = (record: ChangeRecord): string[] => [...new Set(record.operations.filter((op) => op.kind !== 'command').map((op) => op.menu))];

/** How a successor settles an interrupted change, from what it found and did. */
export interface Settlement {
  status: 'failed' | 'reverted' | 'needs_attention';
  outcome: string;
}

/**
 * A later change was made on the device before recovery came: its rows may hold that change now, and undoing this
 * one would undo it too. Nothing is written: a `proposed` change (never marked as writing) failed, an `applying` one
 * needs a person to compare the device with the record.
 */
export function settlementAfterLater(record: Pick<ChangeRecord, 'status'>, laterChangeId: string): Settlement {
  if (record.status === 'revert_pending') return { status: 'needs_attention', outcome: `its revert was pending on the device and is not confirmed: change ${laterChangeId} was made on the device since, and undoing this one could undo it; compare the device with this record` };
  if (record.status === 'proposed') return { status: 'failed', outcome: `interrupted before its first write; not checked on the device, where change ${laterChangeId} was made since` };
  return { status: 'needs_attention', outcome: `interrupted (the process ended mid-change) and not undone: change ${laterChangeId} was made on the device since, and undoing this one could undo it; compare the device with this record` };
}

/**
 * `proposed` with the device as it was: failed, nothing written. Otherwise the change is undone, never kept (its
 * caller never saw it verified): reverted when the before-state is confirmed, needs attention with what is left.
 */
export function settlementOf(record: Pick<ChangeRecord, 'status' | 'protection'>, found: { left: readonly string[]; undone: 'nothing' | 'device' | 'rest'; undoError?: string }): Settlement {
  const pending = record.status === 'revert_pending';
  if (found.left.length > 0) {
    const how = found.undone === 'device' ? ' (safe mode was held; RouterOS had not undone it)' : found.undoError ? ` (undo failed: ${found.undoError})` : '';
    const lead = pending ? 'its revert was pending on the device and did not restore it' : 'interrupted (the process ended mid-change) and not recovered';
    return { status: 'needs_attention', outcome: `${lead}: ${found.left.slice(0, 3).join('; ')}${how}` };
  }
  if (pending) {
    const how = found.undone === 'rest' ? 'the device had not undone it by itself; the inverse written over REST' : 'the device undid it by itself (its revert timer or RouterOS safe mode)';
    return { status: 'reverted', outcome: `its revert was pending on the device and is settled: ${how}, and the before-state confirmed` };
  }
  if (record.status === 'proposed' && found.undone === 'nothing') return { status: 'failed', outcome: 'interrupted before its first write; nothing was written' };
  const how =
    found.undone === 'rest'
      ? 'the inverse written over REST'
      : found.undone === 'device' || record.protection === 'safe_mode'
        ? 'RouterOS undid the safe-mode changes when the session dropped'
        : 'nothing of it was on the device';
  return { status: 'reverted', outcome: `interrupted (the process ended mid-change) and recovered: ${how}, and the before-state confirmed` };
}
