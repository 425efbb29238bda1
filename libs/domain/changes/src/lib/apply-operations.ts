import type { LiveRows, Row, RowOperation } from './row-operation';

/** The id a row added by a change carries in the computed after-state, before the device assigned its own. */
export const placeholderId = (n: number) => `*new${n}`;

/** Whether `id` is such a placeholder (a row added in the same change), not an id the device gave. */
export const isPlaceholderId = (id: string | undefined): boolean => id !== undefined && /^\*new\d+$/.test(id);

function placeAt(rows: Row[], row: Row, before?: string): Row[] {
  const at = before === undefined ? -1 : rows.findIndex((r) => r['.id'] === before);
  return at < 0 ? [...rows, row] : [...rows.slice(0, at), row, ...rows.slice(at)];
}

function setRow(row: Row, op: Extract<RowOperation, { kind: 'set' }>): Row {
  const next: Record<string, string> = { ...row, ...op.props };
  for (const name of op.unset ?? []) delete next[name];
  return next;
}

/**
 * The rows as they would be once `operations` are written, computed purely from the live rows (the after-state the
 * safety rules evaluate). Added rows get placeholder ids (`*new1`…); commands change no row. An operation naming a
 * row that does not exist leaves the rows as they are: the planner already checked what it proposes.
 */
export function applyOperations(live: LiveRows, operations: readonly RowOperation[]): LiveRows {
  const out: Record<string, readonly Row[]> = { ...live };
  let added = 0;
  for (const op of operations) {
    const rows = [...(out[op.menu] ?? [])];
    switch (op.kind) {
      case 'add':
        out[op.menu] = placeAt(rows, { ...op.props, '.id': placeholderId(++added) }, op.placeBefore);
        break;
      case 'set':
        out[op.menu] = op.id === undefined ? (rows.length === 0 ? [setRow({}, op)] : [setRow(rows[0], op), ...rows.slice(1)]) : rows.map((r) => (r['.id'] === op.id ? setRow(r, op) : r));
        break;
      case 'remove':
        out[op.menu] = rows.filter((r) => r['.id'] !== op.id);
        break;
      case 'move': {
        const row = rows.find((r) => r['.id'] === op.id);
        if (row) out[op.menu] = placeAt(rows.filter((r) => r !== row), row, op.destination);
        break;
      }
      case 'command':
        break;
    }
  }
  return out;
}

/** The row an operation addresses in `rows` (the singleton's one row when it has no id). */
export function rowOf(rows: readonly Row[] | undefined, id: string | undefined): Row | undefined {
  if (!rows) return undefined;
  return id === undefined ? rows[0] : rows.find((r) => r['.id'] === id);
}
