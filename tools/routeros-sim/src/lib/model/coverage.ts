import { printableMenus, SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { hasCuratedRule } from './arg-rules';
import { genericMenuOf } from './generic-menus';
import { MENU_BY_PATH } from './menus';
import type { MenuSpec } from './menu-spec';
import { treeRule } from './tree-rules';
import { treeWithPackages } from '../schema/package-trees';
import { ITEM_SELECTORS, textArgSource } from './text-args';

/** How the simulator serves one menu, for the coverage page (docs/simulator-coverage.md). */
export interface MenuCoverage {
  path: string;
  /** The versions whose tree (or package) has the menu. */
  versions: string[];
  /** `curated`: model/menus.ts; `generic`: from the tree alone (model/generic-menus.ts). */
  served: 'curated' | 'generic';
  shape: 'table' | 'singleton';
  writable: boolean;
  /** `add`/`set` arguments of the newest version that has the menu. */
  args: number;
  /** Of those, the ones whose values are checked: booleans, references, a curated rule or the tree's description. */
  checked: number;
  /** Of the others, the ones MikroTik's CLI reference types as free text (model/text-args.ts). */
  text: number;
  /** The rest, by name: taken as free text for the reason model/free-args.ts gives. */
  free: string[];
}

/**
 * Whether a curated menu's own `argRule` (ipsec.ts, ppp.ts, queues.ts…) checks the argument: probed as
 * hasCuratedRule probes arg-rules.ts, with a value no rule takes, so a rule that answers or refuses it exists.
 */
export function hasMenuRule(spec: MenuSpec, version: string, command: 'add' | 'set', arg: string): boolean {
  if (!spec.argRule) return false;
  try {
    return spec.argRule(arg, '\u0000', { command, version, rowsOf: () => [] }) !== undefined;
  } catch {
    return true;
  }
}

/** Every menu the simulator serves: each printable menu of either tree, and the curated package menus. */
export function menuCoverage(): MenuCoverage[] {
  const paths = new Set<string>([...SUPPORTED_VERSIONS.flatMap((v) => printableMenus(treeFor(v))), ...MENU_BY_PATH.keys()]);
  return [...paths].sort().map((path) => {
    const curated = MENU_BY_PATH.get(path);
    const versions = SUPPORTED_VERSIONS.filter((v) => treeFor(v)[path]?.commands.includes('print') || curated?.package !== undefined);
    const newest = versions[versions.length - 1];
    // A package's menus that the vendored trees lack are described by the package's own tree (schema/package-trees.ts).
    const menu = newest === undefined ? undefined : treeWithPackages(treeFor(newest), curated?.package ? [curated.package] : [])[path];
    const spec = curated ?? genericMenuOf(treeFor(newest), path)!;
    const writeArgs = (command: 'add' | 'set') => (menu?.[command] ?? []).map((arg) => ({ command, arg }));
    const args = [...writeArgs('add'), ...writeArgs('set').filter((s) => !(menu?.add ?? []).includes(s.arg))];
    const isChecked = ({ command, arg }: { command: 'add' | 'set'; arg: string }) => ITEM_SELECTORS.includes(arg) || spec.bools?.includes(arg) || spec.refs?.[arg] !== undefined || spec.refTargets?.[arg] !== undefined || (spec.addressArgs?.includes(arg) ?? false) || (spec.valueArgs?.includes(arg) ?? false) || (curated && (hasCuratedRule(path, arg) || hasMenuRule(curated, newest, command, arg))) || treeRule(newest, path, command, arg) !== undefined;
    const checked = args.filter(isChecked).length;
    const unchecked = args.filter((a) => !isChecked(a));
    const text = unchecked.filter((a) => textArgSource(path, a.arg) !== undefined).length;
    const free = unchecked.filter((a) => textArgSource(path, a.arg) === undefined).map((a) => a.arg);
    return { path: `/${path}`, versions: [...versions], served: curated ? 'curated' : 'generic', shape: spec.kind, writable: spec.writable, args: args.length, checked, text, free };
  });
}

/** The coverage page as Markdown: totals, then one row per menu. */
export function coverageMarkdown(rows: MenuCoverage[] = menuCoverage()): string {
  const count = (pick: (r: MenuCoverage) => boolean) => rows.filter(pick).length;
  const perVersion = SUPPORTED_VERSIONS.map((v) => `${count((r) => r.versions.includes(v))} on ${v}`).join(', ');
  const args = rows.reduce((n, r) => n + r.args, 0);
  const checked = rows.reduce((n, r) => n + r.checked, 0);
  const text = rows.reduce((n, r) => n + r.text, 0);
  const lines = [
    '# Simulator coverage, menu by menu',
    '',
    'Generated from the simulator itself (`tools/routeros-sim/src/lib/model/coverage.ts`); `coverage.spec.ts` fails when',
    'this page is stale. Regenerate: `cd tools/routeros-sim && UPDATE_COVERAGE=1 npx jest -c jest.config.cjs --testPathPatterns=coverage --selectProjects unit`.',
    '',
    `- **Served:** ${rows.length} menus (${perVersion}), every one answering \`print\` over REST and the SSH console.`,
    `- **Curated:** ${count((r) => r.served === 'curated')} menus with hand-written behaviour (defaults, references, computed fields, RouterOS's refusals); the other ${count((r) => r.served === 'generic')} behave as the tree alone says (a table or a singleton, see [simulator.md](simulator.md)).`,
    `- **Writable:** ${count((r) => r.writable)} menus take writes; the rest are status menus that refuse them.`,
    `- **Values checked:** ${checked} of ${args} \`add\`/\`set\` arguments (newest version of each menu) as booleans, references (curated, or generic ones from \`model/generic-refs.ts\`), by a curated rule, by the tree's value description or by a generic menu's address rule (\`model/generic-addresses.ts\`) or time/integer rule from MikroTik's manual (\`model/generic-values.ts\`), and the item an item's \`numbers\`, \`copy-from\` or \`place-before\` names; ${text} more are free text as MikroTik's CLI reference types them (\`model/text-args.ts\`: marks, list names, strings); the other ${args - checked - text} are free text, each for the reason \`model/free-args.ts\` gives (the reference and RouterOS's exports disagree, the reference is silent, or the menu is a status one).`,
    '',
    '| menu | versions | served | shape | writes | values checked | text |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| \`${r.path}\` | ${r.versions.length === SUPPORTED_VERSIONS.length ? 'both' : r.versions.join(', ')} | ${r.served} | ${r.shape} | ${r.writable ? 'yes' : 'no'} | ${r.args === 0 ? '–' : `${r.checked}/${r.args}`} | ${r.text === 0 ? '–' : r.text} |`),
    '',
  ];
  return lines.join('\n');
}
