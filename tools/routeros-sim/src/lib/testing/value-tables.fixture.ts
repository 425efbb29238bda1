import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { hasCuratedRule } from '../model/arg-rules';
import { genericMenuOf } from '../model/generic-menus';
import { MENU_BY_PATH } from '../model/menus';
import { treeRule } from '../model/tree-rules';

/** Whether the version's tree lets `add` or `set` of the menu take the argument. */
export const takes = (version: string, menu: string, arg: string) => [...(treeFor(version)[menu]?.add ?? []), ...(treeFor(version)[menu]?.set ?? [])].includes(arg);
export const versionsOf = (menu: string) => SUPPORTED_VERSIONS.filter((v) => treeFor(v)[menu]);

type Table = Record<string, Record<string, { source: string; kind?: string; max?: number }>>;

/** An entry where the tree describes the argument would be dead: its description wins. */
function expectArgTakenUndescribed(menu: string, arg: string, versions: string[]): string[] {
  const taken = versions.filter((v) => takes(v, menu, arg));
  expect({ menu, arg, taken: taken.length > 0 }).toEqual({ menu, arg, taken: true });
  for (const v of taken) for (const c of ['add', 'set']) expect({ menu, arg, v, described: treeRule(v, menu, c, arg)?.kind ?? 'free' }).toEqual({ menu, arg, v, described: 'free' });
  return taken;
}

/**
 * A value table of generic menus: only generic menus, arguments a tree takes and leaves undescribed, each rule naming
 * a page `source` matches, an integer's bound read (never undefined), checked on the newest version that has it.
 */
export function expectGenericValueTable(table: Table, source: RegExp): void {
  for (const [menu, args] of Object.entries(table)) {
    expect({ menu, curated: MENU_BY_PATH.has(menu) }).toEqual({ menu, curated: false });
    const versions = versionsOf(menu);
    expect(versions.length).toBeGreaterThan(0);
    for (const [arg, rule] of Object.entries(args)) {
      const taken = expectArgTakenUndescribed(menu, arg, versions);
      expect(rule.source).toMatch(source);
      if (rule.kind === 'integer') expect(typeof rule.max).toBe('number');
      const newest = versions[versions.length - 1];
      if (taken.includes(newest)) expect({ menu, arg, checked: genericMenuOf(treeFor(newest), menu)!.valueArgs?.includes(arg) }).toEqual({ menu, arg, checked: true });
    }
  }
}

/** A value table of curated menus: arguments a tree takes and leaves undescribed, each counted as a curated rule. */
export function expectCuratedValueTable(table: Table, source: RegExp): void {
  for (const [menu, args] of Object.entries(table)) {
    expect({ menu, curated: MENU_BY_PATH.has(menu) }).toEqual({ menu, curated: true });
    for (const [arg, rule] of Object.entries(args)) {
      expectArgTakenUndescribed(menu, arg, [...SUPPORTED_VERSIONS]);
      expect(rule.source).toMatch(source);
      expect({ menu, arg, curated: hasCuratedRule(menu, arg) }).toEqual({ menu, arg, curated: true });
    }
  }
}
