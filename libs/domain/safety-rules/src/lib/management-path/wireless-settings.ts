import type { LiveRows, Row } from '@routeros-mcp/domain-changes';
import { isTrue, rowsOf, Snapshot, splitList } from './snapshot';
import { WirelessStack } from './wireless-stacks';

/** A radio on the management path: its stack, its row's id and name in `before`, and whether CAPsMAN provides it. */
export interface PathRadio {
  stack: WirelessStack;
  id?: string;
  name: string;
  capsman: boolean;
}

/** One setting that decides what a radio offers its clients, where it lives, and its value (never shown). */
export interface RadioSetting {
  /** `wifi1`, `interface/wifi/security home`, `interface/wifi/access-list`… */
  where: string;
  property: string;
  value: string;
}

/** Properties that change nothing a client associates with. */
const COSMETIC = new Set(['comment', '.about']);

/** Rows of a profile menu a value names: by `name` (multi-passphrase rows by their `group`). */
function named(rows: LiveRows, menu: string, value: string): readonly Row[] {
  const key = menu.endsWith('/multi-passphrase') ? 'group' : 'name';
  return rowsOf(rows, menu).filter((r) => r[key] === value);
}

/** A radio's row in `rows`: by id (it survives a rename), else by name. */
export function radioRow(rows: LiveRows, radio: Pick<PathRadio, 'stack' | 'id' | 'name'>): Row | undefined {
  const all = rowsOf(rows, radio.stack.interfaces);
  return (radio.id && all.find((r) => r['.id'] === radio.id)) || all.find((r) => r['name'] === radio.name);
}

/**
 * The interface `name` as a radio of one of `stacks`: found in the stack's own menu when it was read, else by the
 * `type` `/interface` shows. CAPsMAN provides every legacy CAPsMAN interface, and the dynamic ones of the others.
 */
export function findRadio(snap: Snapshot, stacks: readonly WirelessStack[], name: string): PathRadio | undefined {
  for (const stack of stacks) {
    const row = rowsOf(snap.rows, stack.interfaces).find((r) => r['name'] === name);
    const iface = snap.interfaces.get(name);
    if (!row && iface?.type !== stack.type) continue;
    return { stack, id: row?.['.id'], name, capsman: stack.name === 'caps-man' || isTrue(row?.['dynamic']) || iface?.dynamic === true };
  }
  return undefined;
}

/**
 * Everything that decides what `radio` offers its clients in `rows`: its own row (but its name and comment), the
 * profiles it names (configuration, security, channel, datapath…) and those they name in turn, the stack's shared
 * lists (access and connect lists, this device as a CAP), and for a radio CAPsMAN provides, the manager's settings,
 * its provisioning rules and the configurations they name. `undefined` when the radio is gone.
 */
export function radioSettings(rows: LiveRows, radio: PathRadio): RadioSetting[] | undefined {
  const own = radioRow(rows, radio);
  if (!own) return undefined;
  const settings: RadioSetting[] = [];
  const seen = new Set<Row>();
  const add = (where: string, row: Row, skip: ReadonlySet<string>) => {
    if (seen.has(row)) return;
    seen.add(row);
    for (const [property, value] of Object.entries(row)) if (!skip.has(property) && !property.startsWith('.')) settings.push({ where, property, value });
    for (const [property, menu] of Object.entries(radio.stack.refs)) {
      for (const value of splitList(row[property])) for (const profile of named(rows, menu, value)) add(`${menu} ${value}`, profile, COSMETIC);
    }
  };
  add(radio.name, own, new Set([...COSMETIC, 'name']));
  const whole = (menu: string) => rowsOf(rows, menu).forEach((row, i) => add(`${menu}${rowsOf(rows, menu).length > 1 ? ` #${i}` : ''}`, row, COSMETIC));
  radio.stack.shared.forEach(whole);
  if (radio.capsman) radio.stack.capsman.forEach(whole);
  return settings;
}

/** Settings that differ between two states (added, removed or changed), by where and property. */
export function changedSettings(before: readonly RadioSetting[], after: readonly RadioSetting[]): RadioSetting[] {
  const key = (s: RadioSetting) => `${s.where}\u0000${s.property}`;
  const was = new Map(before.map((s) => [key(s), s.value]));
  const now = new Map(after.map((s) => [key(s), s.value]));
  const changed = after.filter((s) => was.get(key(s)) !== s.value);
  const gone = before.filter((s) => !now.has(key(s)));
  return [...changed, ...gone];
}
