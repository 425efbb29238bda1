import type { TreeMenu, TreeSchema } from '../schema/menu-schema';
import type { MenuSpec } from './menu-spec';

/**
 * The behaviour of a menu nobody curated, read from the command tree alone: a table when it has items (`add`,
 * `remove`, or `find` that selects them), a singleton when it has no items (`set` makes it writable: `/ip/settings`;
 * without `set` it is a read-only object such as `/system/license`). Generic menus start empty (a singleton has no
 * values yet), which keeps every existing profile's prints and exports as they were.
 */
export function genericMenu(path: string, menu: TreeMenu): MenuSpec {
  const has = (command: string) => menu.commands.includes(command);
  const items = has('add') || has('remove') || has('find');
  if (!items) return { path, kind: 'singleton', writable: has('set'), generic: true };
  const spec: MenuSpec = { path, kind: 'table', writable: has('add') || has('set') || has('remove'), generic: true };
  // Where rows can be disabled RouterOS prints `disabled` on every row, `false` unless set.
  if ([...(menu.add ?? []), ...(menu.set ?? [])].includes('disabled')) spec.bools = ['disabled'];
  if (menu.add?.includes('disabled')) spec.defaults = { disabled: 'false' };
  return spec;
}

const byTree = new WeakMap<TreeSchema, Map<string, MenuSpec>>();

/** The generic spec of every printable menu of a tree: built once per process and version, shared by all devices. */
export function genericMenuOf(tree: TreeSchema, path: string): MenuSpec | undefined {
  let specs = byTree.get(tree);
  if (!specs) {
    specs = new Map(Object.entries(tree).filter(([, menu]) => menu.commands.includes('print')).map(([p, menu]) => [p, genericMenu(p, menu)]));
    byTree.set(tree, specs);
  }
  return specs.get(path);
}
