import type { TreeMenu, TreeSchema } from './menu-schema';
import { CONTAINER_PACKAGE, CONTAINER_TREE } from '../model/container';

/**
 * Menus of extra packages written from MikroTik's manual (the vendored trees come from devices without them), by
 * package. A device with one of these packages serves its menus as if its tree listed them: REST commands, the
 * console and argument names all read the device's tree.
 */
const PACKAGE_TREES: Record<string, Record<string, TreeMenu>> = { [CONTAINER_PACKAGE]: CONTAINER_TREE };

const withPackages = new WeakMap<TreeSchema, Map<string, TreeSchema>>();

/** `tree` with the menus of `packages` added; the same object when none of them has menus here (shared caches stay shared). */
export function treeWithPackages(tree: TreeSchema, packages: readonly string[]): TreeSchema {
  const extra = packages.filter((p) => PACKAGE_TREES[p]).sort();
  if (extra.length === 0) return tree;
  let byKey = withPackages.get(tree);
  if (!byKey) withPackages.set(tree, (byKey = new Map()));
  const key = extra.join(',');
  let merged = byKey.get(key);
  if (!merged) {
    merged = { ...tree, ...Object.assign({}, ...extra.map((p) => PACKAGE_TREES[p])) } as TreeSchema;
    byKey.set(key, merged);
  }
  return merged;
}
