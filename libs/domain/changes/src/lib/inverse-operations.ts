import { isSecretRouterOsProperty } from '@routeros-mcp/domain-kernel';
import { applyOperations, rowOf } from './apply-operations';
import { WRITABLE } from './planners/common/menu-properties';
import type { LiveRows, Row, RowOperation } from './row-operation';
import { isWriteOnly } from './value-equivalence';

/** Menus whose row order is configuration (rules are evaluated top down): a re-added row goes back to its place. */
export const ORDERED_MENUS: readonly string[] = [
  'ip/firewall/filter', 'ip/firewall/nat', 'ip/firewall/mangle', 'ip/firewall/raw',
  'ipv6/firewall/filter', 'ipv6/firewall/nat', 'ipv6/firewall/mangle', 'ipv6/firewall/raw', 'routing/rule',
];

/**
 * Properties RouterOS reports but does not take on `add` (state, counters, flags it computes). A removed row is
 * re-added from its other properties.
 */
export const READ_ONLY_PROPERTIES: ReadonlySet<string> = new Set([
  '.id', '.nextid', '.about', 'dynamic', 'invalid', 'running', 'slave', 'inactive', 'builtin', 'default', 'static', 'active',
  'actual-interface', 'bytes', 'packets', 'status', 'last-seen', 'expires-after', 'active-address', 'active-mac-address',
  'active-client-id', 'active-server', 'host-name', 'radius', 'blocked', 'creation-time', 'gateway-status', 'immediate-gw',
  'ecmp', 'hw-offload', 'connect', 'timeout-left', 'age',
]);

/**
 * Menus RouterOS has no `unset` command in (its command tree, 7.15.3 and 7.20.5): a property that was absent is
 * put back as "" there, which RouterOS prints as absent again.
 */
export const MENUS_WITHOUT_UNSET: ReadonlySet<string> = new Set(['interface', 'ip/address', 'ip/firewall/address-list', 'system/scheduler', 'ip/pool', 'interface/bridge/vlan', 'interface/wireless/security-profiles']);

export interface InverseResult {
  /** The operations that restore the before-state, in the order they must be written. */
  operations: RowOperation[];
  /** Why some of the change cannot be undone (a command, an added row whose id is not known yet, a secret value). */
  missing: string[];
}

/**
 * What of a removed row an `add` takes back: the menu's own add arguments where they are known (a route also
 * prints `hw-offloaded`, `ecmp`… an add refuses), otherwise every property but the read-only ones. Empty values are
 * the defaults an add gives anyway, and some (`dhcp-option` on a lease) are printed but not add arguments.
 */
function restorable(menu: string, row: Row, restore?: readonly string[]): Record<string, string> {
  const known = restore ?? WRITABLE[menu];
  return Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== '' && (known ? known.includes(key) : !READ_ONLY_PROPERTIES.has(key))));
}

function nextRowId(rows: readonly Row[], id: string): string | undefined {
  const at = rows.findIndex((r) => r['.id'] === id);
  return at < 0 ? undefined : rows[at + 1]?.['.id'];
}

function inverseOf(op: RowOperation, state: LiveRows, addedId: string | undefined, missing: string[]): RowOperation | undefined {
  const rows = state[op.menu] ?? [];
  switch (op.kind) {
    case 'add':
      if (addedId === undefined) missing.push(`the id of the row added to /${op.menu} is not known yet`);
      return addedId === undefined ? undefined : { kind: 'remove', menu: op.menu, id: addedId };
    case 'set': {
      const row = rowOf(rows, op.id) ?? {};
      const props: Record<string, string> = {};
      const unset: string[] = [];
      for (const name of [...Object.keys(op.props), ...(op.unset ?? [])]) {
        if (row[name] !== undefined) props[name] = row[name];
        else if (MENUS_WITHOUT_UNSET.has(op.menu) || op.withoutUnset) props[name] = '';
        else if (!unset.includes(name)) unset.push(name);
      }
      return { kind: 'set', menu: op.menu, ...(op.id !== undefined ? { id: op.id } : {}), props, ...(unset.length ? { unset } : {}), ...(op.withoutUnset ? { withoutUnset: true } : {}) };
    }
    case 'remove': {
      const row = rowOf(rows, op.id);
      if (!row) {
        missing.push(`/${op.menu} ${op.id} was not in the before-state`);
        return undefined;
      }
      const next = ORDERED_MENUS.includes(op.menu) || op.ordered ? nextRowId(rows, op.id) : undefined;
      return { kind: 'add', menu: op.menu, props: restorable(op.menu, row, op.restore), ...(next ? { placeBefore: next } : {}) };
    }
    case 'move': {
      const next = nextRowId(rows, op.id);
      return { kind: 'move', menu: op.menu, id: op.id, ...(next ? { destination: next } : {}) };
    }
    case 'command':
      missing.push(`${op.menu}/${op.command} is a command with no state to restore`);
      return undefined;
  }
}

/**
 * Why `operations` could not be undone because a property they take away is one RouterOS never shows (a user's
 * `password`): a removed row would come back without it (a user with an empty password) and a changed one could not
 * get its old value back. Such a change is made without a revert rather than with one that weakens the device.
 */
export function unrestorableWriteOnly(before: LiveRows, operations: readonly RowOperation[]): string[] {
  const reasons = new Set<string>();
  for (const op of operations) {
    if (op.kind !== 'remove' && op.kind !== 'set') continue;
    const names = op.kind === 'remove' ? (op.restore ?? WRITABLE[op.menu] ?? []) : [...Object.keys(op.props), ...(op.unset ?? [])];
    const label = rowOf(before[op.menu], op.id)?.['name'] ?? op.id;
    for (const name of names.filter((n) => isWriteOnly(op.menu, n))) reasons.add(`RouterOS never shows the ${name} of /${op.menu}${label ? ` ${label}` : ''}, so a revert could not put it back`);
  }
  return [...reasons];
}

/** Inverse operations that would carry a secret value (which records never hold): their property names. */
export function secretsNeededToRestore(inverse: readonly RowOperation[]): string[] {
  const names = new Set<string>();
  for (const op of inverse) {
    if (op.kind !== 'add' && op.kind !== 'set') continue;
    for (const [key, value] of Object.entries(op.props)) if (value !== '' && isSecretRouterOsProperty(key)) names.add(`/${op.menu} ${key}`);
  }
  return [...names];
}

/**
 * The operations that undo `operations`, computed from the recorded before-state: add → remove (with the id the
 * device gave the row, `addedIds[i]` for operation i), set → set back (unset what was absent), remove → add with
 * `place-before` the row that followed it in ordered menus, move → move back. Commands cannot be undone. Each
 * operation's inverse is taken on the state just before it, so a row changed twice comes back to its first state.
 */
export function inverseOperations(before: LiveRows, operations: readonly RowOperation[], addedIds: readonly (string | undefined)[] = []): InverseResult {
  const inverse: RowOperation[] = [];
  const missing: string[] = [];
  let state = before;
  operations.forEach((op, i) => {
    const undo = inverseOf(op, state, addedIds[i], missing);
    if (undo) inverse.unshift(undo);
    state = applyOperations(state, [op]);
  });
  return { operations: inverse, missing };
}
