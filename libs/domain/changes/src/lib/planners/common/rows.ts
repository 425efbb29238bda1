import type { LiveRows, Row } from '../../row-operation';
import { ChangeTargetNotFoundError } from '../errors/planner-errors';

/** The rows of one menu the planner asked for; a menu the device has no rows in reads as empty. */
export function rowsOf(live: LiveRows, menu: string): readonly Row[] {
  return live[menu] ?? [];
}

/** RouterOS answers booleans as `true`/`false` over REST; older exports and some menus say `yes`/`no`. */
export const isTrue = (value: string | undefined): boolean => value === 'true' || value === 'yes';

/** Rows RouterOS made itself (DHCP client addresses, connected routes, leases handed out): never written by a tool. */
export const isDynamic = (row: Row): boolean => isTrue(row['dynamic']);

export const boolWord = (value: boolean): string => (value ? 'true' : 'false');

/**
 * The properties of a row a later `add` or `set` can put back (the menu's own arguments, from RouterOS's command
 * tree), so a touched row's before-state is its inverse; counters, flags and computed fields are dropped.
 */
export function configOf(row: Row, properties: readonly string[]): Row {
  const out: Record<string, string> = {};
  for (const name of properties) if (row[name] !== undefined) out[name] = row[name];
  return out;
}

export function findRow(live: LiveRows, menu: string, id: string): Row {
  const row = rowsOf(live, menu).find((r) => r['.id'] === id);
  if (!row) throw new ChangeTargetNotFoundError(`/${menu} has no row ${id}`, { menu, id });
  return row;
}

/** An interface by name, from `/interface` (every type: ether, bridge, vlan, wifi…). */
export function findInterface(live: LiveRows, name: string, field = 'interface'): Row {
  const row = rowsOf(live, 'interface').find((r) => r['name'] === name);
  if (!row) throw new ChangeTargetNotFoundError(`interface '${name}' does not exist (see interface_list)`, { field, interface: name });
  return row;
}

/** Properties whose value differs between `row` and `desired` (a missing property reads as empty). */
export function changedProps(row: Row, desired: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(desired).filter(([name, value]) => !sameValue(row[name] ?? '', value)));
}

const BOOL: Readonly<Record<string, boolean>> = { true: true, yes: true, false: false, no: false };

/** Equal as RouterOS means them: `yes` and `true` are one boolean. */
export const sameValue = (a: string, b: string): boolean => a === b || (a in BOOL && BOOL[a] === BOOL[b]);
