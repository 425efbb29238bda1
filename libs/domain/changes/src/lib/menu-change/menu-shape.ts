import type { TreeMenu } from '../command-tree/command-tree';

/** What a menu-specific command (`make-static`, `reboot`) may do through the change pipeline, from the safety table. */
export interface MenuActionRule {
  kind: 'allowed' | 'plan_only' | 'refused' | 'not_a_change';
  why: string;
  /** The command's arguments, with RouterOS's description of their values. */
  args: ReadonlyMap<string, string | undefined>;
}

/**
 * A menu as a change to it is planned: its commands and their arguments from the device version's command tree,
 * and what the safety tables say of it (the application layer puts the two together, the domain plans from it).
 */
export interface MenuShape {
  /** RouterOS's form without the leading slash: `ip/firewall/nat`. */
  path: string;
  treeVersion: string;
  /** One row (`/ip/settings`): `set` takes no row, there is no `add` or `remove`. */
  singleton: boolean;
  commands: ReadonlySet<string>;
  /** `add`'s and `set`'s property arguments (the selectors `numbers`, `copy-from`, `place-before` left out). */
  addArgs: ReadonlyMap<string, string | undefined>;
  setArgs: ReadonlyMap<string, string | undefined>;
  /** Whether `add` takes `place-before` (rule lists, where order is configuration). */
  placeable: boolean;
  /** Whether the menu has rows to read (`/system` has commands only). */
  printable: boolean;
  actions: ReadonlyMap<string, MenuActionRule>;
  /** Why no write may be made here at all (a refused menu), when that is so. */
  refusal?: string;
  /** A write here is not modelled by the management-path evaluation: it runs under protection. */
  unmodelled: boolean;
}

/** Arguments that choose rows or where a new one goes, not properties of a row. */
export const SELECTOR_ARGUMENTS: ReadonlySet<string> = new Set(['numbers', 'copy-from', 'place-before', 'value-name']);

const propertyArgs = (menu: TreeMenu, command: string) =>
  new Map([...(menu.commands.get(command)?.args.values() ?? [])].filter((a) => !SELECTOR_ARGUMENTS.has(a.name)).map((a) => [a.name, a.desc] as const));

/**
 * The tree's half of a menu's shape. A menu is a singleton when it has `set` but no `add` and its `set` names no
 * row (`numbers`), as RouterOS's one-row menus (`/ip/settings`, `/system/identity`) are.
 */
export function treeShape(menu: TreeMenu, treeVersion: string): Pick<MenuShape, 'path' | 'treeVersion' | 'singleton' | 'commands' | 'addArgs' | 'setArgs' | 'placeable' | 'printable'> {
  const set = menu.commands.get('set');
  return {
    path: menu.path,
    treeVersion,
    singleton: !menu.commands.has('add') && set !== undefined && !set.args.has('numbers'),
    commands: new Set(menu.commands.keys()),
    addArgs: propertyArgs(menu, 'add'),
    setArgs: propertyArgs(menu, 'set'),
    placeable: menu.commands.get('add')?.args.has('place-before') ?? false,
    printable: menu.commands.has('print'),
  };
}
