import type { TouchedRow } from '../../change-planner';
import { MENUS_WITHOUT_UNSET } from '../../inverse-operations';
import type { Row, RowOperation } from '../../row-operation';
import { WRITABLE } from '../common/menu-properties';
import { changedProps, configOf, sameValue } from '../common/rows';

/** One row a plan topic wants, by the identity its menu knows it by (a name, an address, a MAC and server). */
export interface DesiredRow {
  key: string;
  /** Every managed property the row must have; a managed property left out goes back to its default. */
  props: Readonly<Record<string, string>>;
}

export interface KeyedMenu {
  menu: string;
  /** The identity of a live row, `undefined` for rows the topic never writes (dynamic ones). */
  keyOf(row: Row): string | undefined;
  /** Properties the topic owns on rows it keeps: not asked for means unset. */
  managed: readonly string[];
  /** What RouterOS prints for a property at its default (not a difference). */
  defaults?: Readonly<Record<string, string>>;
}

export interface KeyedSync {
  removes: RowOperation[];
  sets: RowOperation[];
  adds: RowOperation[];
  touched: TouchedRow[];
}

const writableOf = (menu: string, row: Row, managed: readonly string[]) => configOf(row, WRITABLE[menu] ?? [...new Set([...managed, ...Object.keys(row).filter((k) => !k.startsWith('.'))])]);

/**
 * Makes the rows of one menu with the desired keys hold exactly the desired properties (changed ones set, managed
 * ones not asked for unset, or put back to "" where the menu has no unset), adds the missing ones and removes the
 * keys asked. Rows with other keys are not written.
 */
export function syncKeyedRows(rows: readonly Row[], spec: KeyedMenu, desired: readonly DesiredRow[], remove: readonly string[]): KeyedSync {
  const out: KeyedSync = { removes: [], sets: [], adds: [], touched: [] };
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = spec.keyOf(row);
    if (key !== undefined && !byKey.has(key)) byKey.set(key, row);
  }
  for (const key of remove) {
    const row = byKey.get(key);
    if (!row) continue;
    out.removes.push({ kind: 'remove', menu: spec.menu, id: row['.id'] });
    out.touched.push({ menu: spec.menu, id: row['.id'], before: writableOf(spec.menu, row, spec.managed) });
  }
  const defaults = spec.defaults ?? {};
  for (const want of desired) {
    const row = byKey.get(want.key);
    if (!row) {
      out.adds.push({ kind: 'add', menu: spec.menu, props: want.props });
      out.touched.push({ menu: spec.menu, after: want.props });
      continue;
    }
    const before = writableOf(spec.menu, row, spec.managed);
    const props = changedProps({ ...defaults, ...before }, want.props);
    const cleared = spec.managed.filter((name) => want.props[name] === undefined && (before[name] ?? '') !== '' && !(defaults[name] !== undefined && sameValue(defaults[name], before[name])));
    const noUnset = MENUS_WITHOUT_UNSET.has(spec.menu);
    if (noUnset) for (const name of cleared) props[name] = '';
    if (Object.keys(props).length === 0 && cleared.length === 0) continue;
    out.sets.push({ kind: 'set', menu: spec.menu, id: row['.id'], props, ...(!noUnset && cleared.length ? { unset: cleared } : {}) });
    const after: Record<string, string> = { ...before, ...props };
    for (const name of cleared) delete after[name];
    out.touched.push({ menu: spec.menu, id: row['.id'], before, after });
  }
  return out;
}

/** Several menus' syncs as one operation list: removals (in the order given), then sets, then additions (in order). */
export function combineSyncs(syncs: readonly KeyedSync[], removalOrder: readonly number[] = syncs.map((_s, i) => i)): { operations: RowOperation[]; touched: TouchedRow[] } {
  return {
    operations: [...removalOrder.flatMap((i) => syncs[i].removes), ...syncs.flatMap((s) => s.sets), ...syncs.flatMap((s) => s.adds)],
    touched: syncs.flatMap((s) => s.touched),
  };
}
