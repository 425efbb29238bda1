import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import { TreeSchema, treeFor } from '../schema/menu-schema';
import { treeWithPackages } from '../schema/package-trees';
import { deviceDateTime } from './scheduler';
import { ipv4Network } from './ip';
import { curatedArg, durationSeconds, RULE_MENUS } from './arg-rules';
import { valueRuleRefFields } from './value-rule-refs';
import { checkTreeValue } from './tree-rules';
import { checkRow } from './row-rules';
import { leaseAddresses, leaseRoutes } from './dhcp-client';
import { advertisedPrefixes, ipv6ConnectedRoutes } from './ipv6';
import { MenuSpec, MENU_BY_PATH, INTERFACE_MENUS, ReadContext } from './menu-spec-registry';
import { formatId } from './values';
import { strictBool } from './menu-values';
import { genericMenuOf } from './generic-menus';
import { factoryRows } from './factory-defaults';
import { Access, evaluateAccess, ManagementPath, ServiceName } from './management-path';
import { hasLink } from './ethernet-link';
import { groupPolicies, loginRefusal, passwordMatches, sessionsEnd } from './user-login';
import { Association, associationOf, isRadio } from './wireless-association';

/** Interface menus that may still be generic (model/generic-menus.ts), and the type `/interface` shows for them. */
const GENERIC_INTERFACE_MENUS: Record<string, string> = { 'interface/wireguard': 'wg' };

/** A user the fleet seeds (with its password), and who a request or session runs as. */
export interface DeviceUser {
  name: string;
  password: string;
  /** A `/user/group` name: `full`, `write`, `read` or one added on the device. */
  group: string;
}

/** Undo record of a held safe mode: the configuration as it was when safe mode was taken. */
interface SafeModeHold {
  holder: string;
  tables: Map<string, Row[]>;
  counters: Map<string, number>;
  actions: number;
}

/** RouterOS keeps at most this many safe-mode actions; one more releases safe mode and keeps the changes. */
export const SAFE_MODE_MAX_ACTIONS = 100;

/** Menus that are state, not configuration: safe mode does not undo them. */
const NOT_CONFIGURATION = new Set(['file', 'log', 'ip/dns/cache']);

/** Users and what belongs to them: what `reset-configuration keep-users=yes` keeps. */
const USER_TABLES = ['user', 'user/group', 'user/ssh-keys', 'user/ssh-keys/private', 'user/settings'];

/** What RouterOS's default configuration script makes, left out by `reset-configuration no-defaults=yes` (chosen). */
const DEFCONF_TABLES = new Set(['interface/bridge', 'interface/bridge/port', 'interface/vlan', 'interface/list', 'interface/list/member', 'ip/address', 'ip/route', 'ip/pool', 'ip/dhcp-server', 'ip/dhcp-server/network', 'ip/dhcp-server/lease', 'ip/dhcp-client', 'ip/arp', 'ip/firewall/filter', 'ip/firewall/nat', 'ip/firewall/mangle', 'ip/firewall/address-list', 'interface/wifi/capsman', 'caps-man/manager']);

const copyTables = (tables: Map<string, Row[]>) => new Map([...tables.entries()].map(([path, rows]) => [path, rows.map((r) => ({ ...r }))]));

export interface SeedConfig {
  packages: ('routerboard' | 'wireless' | 'container')[];
  /** How the managing service reaches this device. */
  management: ManagementPath;
  /** Rows per menu path; singletons hold one row. Internal flags start with `.` (`.builtin`, `.link`). */
  tables: Record<string, Row[]>;
}

/** Hidden bookkeeping on rows: never shown to clients. */
const isInternal = (key: string) => key.startsWith('.') && key !== '.id';

/** One item of a reference after `from` was renamed `to`, a negated one (`!from`) included. */
const renamedItem = (item: string, from: string, to: string): string => (item === from ? to : item === `!${from}` ? `!${to}` : item);

/**
 * Curated arguments naming an interface list (model/arg-rules.ts checks them by name): RouterOS keeps the list's
 * internal id, so they follow its renames like every other reference.
 */
function listRefFields(menu: string): string[] {
  if (RULE_MENUS.test(menu)) return ['in-interface-list', 'out-interface-list', 'in-bridge-port-list', 'out-bridge-port-list'];
  if (menu === 'interface/list/member') return ['list'];
  if (menu === 'interface/list') return ['include', 'exclude'];
  if (menu === 'interface/wifi/datapath') return ['interface-list'];
  return [];
}

/**
 * The configuration and live state of one simulated RouterOS device, with RouterOS's rules for changing it.
 * Writes are checked against the command tree of the device's version, so a parameter that version lacks
 * is refused exactly as the real device refuses it.
 */
export class DeviceState {
  private tables = new Map<string, Row[]>();
  private counters = new Map<string, number>();
  private bootedAt: number;
  readonly tree: TreeSchema;

  constructor(
    readonly version: string,
    readonly seed: number,
    private readonly seedConfig: () => SeedConfig,
    private readonly now: () => number = Date.now,
  ) {
    const config = seedConfig();
    // Extra packages with menus of their own (the container package) extend the version's tree (schema/package-trees.ts).
    this.tree = treeWithPackages(treeFor(version), config.packages);
    this.bootedAt = now();
    this.load(config);
  }

  private packageList: string[] = [];
  private seedRows?: Record<string, Row[]>;
  private listeners = new Set<() => void>();
  private path!: ManagementPath;

  get management(): ManagementPath {
    return { ...this.path };
  }

  /** Moves the managing service (control API): where it connects from and to; on Wi-Fi it associates now. */
  setManagement(path: ManagementPath): void {
    this.path = { ...path };
    this.associate();
    this.changed(false);
  }

  /** The radio the managing client is associated to, and what it associated with. */
  private association?: { radio: string; was: Association };

  /** The client's radio: `radio`, or its bridge port when that is a radio. */
  get clientRadio(): string | undefined {
    const rows = (p: string) => this.rawRows(p);
    return this.path.radio ?? (isRadio(rows, this.path.clientPort) ? this.path.clientPort : undefined);
  }

  private associate(): void {
    const radio = this.clientRadio;
    const was = radio && associationOf((p) => this.rawRows(p), radio);
    this.association = radio && was ? { radio, was } : undefined;
  }

  /** Whether the managing service's connections reach `service`, as this configuration decides it. */
  access(service: ServiceName, connection: 'new' | 'established' = 'new'): Access {
    const key = `${service} ${connection}`;
    const cached = this.accessCache.get(key);
    if (cached) return cached;
    const result = this.evaluate(service, connection);
    this.accessCache.set(key, result);
    return result;
  }

  private evaluate(service: ServiceName, connection: 'new' | 'established'): Access {
    const seedServices = this.seedSnapshot()['ip/service'] ?? [];
    const rowsOf = (p: string) => this.rawRows(p);
    const association = this.association && { ...this.association, now: () => associationOf(rowsOf, this.association!.radio) };
    return evaluateAccess({ rowsOf, seedPort: (name) => seedServices.find((s) => s['name'] === name)?.['port'], ...(association ? { association } : {}) }, this.path, service, connection);
  }
  private hold?: SafeModeHold;

  /** Why a new login of `name` would be refused (model/user-login.ts), judged from the managing client's address. */
  loginRefusal(name: string, via: 'rest-api' | 'ssh'): string | undefined {
    return loginRefusal((p) => this.rawRows(p), name, via, this.path.clientAddress);
  }

  /** The user `name` logs in with `password` (its `/user` row), or undefined; refusals are `loginRefusal`'s. */
  authenticate(name: string, password: string): DeviceUser | undefined {
    const row = passwordMatches((p) => this.rawRows(p), name, password);
    return row ? { name, password, group: row['group'] ?? '' } : undefined;
  }

  /** The policies `name`'s group grants now (model/users.ts); none for a user that is gone. */
  policiesOf(name: string): string[] {
    const group = this.rawRows('user').find((u) => u['name'] === name)?.['group'];
    return group === undefined ? [] : groupPolicies((p) => this.rawRows(p), group);
  }

  /** Whether the sessions of `name` end (the user was removed or disabled). */
  sessionsEnd(name: string): boolean {
    return sessionsEnd((p) => this.rawRows(p), name);
  }

  /** Calls `listener` after every configuration change (writes, resets, safe-mode reverts). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private accessCache = new Map<string, Access>();

  private changed(action = true): void {
    this.accessCache.clear();
    if (action && this.hold && ++this.hold.actions > SAFE_MODE_MAX_ACTIONS) this.hold = undefined;
    for (const listener of this.listeners) listener();
  }

  get safeModeHolder(): string | undefined {
    return this.hold?.holder;
  }

  /** Takes safe mode for `holder` (an SSH session); from now on every change by anyone can be undone. */
  takeSafeMode(holder: string): void {
    if (this.hold && this.hold.holder !== holder) throw new RestError(400, 'safe mode already taken by another session');
    this.hold ??= { holder, tables: copyTables(this.tables), counters: new Map(this.counters), actions: 0 };
  }

  /** Leaves safe mode keeping the changes. */
  releaseSafeMode(holder: string): void {
    if (this.hold?.holder === holder) this.hold = undefined;
  }

  /** Undoes every change since safe mode was taken; `keep` stays in safe mode (unroll), otherwise it ends (session lost). */
  revertSafeMode(holder: string, keep: boolean): boolean {
    const hold = this.hold;
    if (!hold || hold.holder !== holder) return false;
    for (const path of new Set([...this.tables.keys(), ...hold.tables.keys()])) {
      if (NOT_CONFIGURATION.has(path)) continue;
      const rows = hold.tables.get(path);
      if (rows) this.tables.set(path, rows.map((r) => ({ ...r })));
      else this.tables.delete(path);
    }
    // Ids handed out meanwhile stay used: RouterOS never gives an id twice.
    this.hold = keep ? { holder, tables: copyTables(this.tables), counters: new Map(this.counters), actions: 0 } : undefined;
    this.changed(false);
    return true;
  }

  /** Back to the seed configuration (and a fresh boot). */
  reset(): void {
    this.tables.clear();
    this.counters.clear();
    this.bootedAt = this.now();
    this.hold = undefined;
    this.poweredOff = false;
    this.load(this.seedConfig());
    this.changed(false);
  }

  /**
   * `/system reset-configuration` (rest/reset-configuration-command.ts): the profile's seed stands for the device's
   * default configuration (chosen, docs/simulator.md). `noDefaults` leaves out what RouterOS's defconf script makes
   * (addresses, bridge, DHCP, firewall, lists), so the device keeps only its hardware and system settings; `keepUsers`
   * keeps users, groups and their keys. Files and the log stay (a reset does not format the disk); ids keep counting,
   * so a kept row's id is never given again; then the device boots.
   */
  resetConfiguration(options: { keepUsers: boolean; noDefaults: boolean }): void {
    const keep = [...NOT_CONFIGURATION, ...(options.keepUsers ? USER_TABLES : [])];
    const kept = new Map(keep.filter((path) => this.tables.has(path)).map((path) => [path, this.tables.get(path)!.map((r) => ({ ...r }))]));
    const config = this.seedConfig();
    const tables = options.noDefaults ? Object.fromEntries(Object.entries(config.tables).filter(([path]) => !DEFCONF_TABLES.has(path))) : config.tables;
    this.tables.clear();
    this.load({ ...config, tables });
    for (const [path, rows] of kept) this.tables.set(path, rows);
    this.bootedAt = this.now();
    this.hold = undefined;
    this.changed(false);
  }

  /** After `/system shutdown` (rest/power-commands.ts): the device is off, its services refuse connections, until powered on. */
  poweredOff = false;

  powerOff(): void {
    this.poweredOff = true;
    this.hold = undefined;
    this.changed(false);
  }

  /** Power comes back: the device boots with its configuration (the control API's `power-on`). */
  powerOn(): void {
    this.poweredOff = false;
    this.reboot();
    this.changed(false);
  }

  /** Configuration persists; uptime restarts; safe mode is lost and, as on a real device, not reverted. */
  reboot(): void {
    this.bootedAt = this.now();
    this.hold = undefined;
  }

  uptimeSeconds(now = this.now()): number {
    // Whole seconds of the clock since the boot's whole second, so `tick - uptime` (the boot) never moves between
    // reads, and times derived from it (`last-link-up-time`) print the same each time.
    return Math.max(0, Math.floor(now / 1000) - Math.floor(this.bootedAt / 1000));
  }

  /** The menu spec if this device serves the path (its version has it, or its extra package provides it). */
  menu(path: string): MenuSpec | undefined {
    const spec = MENU_BY_PATH.get(path);
    // Curated specs win; every other printable menu of the version's tree gets its generic one.
    if (!spec) return genericMenuOf(this.tree, path);
    if (spec.package) return this.packageList.includes(spec.package) ? spec : undefined;
    return this.tree[path] ? spec : undefined;
  }

  /** Rows as a client sees them: computed values filled in, internal flags removed, keys sorted. */
  list(path: string): Row[] {
    this.expire();
    const spec = this.require(path);
    return this.rawRows(path).map((row) => this.present(spec, row));
  }

  get(path: string, idOrName: string): Row {
    this.expire();
    const row = this.find(path, idOrName);
    if (!row) throw errors.notFound();
    return this.present(this.require(path), row.row, row.type);
  }

  /** An interface's stored row with its internal flags (link state), for live readings; 404 if there is none. */
  interfaceRow(idOrName: string): Row {
    const found = this.find('interface', idOrName);
    if (!found) throw errors.notFound();
    return { ...found.row };
  }

  singleton(path: string): Row {
    return this.list(path)[0] ?? {};
  }

  add(path: string, props: Record<string, unknown>): Row {
    this.expire();
    const spec = this.require(path);
    this.requireCommand(path, spec, 'add');
    const { ['copy-from']: copyFrom, ...given } = props;
    const copied = copyFrom === undefined ? {} : this.copyOf(path, copyFrom);
    const values = { ...copied, ...this.validate(path, spec, given, 'add') };
    // `place-before` positions an ordered row (firewall rules); it is not stored. Like `copy-from`, the item it names is
    // looked up with the arguments, before the required ones are missed.
    const { ['place-before']: before, ...stored } = values;
    const existing = this.tables.get(path) ?? [];
    const at = before === undefined ? existing.length : existing.findIndex((r) => r['.id'] === before);
    if (at < 0) throw errors.noSuchItem();
    if (spec.autoName && stored['name'] === undefined) stored['name'] = this.freeName(spec.autoName, path);
    for (const field of spec.required ?? []) if (stored[field] === undefined || stored[field] === '') throw errors.missingValue(field);
    if (stored['comment'] === '') delete stored['comment'];
    const row: Row = { ...spec.defaults, ...(spec.derive?.(stored) ?? {}), ...(stored as Row) };
    this.applyLifetime(spec, row);
    checkRow(path, row, this.rawRows(path));
    spec.checkRow?.(row, { rowsOf: (p) => this.rawRows(p), others: this.rawRows(path) });
    this.checkUnique(path, spec, row);
    return this.write(() => {
      const created: Row = { '.id': this.nextId(spec), ...row, '.created': new Date(this.now()).toISOString() };
      this.table(path).splice(at, 0, created);
      return this.present(spec, created);
    });
  }

  update(path: string, idOrName: string, props: Record<string, unknown>): Row {
    this.expire();
    const spec = this.require(path);
    this.requireCommand(path, spec, 'set');
    const found = this.find(path, idOrName);
    if (!found) throw errors.notFound();
    const own = this.require(found.path);
    // `/interface set` takes the arguments every interface has, whatever the type (a legacy wlan's too).
    // Arguments are read before the item is changed: one `set` lacks is `unknown parameter`, never `can not change dynamic`.
    const values = this.validate(path === 'interface' ? path : found.path, spec, props, 'set');
    if (found.row['.dynamic'] === 'true' && !own.dynamicWritable) throw errors.dynamic();
    const next: Row = { ...found.row };
    for (const [key, value] of Object.entries(values)) {
      // `!name`, and a comment set to "", leave the property out of what the router prints.
      if (value === undefined || (key === 'comment' && value === '')) delete next[key];
      else next[key] = value;
    }
    this.applyLifetime(own, next);
    checkRow(found.path, next, this.rawRows(found.path).filter((r) => r['.id'] !== found.row['.id']));
    own.checkRow?.(next, { rowsOf: (p) => this.rawRows(p), others: this.rawRows(found.path).filter((r) => r['.id'] !== found.row['.id']) });
    this.checkUnique(found.path, own, next, found.row['.id']);
    own.guard?.({ before: found.row, after: next }, (p) => this.rawRows(p));
    const renamed = own.interfaceType && found.row['name'] && next['name'] && found.row['name'] !== next['name'] ? [found.row['name'], next['name']] : undefined;
    const renamedRow = found.row['name'] && next['name'] && found.row['name'] !== next['name'] ? [found.row['name'], next['name']] : undefined;
    return this.write(() => {
      for (const key of Object.keys(found.row)) delete found.row[key];
      Object.assign(found.row, next);
      if (renamed) this.followRename(renamed[0], renamed[1]);
      else if (renamedRow) this.followRowRename(found.path, renamedRow[0], renamedRow[1]);
      return this.present(spec, found.row, found.type);
    });
  }

  /**
   * RouterOS refers to an interface by its internal id, so every row that names it shows the new name after a
   * rename: addresses, bridge ports and VLANs, list members, firewall matchers, routes through it.
   */
  private followRename(from: string, to: string): void {
    // The managing client stays behind the same port (or radio) under its new name.
    if (this.path?.clientPort === from) this.path = { ...this.path, clientPort: to };
    if (this.path?.radio === from) this.path = { ...this.path, radio: to };
    if (this.association?.radio === from) this.association = { ...this.association, radio: to };
    const rename = (value: string | undefined, list = false): string | undefined => {
      if (value === undefined) return undefined;
      return list ? value.split(',').map((v) => renamedItem(v, from, to)).join(',') : renamedItem(value, from, to);
    };
    for (const [path, rows] of this.tables) {
      const fields = Object.keys(MENU_BY_PATH.get(path)?.refs ?? {}).filter((f) => MENU_BY_PATH.get(path)!.refs![f].startsWith('interface'));
      if (path === 'interface/list/member') fields.push('interface');
      if (path === 'ip/route') fields.push('gateway');
      if (path === 'queue/tree') fields.push('parent'); // a tree queue's parent may be an interface (model/queues.ts)
      if (path.startsWith('ip/firewall/') || path.startsWith('ipv6/firewall/')) fields.push('in-interface', 'out-interface', 'in-bridge-port', 'out-bridge-port');
      // Lists of interfaces a menu names by name (`namedRefs`, an OSPF template's `interfaces`) follow too.
      const named = Object.entries(MENU_BY_PATH.get(path)?.namedRefs ?? {}).filter(([, target]) => target === 'interface').map(([field]) => field);
      // A generic menu's references to interfaces (model/generic-refs.ts; bridges are interfaces too).
      const generic = Object.entries(this.genericRefTargets(path)).filter(([, targets]) => targets.includes('interface') || targets.includes('interface/bridge')).map(([field]) => field);
      // References value rules check (firewall, wifi) to an interface of any kind (model/value-rule-refs.ts).
      const checked = valueRuleRefFields(path, (target) => target === 'interface' || MENU_BY_PATH.get(target)?.interfaceType !== undefined);
      const lists = [...(path === 'interface/bridge/vlan' ? ['tagged', 'untagged'] : path === 'queue/simple' ? ['target'] : path === 'interface/bonding' ? ['slaves'] : []), ...named, ...generic, ...checked];
      for (const row of rows) {
        for (const f of fields) if (row[f] !== undefined) row[f] = rename(row[f])!;
        for (const f of lists) if (row[f] !== undefined) row[f] = rename(row[f], true)!;
      }
    }
  }

  /**
   * Rows of other menus name a profile, an action, a template… by its name, and RouterOS keeps the reference (an
   * internal id) when it is renamed: every `refs`/`namedRefs` property naming a row of `path` follows (lists too).
   */
  private followRowRename(path: string, from: string, to: string): void {
    for (const [menu, rows] of this.tables) {
      const spec = MENU_BY_PATH.get(menu);
      const fields = [
        ...Object.entries({ ...spec?.refs, ...spec?.namedRefs }).filter(([, target]) => target === path).map(([field]) => field),
        ...Object.entries(this.genericRefTargets(menu)).filter(([, targets]) => targets.includes(path)).map(([field]) => field),
        ...(path === 'interface/list' ? listRefFields(menu) : []),
        ...valueRuleRefFields(menu, (target) => target === path),
      ];
      for (const row of fields.length > 0 ? rows : []) {
        for (const f of fields) if (row[f] !== undefined) row[f] = row[f].split(',').map((v) => renamedItem(v, from, to)).join(',');
      }
    }
  }

  /** A generic menu's references (argument → menus it names rows of); none for curated menus. */
  private genericRefTargets(path: string): Record<string, string[]> {
    return MENU_BY_PATH.has(path) ? {} : (genericMenuOf(this.tree, path)?.refTargets ?? {});
  }

  /**
   * Rows a menu-specific command makes (`/certificate import`): stored as given, beyond what `add` takes, after the
   * command checked them. Returns the row as printed.
   */
  commandInsert(path: string, row: Row): Row {
    const spec = this.require(path);
    this.checkUnique(path, spec, row);
    return this.write(() => {
      const created: Row = { '.id': this.nextId(spec), ...row, '.created': new Date(this.now()).toISOString() };
      this.table(path).push(created);
      return this.present(spec, created);
    });
  }

  /** Values a menu-specific command sets on a row (`/certificate sign`): `undefined` removes a property. */
  commandUpdate(path: string, idOrName: string, values: Record<string, string | undefined>): Row {
    const spec = this.require(path);
    const found = this.find(path, idOrName);
    if (!found) throw errors.noSuchItem();
    const next: Row = { ...found.row };
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    this.checkUnique(path, spec, next, found.row['.id']);
    const renamed = found.row['name'] && next['name'] && found.row['name'] !== next['name'] ? [found.row['name'], next['name']] : undefined;
    return this.write(() => {
      for (const key of Object.keys(found.row)) delete found.row[key];
      Object.assign(found.row, next);
      if (renamed) this.followRowRename(path, renamed[0], renamed[1]);
      return this.present(spec, found.row);
    });
  }

  /** A row a menu-specific command takes away, built in or not (`/system/package apply-changes` of an uninstall). */
  commandRemove(path: string, id: string): void {
    const table = this.table(path);
    const row = table.find((r) => r['.id'] === id);
    if (row) this.write(() => void table.splice(table.indexOf(row), 1));
  }

  /** Values a menu-specific command sets on a singleton (`/tool/sniffer start`'s `running`), beyond what `set` takes. */
  commandSetSingleton(path: string, values: Record<string, string | undefined>): Row {
    return this.assignSingleton(path, this.require(path), values);
  }

  /** Writes `values` on a singleton's one row (an undefined value removes the property) and answers it as printed. */
  private assignSingleton(path: string, spec: MenuSpec, values: Record<string, string | undefined>): Row {
    const table = this.table(path);
    return this.write(() => {
      if (table.length === 0) table.push({});
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) delete table[0][key];
        else table[0][key] = value;
      }
      return this.present(spec, table[0]);
    });
  }

  /** A stored row with its internal properties (a certificate's key), for menu-specific commands. */
  rawRow(path: string, idOrName: string): Row | undefined {
    const found = this.find(path, idOrName);
    return found ? { ...found.row } : undefined;
  }

  /** `move numbers=… [destination=…]`: the items, in the order given, go before `destination` (or to the end). */
  move(path: string, ids: string[], destination?: string): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'move');
    const table = this.table(path);
    // An unknown item answers 404 `no such item` here, as the review of RouterOS's REST `move` found.
    const rows = ids.map((id) => {
      const found = this.find(path, id);
      if (!found) throw new RestError(404, 'no such item');
      return found.row;
    });
    // Chosen without a source (docs/simulator.md): moving an item before itself is refused, not a silent no-op;
    // an unknown destination moves the items to the end, as RouterOS does.
    if (destination !== undefined && rows.some((r) => r['.id'] === destination || r['name'] === destination)) throw new RestError(400, 'failure: can not move item before itself');
    this.write(() => {
      for (const row of rows) table.splice(table.indexOf(row), 1);
      const at = destination === undefined ? table.length : table.findIndex((r) => r['.id'] === destination);
      table.splice(at < 0 ? table.length : at, 0, ...rows);
    });
  }

  /** `unset numbers=… value-name=…`: the property goes back to its default (or is removed). */
  unset(path: string, ids: string[], names: string[]): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'unset');
    const settable = new Set(this.tree[path]?.set ?? []);
    for (const name of names) if (!settable.has(name) || (spec.required ?? []).includes(name) || name === 'numbers') throw errors.noMatch('value-name');
    const rows = ids.map((id) => this.findRow(path, id, spec));
    this.write(() => {
      for (const row of rows) {
        for (const name of names) {
          if (spec.defaults?.[name] !== undefined) row[name] = spec.defaults[name];
          else delete row[name];
        }
      }
    });
  }

  /**
   * `reset numbers=… <property>…` (RouterOS 7; no MikroTik source documents it, chosen, docs/simulator.md): each named
   * property of the items goes back to its default, as `unset` puts it (or is removed). A property without a default
   * that the item cannot lack (a required one, or its `name`) is refused as an invalid value. The menu's own rules
   * are not re-run: a default is always a value the item may hold.
   */
  resetProperties(path: string, ids: string[], names: string[]): void {
    this.expire();
    const spec = this.require(path);
    const commands = this.tree[path]?.commands ?? [];
    if (!commands.includes('reset')) throw errors.noSuchCommand('reset');
    const rows = ids.map((id) => this.findRow(path, id, spec));
    // A menu the simulator serves read-only: its items are checked (dynamic ones refused), the rest is not modelled.
    if (!spec.writable) throw errors.notSimulated(`${path}/reset`);
    for (const name of names) {
      const mandatory = (spec.required ?? []).includes(name) || (name === 'name' && (spec.autoName !== undefined || spec.unique === 'name' || spec.idGroup === 'interface'));
      if (mandatory && spec.defaults?.[name] === undefined) throw errors.invalidValue(name, '');
    }
    this.write(() => {
      for (const row of rows) {
        for (const name of names) {
          if (spec.defaults?.[name] !== undefined) row[name] = spec.defaults[name];
          else delete row[name];
        }
      }
    });
  }

  /** `comment numbers=… comment=…`: sets (or, with "", removes) the items' comment. */
  comment(path: string, ids: string[], text: string): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'comment');
    const rows = ids.map((id) => this.findRow(path, id, spec));
    this.write(() => rows.forEach((row) => (text === '' ? delete row['comment'] : (row['comment'] = text))));
  }

  /** `enable`/`disable numbers=…`. */
  setDisabled(path: string, ids: string[], disabled: boolean): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, disabled ? 'disable' : 'enable');
    const rows = ids.map((id) => this.findRow(path, id, spec));
    if (!disabled) for (const row of rows) this.checkUnique(path, spec, { ...row, disabled: 'false' }, row['.id']);
    for (const row of rows) spec.guard?.({ before: row, after: { ...row, disabled: String(disabled) } }, (p) => this.rawRows(p));
    this.write(() => rows.forEach((row) => (row['disabled'] = String(disabled))));
  }

  /** `reset-counters numbers=…` (or every rule with `reset-counters-all`): counters start again from zero. */
  resetCounters(path: string, ids: string[] | 'all'): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, ids === 'all' ? 'reset-counters-all' : 'reset-counters');
    const rows = ids === 'all' ? this.table(path) : ids.map((id) => this.findRow(path, id));
    const at = new Date(this.now()).toISOString();
    // Counters are state, not configuration: no change event, and safe mode would not undo them.
    for (const row of rows) row['.counters-reset'] = at;
  }

  /** `make-static numbers=…` on DHCP leases: a dynamic lease becomes a static one and keeps its binding. */
  makeStatic(path: string, ids: string[]): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'make-static');
    const rows = ids.map((id) => this.findRow(path, id));
    this.write(() => rows.forEach((row) => delete row['.dynamic']));
  }

  setSingleton(path: string, props: Record<string, unknown>): Row {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'set');
    return this.assignSingleton(path, spec, this.validate(path, spec, props, 'set'));
  }

  remove(path: string, idOrName: string): void {
    this.removeAll(path, [idOrName], errors.notFound);
  }

  /** Removes every item or none: one that is missing, built in or dynamic refuses the whole command. */
  removeAll(path: string, ids: string[], missing: () => RestError = errors.noSuchItem): void {
    this.expire();
    const spec = this.require(path);
    // A port (`/interface/ethernet` has no remove) is hardware: refused as a built-in object, not as a missing
    // command (chosen without a source: the simulator's built-in refusal; docs/simulator.md).
    const hardware = (p: string) => !!this.require(p).interfaceType && !(this.tree[p]?.commands ?? []).includes('remove');
    if (ids.some((id) => { const item = this.find(path, id); return item && hardware(item.path); })) throw errors.builtin();
    this.requireCommand(path, spec, 'remove');
    const found = ids.map((id) => {
      const item = this.find(path, id);
      if (!item) throw missing();
      if (item.row['.builtin'] === 'true' || hardware(item.path)) throw errors.builtin();
      const own = this.require(item.path);
      if (item.row['.dynamic'] === 'true' && !own.dynamicWritable && !own.dynamicRemovable) throw errors.dynamic();
      const refusal = own.removeRefusal?.(item.row, (p) => this.rawRows(p));
      if (refusal) throw new RestError(400, refusal);
      return item;
    });
    // Guards judge the rows left after every earlier item of the same command went (the last full user).
    const gone = new Set<Row>();
    const remaining = (p: string) => this.rawRows(p).filter((r) => !gone.has(r));
    for (const item of found) {
      this.require(item.path).guard?.({ before: item.row }, remaining);
      gone.add(item.row);
    }
    this.write(() => {
      for (const item of found) {
        const table = this.table(item.path);
        if (table.includes(item.row)) table.splice(table.indexOf(item.row), 1);
        else this.endLive?.(item.path, item.row);
        for (const { path: other, field } of this.require(item.path).owns ?? []) this.tables.set(other, this.table(other).filter((r) => r[field] !== item.row['name']));
      }
    });
  }

  /** Calls `listener` after every write a client makes (not resets or safe-mode reverts); faults count them. */
  onWrite(listener: () => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** While true, writes answer as if they succeeded but the configuration stays as it was (a fault). */
  writesDoNotStick = false;

  /** When set, system/resource reports this CPU load (a fault). */
  cpuLoadPercent?: number;

  private writeListeners = new Set<() => void>();

  /** Applies one write; announces it to change and write listeners; a write that does not stick is undone. */
  private write<T>(apply: () => T): T {
    const before = this.writesDoNotStick ? copyTables(this.tables) : undefined;
    const result = apply();
    if (before) this.tables = before;
    else this.changed();
    for (const listener of this.writeListeners) listener();
    return result;
  }

  /**
   * A timed entry (`timeout=`) is dynamic and lives in RAM until its time is up. Only in menus whose entries can be
   * timed (address lists, `dynamicWritable`): elsewhere `timeout` is configuration (`/tool/netwatch`, `/radius`).
   */
  private applyLifetime(spec: MenuSpec, row: Row): void {
    if (!spec.dynamicWritable) return;
    if (row['timeout'] !== undefined) {
      row['.expires'] = String(this.now() + durationSeconds(row['timeout']) * 1000);
      row['.dynamic'] = 'true';
      delete row['timeout'];
    }
    if (row['dynamic'] !== undefined) {
      if (row['dynamic'] === 'true') row['.dynamic'] = 'true';
      delete row['dynamic'];
    }
  }

  private expiryTimer?: NodeJS.Timeout;

  /** Drops timed entries whose time is up on the device's clock, and arms a timer for the next one. */
  private expire(): void {
    const now = this.now();
    let removed = false;
    let next = Infinity;
    for (const rows of this.tables.values()) {
      for (let i = rows.length - 1; i >= 0; i--) {
        const expires = rows[i]['.expires'];
        if (expires === undefined) continue;
        if (Number(expires) <= now) {
          rows.splice(i, 1);
          removed = true;
        } else {
          next = Math.min(next, Number(expires));
        }
      }
    }
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (next !== Infinity) {
      this.expiryTimer = setTimeout(() => this.expire(), Math.min(next - now, 2 ** 31 - 1));
      this.expiryTimer.unref();
    }
    if (removed) this.changed(false);
  }

  flushDnsCache(): void {
    this.table('ip/dns/cache').length = 0;
  }

  /** Empties the memory log `/log` prints (`/system/logging/action clear`). */
  clearLog(): void {
    this.table('log').length = 0;
  }

  /** Writes a file into `/file` (an export, a backup): `contents` for text files, none for binary ones; `extra` holds internal fields. */
  writeFile(name: string, type: string, contents: string | undefined, extra: Row = {}): void {
    const files = this.table('file');
    const existing = files.find((f) => f['name'] === name);
    const row: Row = { name, type, ...(contents !== undefined ? { contents } : {}), 'creation-time': deviceDateTime(this.now()), ...extra };
    if (existing) {
      for (const key of Object.keys(existing)) if (key !== '.id') delete existing[key];
      Object.assign(existing, row);
    } else files.push({ '.id': this.nextId(MENU_BY_PATH.get('file')!), ...row });
  }

  /** A stored file row with its internal fields (a backup's captured configuration), or undefined. */
  fileRow(name: string): Row | undefined {
    const row = (this.tables.get('file') ?? []).find((f) => f['name'] === name);
    return row && { ...row };
  }

  /** The configuration a backup captures: every table but state (files, logs, the DNS cache), ids and all. */
  configuration(): Record<string, Row[]> {
    return Object.fromEntries([...this.tables.entries()].filter(([path]) => !NOT_CONFIGURATION.has(path)).map(([path, rows]) => [path, rows.map((r) => ({ ...r }))]));
  }

  /** Loads a configuration a backup captured (files and logs stay), then reboots, as `/system backup load` does. */
  restoreConfiguration(configuration: Record<string, Row[]>): void {
    for (const path of [...this.tables.keys()]) if (!NOT_CONFIGURATION.has(path)) this.tables.delete(path);
    for (const [path, rows] of Object.entries(configuration)) if (!NOT_CONFIGURATION.has(path)) this.tables.set(path, rows.map((r) => ({ ...r })));
    // Ids keep counting from where they are: RouterOS never gives an id twice in a boot, and ids only grow here.
    this.reboot();
    this.changed(false);
  }

  /** Adds a line to the device log (`memory` action: the newest 1000 lines are kept). */
  log(topics: string, message: string): void {
    const lines = this.table('log');
    lines.push({ '.id': this.nextId(MENU_BY_PATH.get('log')!), time: new Date(this.now()).toISOString().slice(11, 19), topics, message });
    if (lines.length > 1000) lines.splice(0, lines.length - 1000);
  }

  /** Whole configuration including internal flags, for the control API and exports. */
  snapshot(): Record<string, Row[]> {
    return Object.fromEntries([...this.tables.entries()].map(([path, rows]) => [path, rows.map((r) => ({ ...r }))]));
  }

  /** The seed configuration as loaded (same ids), to tell changed built-ins from untouched ones. */
  seedSnapshot(): Record<string, Row[]> {
    // The seed is deterministic, so one fresh load serves every export.
    this.seedRows ??= new DeviceState(this.version, this.seed, this.seedConfig, this.now).snapshot();
    return this.seedRows;
  }

  readContext(): ReadContext {
    const now = this.now();
    return { version: this.version, seed: this.seed, uptime: this.uptimeSeconds(now), tick: Math.floor(now / 1000), now, rowsOf: (path) => this.rawRows(path), ...(this.cpuLoadPercent !== undefined ? { cpuLoadPercent: this.cpuLoadPercent } : {}) };
  }

  // ---- internals ----

  private load(config: SeedConfig): void {
    this.packageList = [...config.packages];
    this.path = { ...config.management };
    for (const [path, rows] of Object.entries(config.tables)) {
      const spec = MENU_BY_PATH.get(path);
      if (!spec) throw new Error(`seed config has unknown menu ${path}`);
      // Seeded rows were made when the configuration loaded: `creation-time` and the scheduler count from then.
      const created = new Date(this.now()).toISOString();
      this.tables.set(path, rows.map((row) => (spec.kind === 'table' ? { '.id': this.nextId(spec), '.builtin': 'false', '.created': created, ...row } : { ...row })));
    }
    // Factory values and built-in rows of the menus the profile leaves alone (model/factory-defaults.ts).
    for (const [path, rows] of factoryRows(this.tree)) {
      const spec = this.menu(path);
      if (!spec || this.tables.has(path)) continue;
      const created = new Date(this.now()).toISOString();
      this.tables.set(path, rows.map((row) => (spec.kind === 'table' ? { '.id': this.nextId(spec), '.created': created, ...row } : { ...row })));
    }
    this.associate();
  }

  private require(path: string): MenuSpec {
    const spec = this.menu(path);
    if (!spec) throw errors.noSuchCommand(path.split('/').pop()!);
    return spec;
  }

  private requireCommand(path: string, spec: MenuSpec, command: string): void {
    const commands = this.tree[path]?.commands ?? (spec.package && spec.writable ? ['add', 'set', 'remove'] : []);
    if (!commands.includes(command)) throw errors.noSuchCommand(command);
    // The tree has it, but this curated menu is read-only here (`/user add`): not modelled yet.
    if (!spec.writable || spec.unmodelled?.includes(command)) throw errors.notSimulated(`${path}/${command}`);
  }

  private table(path: string): Row[] {
    let rows = this.tables.get(path);
    if (!rows) this.tables.set(path, (rows = []));
    return rows;
  }

  private liveRows?: (path: string) => Row[];

  private endLive?: (path: string, row: Row) => void;

  /**
   * Rows the device learns at run time rather than from configuration (sessions, neighbours): added on read.
   * `end` acts on one of them being removed (`/user active remove` ends that session).
   */
  attachLiveRows(provider: (path: string) => Row[], end?: (path: string, row: Row) => void): void {
    this.liveRows = provider;
    this.endLive = end;
  }

  /** `/user active request-logout numbers=…` (7.15): ends those sessions; `no such item` for one that is not live. */
  endSessions(ids: string[]): void {
    const rows = ids.map((id) => this.findRow('user/active', id));
    for (const row of rows) this.endLive?.('user/active', row);
  }

  /** Rows for reading: never creates a table as a side effect. */
  private rawRows(path: string): Row[] {
    const live = this.liveRows?.(path);
    if (live && live.length > 0) return [...this.storedRows(path), ...live];
    return this.storedRows(path);
  }

  private storedRows(path: string): Row[] {
    if (path === 'interface') {
      // A copper port whose link settings its partner cannot meet has no link (model/ethernet-link.ts).
      const curated = INTERFACE_MENUS.filter((m) => this.menu(m.path)).flatMap((m) => (this.tables.get(m.path) ?? []).map((row) => ({ ...row, type: m.interfaceType!, ...(hasLink(row) ? {} : { '.link': 'down' }) })));
      // Interfaces of menus served only from the tree still are interfaces (an address, a route or a list names them).
      const generic = Object.entries(GENERIC_INTERFACE_MENUS).filter(([p]) => this.menu(p)?.generic).flatMap(([p, type]) => (this.tables.get(p) ?? []).map((row) => ({ ...row, type })));
      return generic.length > 0 ? [...curated, ...generic] : curated;
    }
    // A bound DHCP client's lease adds a dynamic address and default route (model/dhcp-client.ts).
    const clients = this.tables.get('ip/dhcp-client') ?? [];
    const rowsOf = (p: string) => this.rawRows(p);
    if (path === 'ip/address') return [...(this.tables.get(path) ?? []), ...leaseAddresses(clients, rowsOf)];
    if (path === 'ip/route') return [...(this.tables.get(path) ?? []), ...this.connectedRoutes(), ...leaseRoutes(clients, rowsOf)];
    if (path === 'ipv6/nd/prefix') return [...(this.tables.get(path) ?? []), ...advertisedPrefixes(this.storedRows('ipv6/address'), this.tables.get('ipv6/nd') ?? [], this.tables.get('ipv6/nd/prefix/default')?.[0])];
    if (path === 'ipv6/route') return [...(this.tables.get(path) ?? []), ...ipv6ConnectedRoutes(this.storedRows('ipv6/address'), this.rawRows('interface'))];
    return this.tables.get(path) ?? [];
  }

  /** RouterOS adds a dynamic connected route (DAC) for every enabled address; ids follow the address's. */
  private connectedRoutes(): Row[] {
    const interfaces = this.rawRows('interface');
    return this.storedRows('ip/address')
      .filter((a) => a['disabled'] !== 'true' && ipv4Network(a['address']))
      .map((a) => {
        const iface = interfaces.find((i) => i['name'] === a['interface']);
        const running = !!iface && iface['disabled'] !== 'true' && iface['.link'] !== 'down';
        return {
          '.id': formatId(0x81000000 + parseInt((a['.id'] ?? '*0').slice(1), 16)),
          'dst-address': `${ipv4Network(a['address'])}/${a['address']!.split('/')[1] ?? '32'}`,
          gateway: a['interface'] ?? '',
          distance: '0',
          scope: '10',
          'target-scope': '5',
          'routing-table': 'main',
          'local-address': `${(a['address'] ?? '').split('/')[0]}%${a['interface'] ?? ''}`,
          disabled: 'false',
          '.dynamic': 'true',
          '.inactive': String(!running),
        };
      });
  }

  /** One item of `path` by id or name, for item commands: `no such item` when there is none. */
  private findRow(path: string, idOrName: string, dynamicCheck?: MenuSpec): Row {
    const found = this.find(path, idOrName);
    if (!found) throw errors.noSuchItem();
    if (dynamicCheck && found.row['.dynamic'] === 'true' && !dynamicCheck.dynamicWritable) throw errors.dynamic();
    return found.row;
  }

  private find(path: string, idOrName: string): { row: Row; path: string; type?: string } | undefined {
    const matches = (row: Row) => (idOrName.startsWith('*') ? row['.id'] === idOrName : row['name'] === idOrName);
    if (path === 'interface') {
      for (const m of INTERFACE_MENUS.filter((menu) => this.menu(menu.path))) {
        const row = (this.tables.get(m.path) ?? []).find(matches);
        if (row) return { row, path: m.path, type: m.interfaceType };
      }
      return undefined;
    }
    const row = this.rawRows(path).find(matches);
    return row ? { row, path } : undefined;
  }

  private present(spec: MenuSpec, row: Row, type?: string): Row {
    const source = spec.path === 'interface' && type ? { ...row, type } : row;
    const owner = spec.path === 'interface' ? INTERFACE_MENUS.find((m) => m.interfaceType === source['type']) : spec;
    const computed = owner?.computed ? owner.computed(source, this.readContext()) : {};
    const merged: Row = { ...source, ...computed };
    const keys = Object.keys(merged).filter((k) => !isInternal(k) && !owner?.hidden?.includes(k)).sort();
    return Object.fromEntries(keys.map((k) => [k, merged[k]]));
  }

  private nextId(spec: MenuSpec): string {
    const group = spec.idGroup ?? spec.path;
    const next = (this.counters.get(group) ?? spec.idBase ?? 1) ;
    this.counters.set(group, next + 1);
    return formatId(next);
  }

  /** Checks every property against the version's command tree and the menu's rules; returns stored values
   *  (`undefined` marks a property to unset, from `!name`). */
  private validate(path: string, spec: MenuSpec, props: Record<string, unknown>, command: 'add' | 'set'): Record<string, string | undefined> {
    const allowed = new Set((path === 'interface' ? this.tree['interface']?.set : this.tree[path]?.[command]) ?? spec.packageArgs ?? []);
    allowed.delete('numbers');
    allowed.delete('copy-from');
    const out: Record<string, string | undefined> = {};
    for (const [rawKey, rawValue] of Object.entries(props)) {
      if (rawKey === '.id') continue;
      const unset = rawKey.startsWith('!');
      const key = unset ? rawKey.slice(1) : rawKey;
      if (!allowed.has(key)) throw errors.unknownParameter(key);
      if (unset) {
        out[key] = undefined;
        continue;
      }
      let value = typeof rawValue === 'string' ? rawValue : typeof rawValue === 'number' || typeof rawValue === 'boolean' ? String(rawValue) : undefined;
      if (value === undefined) throw errors.invalidValue(key, JSON.stringify(rawValue));
      if ((spec.bools ?? []).includes(key)) value = strictBool(key, value);
      const ref = spec.refs?.[key];
      if (ref && !this.rawRows(ref).some((r) => r['name'] === value)) throw errors.noMatch(key);
      // Curated rules first; otherwise the value description of the version's command tree (model/tree-rules.ts).
      out[key] = spec.argRule?.(key, value, { command, version: this.version, rowsOf: (p) => this.rawRows(p) }) ?? curatedArg(key, value, { path, version: this.version, rowsOf: (p) => this.rawRows(p) }) ?? checkTreeValue(this.version, path, command, key, value);
    }
    return out;
  }

  /**
   * `add copy-from=<item>`: the stored values of an item of the same menu that `add` takes (the tree's `add` arguments;
   * nothing read-only, internal or dynamic), which the given arguments then override. The new item is checked like any
   * other, so copying a named item without a new name meets the menu's uniqueness rule. Chosen without a source (the
   * manual names `copy-from` without describing it): an unknown item answers `no such item`, as the item commands do.
   */
  private copyOf(path: string, from: unknown): Record<string, string> {
    const takes = new Set(this.tree[path]?.add ?? []);
    if (!takes.has('copy-from')) throw errors.unknownParameter('copy-from');
    if (typeof from !== 'string' || from.trim() === '') throw errors.invalidValue('copy-from', JSON.stringify(from));
    const source = this.find(path, from.trim());
    if (!source) throw errors.noSuchItem();
    return Object.fromEntries(Object.entries(source.row).filter(([key]) => takes.has(key) && key !== 'place-before' && key !== 'copy-from'));
  }

  /** `wireguard1`, or the next number no interface's name has yet. */
  private freeName(prefix: string, path: string): string {
    const taken = new Set([...this.rawRows('interface'), ...this.rawRows(path)].map((r) => r['name']));
    let n = 1;
    while (taken.has(`${prefix}${n}`)) n++;
    return `${prefix}${n}`;
  }

  /** Names, composite keys (address-list entries, list members) and an interface's addresses are unique. */
  private checkUnique(path: string, spec: MenuSpec, row: Row, selfId?: string): void {
    const others = (pool: Row[]) => pool.filter((r) => r['.id'] !== selfId);
    const interfaceMenu = spec.idGroup === 'interface' || path === 'interface';
    const field = spec.unique ?? (interfaceMenu ? 'name' : undefined);
    if (field && row[field] !== undefined && others(interfaceMenu ? this.rawRows('interface') : this.rawRows(path)).some((r) => r[field] === row[field])) {
      throw interfaceMenu ? errors.alreadyExists('interface with such name') : errors.alreadyExists('such name');
    }
    const together = spec.uniqueTogether;
    const enabled = (r: Row) => !together?.enabledOnly || r['disabled'] !== 'true';
    if (together && enabled(row) && others(this.rawRows(path)).some((r) => enabled(r) && together.fields.every((f) => r[f] === row[f]))) throw new RestError(400, together.detail);
    if (path === 'ip/address' && others(this.rawRows(path)).some((r) => r['address'] === row['address'] && r['interface'] === row['interface'])) throw errors.alreadyExists('such address');
  }
}
