import { distance } from 'fastest-levenshtein';

/**
 * A node of RouterOS's command tree as `/console/inspect` reports it (the trees vendored under
 * `reference/routeros-inspect`): menus are `dir` (or `path`, the top groups), commands `cmd`, arguments `arg` with
 * RouterOS's description of their values in `desc` where it gives one.
 */
export interface InspectNode {
  _type?: string;
  desc?: string;
  [child: string]: InspectNode | string | undefined;
}

export interface TreeArgument {
  name: string;
  /** RouterOS's own description of the accepted values (`yes | no`, `0..4294967295`, `A.B.C.D (IP address)`). */
  desc?: string;
}

export interface TreeCommand {
  name: string;
  args: ReadonlyMap<string, TreeArgument>;
}

export interface TreeMenu {
  /** RouterOS's form without the leading slash: `ip/firewall/nat` (the root menu is ``). */
  path: string;
  commands: ReadonlyMap<string, TreeCommand>;
  /** Paths of the menus directly below. */
  children: readonly string[];
}

const MENU_TYPES = new Set(['dir', 'path']);
const isNode = (value: unknown): value is InspectNode => typeof value === 'object' && value !== null;
const childrenOf = (node: InspectNode) => Object.entries(node).filter((e): e is [string, InspectNode] => e[0] !== '_type' && isNode(e[1]));

/** One RouterOS version's menus, commands and arguments, read once and kept in memory. */
export class CommandTree {
  private constructor(
    readonly version: string,
    private readonly menus: ReadonlyMap<string, TreeMenu>,
  ) {}

  static fromInspect(version: string, root: InspectNode): CommandTree {
    const menus = new Map<string, TreeMenu>();
    const visit = (path: string, node: InspectNode) => {
      const commands = new Map<string, TreeCommand>();
      const children: string[] = [];
      for (const [name, child] of childrenOf(node)) {
        if (child._type === 'cmd') {
          const args = new Map<string, TreeArgument>();
          for (const [arg, spec] of childrenOf(child)) if (spec._type === 'arg') args.set(arg, { name: arg, ...(typeof spec.desc === 'string' ? { desc: spec.desc } : {}) });
          commands.set(name, { name, args });
        } else if (MENU_TYPES.has(child._type ?? '')) {
          const childPath = path ? `${path}/${name}` : name;
          children.push(childPath);
          visit(childPath, child);
        }
      }
      menus.set(path, { path, commands, children });
    };
    visit('', root);
    return new CommandTree(version, menus);
  }

  menu(path: string): TreeMenu | undefined {
    return this.menus.get(path);
  }

  paths(): string[] {
    return [...this.menus.keys()];
  }

  /** The menus nearest to a path that is not one (by edit distance, siblings first), for a refusal's suggestion. */
  closest(path: string, count = 3): string[] {
    const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    return this.paths()
      .filter((p) => p !== '')
      .map((p) => ({ p, d: distance(p, path) - (p.startsWith(`${parent}/`) && parent ? 1 : 0) }))
      .sort((a, b) => a.d - b.d || a.p.localeCompare(b.p))
      .slice(0, count)
      .map((x) => x.p);
  }
}

const SEGMENT = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A menu path as a caller may write it (`/ip/firewall/nat`, `ip/firewall/nat`, `/ip firewall nat`) in the tree's
 * form (`ip/firewall/nat`); undefined when it is not a path RouterOS could have (other characters, empty segments).
 */
export function normaliseMenuPath(input: string): string | undefined {
  const body = input.trim().replace(/^\/|\/$/g, '');
  if (input.length > 200) return undefined;
  if (body === '') return '';
  const segments = body.includes('/') ? body.split('/') : body.split(/\s+/);
  return segments.every((s) => SEGMENT.test(s)) ? segments.join('/') : undefined;
}
