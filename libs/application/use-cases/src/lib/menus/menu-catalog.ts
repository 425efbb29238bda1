import type { Clock, CommandTrees, Principal } from '@routeros-mcp/application-ports';
import { Clock as ClockToken, CommandTrees as CommandTreesToken } from '@routeros-mcp/application-ports';
import type { CommandTree, MenuActionRule, MenuShape, TreeArgument, TreeMenu } from '@routeros-mcp/domain-changes';
import { chooseTreeVersion, normaliseMenuPath, treeShape } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import { InvalidArgumentError, mayUseTier, parseRouterOsVersion } from '@routeros-mcp/domain-kernel';
import type { CommandKind, MenuReach } from '@routeros-mcp/domain-safety-rules';
import { commandVerdict, menuReach, menuTopic, REFUSED_MENUS, ROW_COMMANDS, ROW_READS, TOPIC_WRITE_FLAGS } from '@routeros-mcp/domain-safety-rules';
import { inject, injectable, optional } from '@routeros-mcp/inversify';
import type { MenuContents } from './menu-contents';
import { MenuContentsCache } from './menu-contents';

export interface MenuArgument {
  name: string;
  /** RouterOS's description of the accepted values, where its tree gives one. */
  accepts?: string;
  /** The row commands that take it (`add`, `set`). */
  on: string[];
}

export interface MenuAction {
  command: string;
  verdict: CommandKind;
  why: string;
}

export interface MenuWrites {
  reach: MenuReach;
  reach_why: string;
  /** Whether this caller may write here on this device at all, and if not, why. */
  allowed: boolean;
  refusal?: string;
  /** How a write here is protected while it is applied and checked. */
  protection: string;
  /** Whether a write here needs an approved plan (plan_menu_changes) rather than a single change. */
  plan_only: boolean;
  plan_why?: string;
}

export interface MenuDescription {
  path: string;
  /** The RouterOS version whose command tree describes the menu, and the device's own (when known). */
  tree_version: string;
  device_version?: string;
  tree_note?: string;
  submenus: string[];
  printable: boolean;
  /** The row commands the menu has (add, set, remove, enable, disable, unset, move, comment, reset…). */
  row_commands: string[];
  arguments: MenuArgument[];
  actions: MenuAction[];
  writes: MenuWrites;
}

/** Arguments that choose rows (or where a new one goes) rather than set a property. */
const SELECTORS = new Set(['numbers', 'copy-from', 'place-before']);

/** The arguments of a menu's `add` and `set`, each with the commands that take it. */
function settableArguments(menu: TreeMenu): Map<string, { arg: TreeArgument; on: string[] }> {
  const out = new Map<string, { arg: TreeArgument; on: string[] }>();
  for (const command of ['add', 'set']) {
    for (const arg of menu.commands.get(command)?.args.values() ?? []) {
      const entry = out.get(arg.name) ?? { arg, on: [] };
      entry.on.push(command);
      out.set(arg.name, entry);
    }
  }
  return out;
}

/** Why this caller may not write to the menu on this device, or undefined when it may. */
function writeRefusal(principal: Principal, device: Device, path: string, menu: TreeMenu): string | undefined {
  if (REFUSED_MENUS[path] !== undefined) return `writes here are refused: ${REFUSED_MENUS[path]}`;
  const writes = [...menu.commands.keys()].some((c) => ['allowed', 'plan_only'].includes(commandVerdict(path, c).kind));
  if (!writes) return 'nothing in this menu can be written';
  if (!mayUseTier({ ...(principal.roles ? { roles: principal.roles } : {}) }, 'advanced')) return 'your role does not open the advanced tier (ops_rw or admin does)';
  if (!device.capabilities.allow_advanced_writes) return `device '${device.id}' does not allow advanced writes (allow_advanced_writes is off)`;
  const topicFlag = TOPIC_WRITE_FLAGS[menuTopic(path)];
  if (topicFlag && !device.capabilities[topicFlag]) return `device '${device.id}' does not allow ${menuTopic(path)} writes (${topicFlag} is off)`;
  return undefined;
}

const PROTECTION: Record<MenuReach, string> = {
  none: 'none needed: a write here cannot change how the service reaches the device (it is still verified and recorded)',
  modelled: 'safe mode (or a revert timer), and the management path judged on the state the write leaves',
  unmodelled: 'safe mode (or a revert timer), then verification over a fresh TLS and SSH connection before it is kept',
};

/**
 * RouterOS's menus as a device's version has them, and what a caller may do there: the command tree of that
 * version (read once, kept), the reach of a write to the menu, what each of its own commands may do, and the
 * caller's and the device's opt-ins. Answers from memory: a device is asked only for its version, once, when it
 * never reported one.
 */
@injectable()
export class MenuCatalog {
  /** Versions read from devices that never reported one (no contact recorded), kept for this process. */
  private readonly learned = new Map<string, string>();
  /** Item counts and property names learned from prints (neither is in the tree). */
  readonly contents: MenuContentsCache;

  constructor(@inject(CommandTreesToken) private readonly trees: CommandTrees, @inject(ClockToken) @optional() clock: Clock = { now: () => new Date() }) {
    this.contents = new MenuContentsCache(clock);
  }

  /** The version the device last reported, or what `ask` reads from it: once per device and process. */
  async versionOf(device: Device, ask: () => Promise<string | undefined>): Promise<string | undefined> {
    if (device.facts.routerosVersion) return device.facts.routerosVersion;
    const known = this.learned.get(device.id);
    if (known) return known;
    const asked = await ask();
    if (asked) this.learned.set(device.id, asked);
    return asked;
  }

  /** The device's version as versionOf keeps it, read from `/system/resource` when it never reported one. */
  async versionFrom(device: Device, reader: { singleton(id: string, menu: string, options?: { signal?: AbortSignal }): Promise<{ data: Readonly<Record<string, unknown>> }> }, signal?: AbortSignal): Promise<string | undefined> {
    return this.versionOf(device, async () => {
      const version = (await reader.singleton(device.id, 'system/resource', signal ? { signal } : {})).data['version'];
      return typeof version === 'string' ? version : undefined;
    });
  }

  /**
   * The tree a device is described with, and whether it is its own version's. The version is the one the device
   * last reported (`facts`), or `version` when the caller has just read it.
   */
  async treeFor(device: Device, version?: string): Promise<{ tree: CommandTree; exact: boolean; deviceVersion?: string }> {
    const deviceVersion = parseRouterOsVersion(version ?? device.facts.routerosVersion);
    const choice = chooseTreeVersion(this.trees.versions(), deviceVersion);
    return { tree: await this.trees.tree(choice.version), exact: choice.exact, ...(deviceVersion ? { deviceVersion } : {}) };
  }

  /** The menu at `rawPath` on `device`, or INVALID_PARAMS naming the nearest menus. */
  async describe(principal: Principal, device: Device, rawPath: string, version?: string): Promise<MenuDescription> {
    const { tree, exact, deviceVersion } = await this.treeFor(device, version);
    const { path, menu } = this.menuOf(tree, rawPath);
    const args = [...settableArguments(menu).values()]
      .filter(({ arg }) => !SELECTORS.has(arg.name))
      .map(({ arg, on }): MenuArgument => ({ name: arg.name, ...(arg.desc ? { accepts: arg.desc.replace(/\s{2,}/g, ' ') } : {}), on }));
    const own = [...menu.commands.keys()].filter((c) => !ROW_COMMANDS.has(c) && !ROW_READS.has(c) && c !== 'edit');
    return {
      path: `/${path}`,
      tree_version: tree.version,
      ...(deviceVersion ? { device_version: deviceVersion } : {}),
      ...(exact ? {} : { tree_note: deviceVersion ? `no tree of ${deviceVersion}: described from ${tree.version}'s, the nearest older one there is` : `the device's version is not known yet: described from ${tree.version}'s tree` }),
      submenus: menu.children.map((c) => `/${c}`),
      printable: menu.commands.has('print'),
      row_commands: [...menu.commands.keys()].filter((c) => ROW_COMMANDS.has(c)),
      arguments: args.sort((a, b) => a.name.localeCompare(b.name)),
      actions: own.map((command) => {
        const { kind, why } = commandVerdict(path, command);
        return { command, verdict: kind, why };
      }),
      writes: this.writes(principal, device, path, menu),
    };
  }

  /**
   * How many items the menu holds on the device and which properties are read-only, printing it with `print` (given
   * the tree's path) unless its count is fresh; undefined for a menu with nothing to print.
   */
  async contentsOf(device: Device, rawPath: string, version: string | undefined, print: (path: string) => Promise<Readonly<Record<string, unknown>>[] | Readonly<Record<string, unknown>>>): Promise<MenuContents | undefined> {
    const { tree } = await this.treeFor(device, version);
    const { path, menu } = this.menuOf(tree, rawPath);
    if (!menu.commands.has('print')) return undefined;
    return this.contents.contents(device.id, tree.version, path, new Set(settableArguments(menu).keys()), () => print(path));
  }

  /** A printable menu of the device's version: its path in the tree's form and the names its rows may have. */
  async printable(device: Device, rawPath: string, version?: string): Promise<{ path: string; treeVersion: string; properties: string[] }> {
    const { tree } = await this.treeFor(device, version);
    const { path, menu } = this.menuOf(tree, rawPath);
    if (!menu.commands.has('print')) throw new InvalidArgumentError('path', `/${path} has nothing to print on RouterOS ${tree.version}; its submenus: ${menu.children.map((c) => `/${c}`).join(', ') || 'none'}`);
    return { path, treeVersion: tree.version, properties: [...settableArguments(menu).keys()] };
  }

  /**
   * What a change to the menu at `rawPath` is planned from: the tree's commands and arguments of the device's
   * version, each own command's verdict, and the menu's reach. Whether this caller may write is checked by the
   * pipeline's rules (tier, topic flag, environment), as for every write.
   */
  async shape(device: Device, rawPath: string, version?: string): Promise<MenuShape> {
    const { tree } = await this.treeFor(device, version);
    const { path, menu } = this.menuOf(tree, rawPath);
    const actions = new Map<string, MenuActionRule>();
    for (const [command, spec] of menu.commands) {
      if (ROW_COMMANDS.has(command) || ROW_READS.has(command)) continue;
      const { kind, why } = commandVerdict(path, command);
      actions.set(command, { kind, why, args: new Map([...spec.args.values()].map((a) => [a.name, a.desc] as const)) });
    }
    const refused = REFUSED_MENUS[path];
    return {
      ...treeShape(menu, tree.version),
      actions,
      unmodelled: menuReach(path, menu.commands.keys()).reach === 'unmodelled',
      ...(refused !== undefined ? { refusal: refused } : path === '' ? { refusal: "the root menu's commands are the console's own" } : {}),
    };
  }

  /** A caller's path in the tree's form, and its menu; INVALID_PARAMS with the nearest menus otherwise. */
  menuOf(tree: CommandTree, rawPath: string): { path: string; menu: TreeMenu } {
    const path = normaliseMenuPath(rawPath);
    if (path === undefined) throw new InvalidArgumentError('path', 'is not a RouterOS menu path: write it as RouterOS does, e.g. /ip/firewall/nat (lower-case words, no commands)');
    const menu = tree.menu(path);
    if (!menu || path === '') {
      const near = tree.closest(path || rawPath, 3).map((p) => `/${p}`);
      throw new InvalidArgumentError('path', `/${path} is no menu of RouterOS ${tree.version}; the nearest: ${near.join(', ')}`, near);
    }
    return { path, menu };
  }

  private writes(principal: Principal, device: Device, path: string, menu: TreeMenu): MenuWrites {
    const reach = menuReach(path, menu.commands.keys());
    const refusal = writeRefusal(principal, device, path, menu);
    const planOnly = reach.reach === 'unmodelled' && device.environment === 'prod';
    return {
      reach: reach.reach,
      reach_why: reach.why,
      allowed: refusal === undefined,
      ...(refusal ? { refusal } : {}),
      protection: PROTECTION[reach.reach],
      plan_only: planOnly,
      ...(planOnly ? { plan_why: 'a write the management path does not model, on a prod device: only through an approved plan (plan_menu_changes)' } : {}),
    };
  }
}
