import { REDACTED_VALUE } from '@routeros-mcp/domain-kernel';
import { rowOf } from '../apply-operations';
import type { ChangePlanner, ProposalOutcome, TouchedRow } from '../change-planner';
import type { ChangeRecord } from '../change-record';
import { ChangeMovedOnError } from '../errors/change-moved-on.error';
import { ChangeNotRevertibleError } from '../errors/change-not-revertible.error';
import type { LiveRows, Row, RowOperation } from '../row-operation';
import { isCountdown, sameValue } from '../value-equivalence';

export interface ChangeRevertInput {
  change: ChangeRecord;
}

/** Where an operation's row is now, by the id it had (or was given) when the change was applied. */
function idOf(record: ChangeRecord, op: RowOperation, index: number): string | undefined {
  return op.kind === 'add' ? record.addedIds[index] : op.kind === 'command' ? undefined : op.id;
}

/** What differs between the live rows and what the change left, for the properties it wrote. */
function differences(record: ChangeRecord, live: LiveRows): string[] {
  const found: string[] = [];
  const recordedAfter = (menu: string, id: string | undefined): Row | undefined => record.touched.find((t) => t.menu === menu && t.id === id)?.after;
  record.operations.forEach((op, i) => {
    if (op.kind === 'command' || op.kind === 'move') return;
    const id = idOf(record, op, i);
    const row = rowOf(live[op.menu], op.kind === 'set' && op.id === undefined ? undefined : id);
    const where = `/${op.menu}${id ? ` ${id}` : ''}`;
    if (op.kind === 'remove') {
      if (row) found.push(`${where} is back`);
      return;
    }
    if (!row) {
      found.push(`${where} is gone`);
      return;
    }
    const expected = recordedAfter(op.menu, op.kind === 'set' ? op.id : id) ?? op.props;
    for (const name of Object.keys(op.props)) {
      const want = expected[name] ?? op.props[name];
      if (want === REDACTED_VALUE || isCountdown(op.menu, name)) continue;
      if (!sameValue(want, row[name])) found.push(`${where} ${name} is ${row[name] ?? 'unset'}, the change left ${want}`);
    }
    for (const name of op.kind === 'set' ? (op.unset ?? []) : []) if (row[name] !== undefined) found.push(`${where} ${name} is set again`);
  });
  return found;
}

/**
 * change_revert: undoes one applied change from its recorded before-state, through the same pipeline. Refuses a
 * change that cannot be undone, and one whose rows moved on since (undoing it would overwrite a later change).
 */
export const changeRevertPlanner: ChangePlanner<ChangeRevertInput> = {
  reads: ({ change }) => [...new Set(change.operations.filter((op) => op.kind !== 'command').map((op) => op.menu))],
  propose(live, { change }): ProposalOutcome {
    if (change.status === 'reverted') return { kind: 'no_change', reason: `change ${change.id} is already reverted`, current: [] };
    if (change.status !== 'verified' && change.status !== 'needs_attention') throw new ChangeNotRevertibleError(`it is ${change.status.replace('_', ' ')}, not applied`, change.id);
    if (change.notRevertible || change.inverse.length === 0) throw new ChangeNotRevertibleError(change.notRevertible ?? 'it recorded nothing to restore', change.id);
    const moved = differences(change, live);
    if (moved.length > 0) throw new ChangeMovedOnError(change.id, moved);
    const touched: TouchedRow[] = change.touched.map((t) => ({ menu: t.menu, ...(t.id !== undefined ? { id: t.id } : {}), ...(t.after ? { before: t.after } : {}), ...(t.before ? { after: t.before } : {}) }));
    return { kind: 'change', proposal: { summary: `revert change ${change.id} (${change.summary})`, operations: change.inverse, touched, risk: change.risk } };
  },
};
