import type { LiveRows } from '../row-operation';

/** An argument whose value names a row of another menu, and the words RouterOS takes there besides row names. */
interface Reference {
  menu: string;
  key: string;
  words: readonly string[];
}

const INTERFACE: Reference = { menu: 'interface', key: 'name', words: ['all', 'none'] };
const INTERFACE_LIST: Reference = { menu: 'interface/list', key: 'name', words: ['all', 'none', 'dynamic', 'static'] };

/**
 * Arguments that name another menu's row, by argument name (and the menus where the name means something else are
 * left out). Kept to names whose meaning is the same in every menu of both trees, so a check never refuses a value
 * RouterOS takes; anything else is left to the device, whose refusal is undone.
 */
const BY_ARGUMENT: Readonly<Record<string, Reference>> = {
  interface: INTERFACE,
  'in-interface': INTERFACE,
  'out-interface': INTERFACE,
  'in-interface-list': INTERFACE_LIST,
  'out-interface-list': INTERFACE_LIST,
  bridge: { menu: 'interface/bridge', key: 'name', words: [] },
  'address-pool': { menu: 'ip/pool', key: 'name', words: ['static-only'] },
  'next-pool': { menu: 'ip/pool', key: 'name', words: ['none'] },
  'routing-table': { menu: 'routing/table', key: 'name', words: ['main'] },
};

/** Per menu: arguments whose meaning there is a reference although their name is generic. */
const BY_MENU: Readonly<Record<string, Readonly<Record<string, Reference>>>> = {
  'interface/list/member': { list: INTERFACE_LIST },
  'ip/dhcp-server/lease': { server: { menu: 'ip/dhcp-server', key: 'name', words: ['all'] } },
  user: { group: { menu: 'user/group', key: 'name', words: [] } },
};

/** Menus whose `interface` is something else than one interface's name (a list, or a port RoMON may not have). */
const NOT_AN_INTERFACE: ReadonlySet<string> = new Set(['ip/neighbor/discovery-settings', 'tool/romon/port']);

export function referenceOf(menu: string, argument: string): Reference | undefined {
  const own = BY_MENU[menu]?.[argument];
  if (own) return own;
  if (argument === 'interface' && NOT_AN_INTERFACE.has(menu)) return undefined;
  return BY_ARGUMENT[argument];
}

/** The menus whose rows the references among `arguments` of `menu` name (read beside the menu itself). */
export function referenceReads(menu: string, argumentNames: Iterable<string>): string[] {
  return [...new Set([...argumentNames].map((a) => referenceOf(menu, a)?.menu).filter((m): m is string => m !== undefined))];
}

/**
 * Why `value` of `argument` names nothing the device has, or undefined when it does (or the argument is no
 * reference). A leading `!` (a firewall matcher's negation) is not part of the name.
 */
export function missingReference(live: LiveRows, menu: string, argument: string, value: string): { reason: string; accepted: string[] } | undefined {
  const ref = referenceOf(menu, argument);
  if (!ref || value === '') return undefined;
  const rows = live[ref.menu];
  if (!rows) return undefined;
  const name = value.startsWith('!') ? value.slice(1) : value;
  const names = rows.map((r) => r[ref.key]).filter((n): n is string => n !== undefined);
  if (names.includes(name) || ref.words.includes(name) || (ref === INTERFACE && name.startsWith('all-'))) return undefined;
  return { reason: `'${name}' is not in /${ref.menu}`, accepted: [...ref.words, ...names].slice(0, 50) };
}
