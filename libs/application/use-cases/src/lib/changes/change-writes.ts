import type { DeviceTarget, RouterOsApi } from '@routeros-mcp/application-ports';
import type { LiveRows, Row, RowOperation } from '@routeros-mcp/domain-changes';
import { isCountdown, isWriteOnly, READ_ONLY_PROPERTIES, rowOf, sameValue } from '@routeros-mcp/domain-changes';
import { isSecretRouterOsProperty, REDACTED_VALUE } from '@routeros-mcp/domain-kernel';

/**
 * One operation over REST. `add` answers the id the device gave the new row. Unset, move and commands are
 * RouterOS commands (`/rest/ip/address/unset`, `…/move`), sent once: a write is never retried.
 */
export async function writeOperation(api: RouterOsApi, target: DeviceTarget, op: RowOperation, signal?: AbortSignal): Promise<string | undefined> {
  const options = { signal };
  switch (op.kind) {
    case 'add': {
      const row = await api.add(target, op.menu, { ...op.props, ...(op.placeBefore ? { 'place-before': op.placeBefore } : {}) }, options);
      return row['.id'];
    }
    case 'set':
      if (Object.keys(op.props).length > 0) {
        if (op.id === undefined) await api.setSingleton(target, op.menu, { ...op.props }, options);
        else await api.update(target, op.menu, op.id, { ...op.props }, options);
      }
      for (const name of op.unset ?? []) await api.run(target, `${op.menu}/unset`, { ...(op.id !== undefined ? { numbers: op.id } : {}), 'value-name': name }, options);
      return undefined;
    case 'remove':
      await api.remove(target, op.menu, op.id, options);
      return undefined;
    case 'move':
      await api.run(target, `${op.menu}/move`, { numbers: op.id, ...(op.destination ? { destination: op.destination } : {}) }, options);
      return undefined;
    case 'command':
      await api.run(target, `${op.menu}/${op.command}`, { ...(op.args ?? {}) }, options);
      return undefined;
  }
}

/**
 * A property's value as a message may show it: a secret's (a passphrase) never, only that it is set; an empty one
 * as `empty`, so `servers is empty, not 192.0.2.77` does not read as a word left out.
 */
const shown = (key: string, value: string | undefined, absent: string) => (value === undefined ? absent : value === '' ? 'empty' : isSecretRouterOsProperty(key) ? REDACTED_VALUE : value);

/** Whether `row` holds `props` as written; a countdown (an entry's timeout) only needs to be there, since it runs. */
const propsHeld = (menu: string, row: Row | undefined, props: Readonly<Record<string, string>>) =>
  row !== undefined && Object.entries(props).every(([k, v]) => isWriteOnly(menu, k) || (isCountdown(menu, k) ? row[k] !== undefined : sameValue(v, row[k])));

/**
 * A row added by `op` that is in `live` but was not in `before` (for an add whose answer was lost: the write may
 * have happened, so the state is read rather than the write repeated).
 */
export function findAdded(before: LiveRows, live: LiveRows, op: Extract<RowOperation, { kind: 'add' }>): string | undefined {
  const known = new Set((before[op.menu] ?? []).map((r) => r['.id']));
  return (live[op.menu] ?? []).find((r) => !known.has(r['.id']) && propsHeld(op.menu, r, op.props))?.['.id'];
}

/** What of the desired state does not hold on the device (empty when every written row is as desired). */
export function unmetOperations(live: LiveRows, operations: readonly RowOperation[], addedIds: readonly (string | undefined)[]): string[] {
  const unmet: string[] = [];
  operations.forEach((op, i) => {
    const rows = live[op.menu] ?? [];
    const where = `/${op.menu}`;
    switch (op.kind) {
      case 'add':
        if (!propsHeld(op.menu, rowOf(rows, addedIds[i] ?? '\0'), op.props)) unmet.push(`${where}: the added row is not there as written`);
        break;
      case 'set': {
        const row = rowOf(rows, op.id);
        for (const [k, v] of Object.entries(op.props)) if (!isWriteOnly(op.menu, k) && !sameValue(v, row?.[k])) unmet.push(`${where}${op.id ? ` ${op.id}` : ''} ${k} is ${shown(k, row?.[k], 'unset')}, not ${shown(k, v, '')}`);
        for (const k of op.unset ?? []) if (row?.[k] !== undefined) unmet.push(`${where}${op.id ? ` ${op.id}` : ''} ${k} is still set`);
        break;
      }
      case 'remove':
        if (rowOf(rows, op.id)) unmet.push(`${where} ${op.id} is still there`);
        break;
      case 'move': {
        const at = rows.findIndex((r) => r['.id'] === op.id);
        const dest = op.destination ? rows.findIndex((r) => r['.id'] === op.destination) : rows.length;
        if (at < 0 || at !== dest - 1) unmet.push(`${where} ${op.id} is not ${op.destination ? `before ${op.destination}` : 'last'}`);
        break;
      }
      case 'command':
        break;
    }
  });
  return unmet;
}

/** What of the before-state is not back after an undo (empty when the touched rows are as they were). */
export function unrestored(before: LiveRows, live: LiveRows, operations: readonly RowOperation[], addedIds: readonly (string | undefined)[]): string[] {
  const missing: string[] = [];
  operations.forEach((op, i) => {
    const rows = live[op.menu] ?? [];
    switch (op.kind) {
      case 'add': {
        // Without the id the device gave it, any new row holding what was written counts as the added one.
        const left = addedIds[i] ? rowOf(rows, addedIds[i])?.['.id'] : findAdded(before, live, op);
        if (left) missing.push(`/${op.menu} ${left} (added) is still there`);
        break;
      }
      case 'set': {
        const was = rowOf(before[op.menu], op.id) ?? {};
        const row = rowOf(rows, op.id);
        for (const k of [...Object.keys(op.props), ...(op.unset ?? [])]) {
          if (was[k] === undefined ? row?.[k] !== undefined && row?.[k] !== '' : !sameValue(was[k], row?.[k])) missing.push(`/${op.menu} ${k} is ${shown(k, row?.[k], 'unset')}, was ${shown(k, was[k], 'unset')}`);
        }
        break;
      }
      case 'remove': {
        const was = rowOf(before[op.menu], op.id);
        const props = Object.fromEntries(Object.entries(was ?? {}).filter(([k]) => !READ_ONLY_PROPERTIES.has(k)));
        if (was && !rows.some((r) => propsHeld(op.menu, r, props))) missing.push(`/${op.menu} ${op.id} (removed) is not back`);
        break;
      }
      default:
        break;
    }
  });
  return missing;
}

/**
 * Whether an undo operation has nothing left to do on `live`: the row it adds back is there (its write never
 * happened, or was undone already), or the row it removes is gone. Sets and moves are written again: they are
 * idempotent.
 */
export function alreadyInEffect(live: LiveRows, op: RowOperation): boolean {
  const rows = live[op.menu] ?? [];
  if (op.kind === 'add') return rows.some((r) => propsHeld(op.menu, r, op.props));
  if (op.kind === 'remove') return !rows.some((r) => r['.id'] === op.id);
  return false;
}
