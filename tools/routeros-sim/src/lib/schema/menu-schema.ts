import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What RouterOS's command tree says about one menu of one version (extracted by scripts/extract-schema.cjs). */
export interface TreeMenu {
  type: 'dir' | 'path';
  /** Every command of the menu, sorted. */
  commands: string[];
  /** Argument names of each command, sorted. */
  args: Record<string, string[]>;
  /** Shorthands for the arguments of the commands writes check. */
  add?: string[];
  set?: string[];
  print?: string[];
  export?: string[];
  remove?: string[];
}

/** Every menu of one version's tree by path (`ip/address`; `` is the root). */
export type TreeSchema = Record<string, TreeMenu>;

type ArgSet = (string | [string, number])[];
export interface StoredSchema {
  descs: string[];
  argSets: ArgSet[];
  versions: Record<string, Record<string, ['dir' | 'path', Record<string, number>]>>;
}

export const SUPPORTED_VERSIONS = ['7.15.3', '7.20.5'] as const;

let stored: StoredSchema | undefined;
const expanded = new Map<string, TreeSchema>();

/** The schema file as extracted; read once per process. */
export function storedSchema(): StoredSchema {
  stored ??= JSON.parse(readFileSync(join(__dirname, 'routeros-schema.json'), 'utf8')) as StoredSchema;
  return stored;
}

const argName = (arg: string | [string, number]) => (typeof arg === 'string' ? arg : arg[0]);

/** One version's tree, expanded once per process and shared by every device of that version. */
export function treeFor(version: string): TreeSchema {
  const cached = expanded.get(version);
  if (cached) return cached;
  const schema = storedSchema();
  const menus = schema.versions[version];
  if (!menus) throw new Error(`unsupported RouterOS version ${version}; choose one of ${SUPPORTED_VERSIONS.join(', ')}`);
  // Argument lists are shared between menus as in the file: one array per distinct list.
  const names = schema.argSets.map((set) => set.map(argName));
  const tree: TreeSchema = {};
  for (const [path, [type, commands]] of Object.entries(menus)) {
    const args = Object.fromEntries(Object.entries(commands).map(([cmd, set]) => [cmd, names[set]]));
    tree[path] = { type, commands: Object.keys(commands), args, add: args['add'], set: args['set'], print: args['print'], export: args['export'], remove: args['remove'] };
  }
  expanded.set(version, tree);
  return tree;
}

/** RouterOS's description of an argument's values (`A.B.C.D    (IP address)`), where the tree has one. */
export function argDescription(version: string, menu: string, command: string, arg: string): string | undefined {
  const schema = storedSchema();
  const set = schema.versions[version]?.[menu]?.[1][command];
  const found = set === undefined ? undefined : schema.argSets[set].find((a) => argName(a) === arg);
  return Array.isArray(found) ? schema.descs[found[1]] : undefined;
}

/** The arguments of the command at `path` when the tree has one there (`tool/ping`, `system/reboot`, `export`). */
export function commandArgs(tree: TreeSchema, path: string): string[] | undefined {
  const at = path.lastIndexOf('/');
  return tree[at < 0 ? '' : path.slice(0, at)]?.args[path.slice(at + 1)];
}

/** Menus that answer `print`. */
export function printableMenus(tree: TreeSchema): string[] {
  return Object.keys(tree).filter((path) => tree[path].commands.includes('print'));
}
