import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import { TreeSchema, treeFor } from '../schema/menu-schema';
import { ipv4Network, isAddressWithPrefix } from './ip';
import { MenuSpec, MENU_BY_PATH, INTERFACE_MENUS, ReadContext } from './menu-spec-registry';
import { formatId, normaliseBool } from './values';
import { Access, evaluateAccess, ManagementPath, ServiceName } from './management-path';

export interface DeviceUser {
  name: string;
  password: string;
  group: 'full' | 'write' | 'read';
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

const copyTables = (tables: Map<string, Row[]>) => new Map([...tables.entries()].map(([path, rows]) => [path, rows.map((r) => ({ ...r }))]));

export interface SeedConfig {
  packages: ('routerboard' | 'wireless')[];
  /** How the managing service reaches this device. */
  management: ManagementPath;
  /** Rows per menu path; singletons hold one row. Internal flags start with `.` (`.builtin`, `.link`). */
  tables: Record<string, Row[]>;
}

/** Hidden bookkeeping on rows: never shown to clients. */
const isInternal = (key: string) => key.startsWith('.') && key !== '.id';

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
    this.tree = treeFor(version);
    this.bootedAt = now();
    this.load(seedConfig());
  }

  private packageList: string[] = [];
  private seedRows?: Record<string, Row[]>;
  private listeners = new Set<() => void>();
  private path!: ManagementPath;

  get management(): ManagementPath {
    return { ...this.path };
  }

  /** Moves the managing service (control API): where it connects from and to. */
  setManagement(path: ManagementPath): void {
    this.path = { ...path };
    this.changed(false);
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
    return evaluateAccess({ rowsOf: (p) => this.rawRows(p), seedPort: (name) => seedServices.find((s) => s['name'] === name)?.['port'] }, this.path, service, connection);
  }
  private hold?: SafeModeHold;

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
    this.counters = new Map(hold.counters);
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
    this.load(this.seedConfig());
    this.changed(false);
  }

  /** Configuration persists; uptime restarts; safe mode is lost and, as on a real device, not reverted. */
  reboot(): void {
    this.bootedAt = this.now();
    this.hold = undefined;
  }

  uptimeSeconds(): number {
    return Math.floor((this.now() - this.bootedAt) / 1000);
  }

  /** The menu spec if this device serves the path (its version has it, or its extra package provides it). */
  menu(path: string): MenuSpec | undefined {
    const spec = MENU_BY_PATH.get(path);
    if (!spec) return undefined;
    if (spec.package) return this.packageList.includes(spec.package) ? spec : undefined;
    return this.tree[path] ? spec : undefined;
  }

  /** Rows as a client sees them: computed values filled in, internal flags removed, keys sorted. */
  list(path: string): Row[] {
    const spec = this.require(path);
    return this.rawRows(path).map((row) => this.present(spec, row));
  }

  get(path: string, idOrName: string): Row {
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
    const spec = this.require(path);
    this.requireCommand(path, spec, 'add');
    const values = this.validate(path, spec, props, 'add');
    for (const field of spec.required ?? []) if (values[field] === undefined || values[field] === '') throw errors.missingValue(field);
    this.checkUnique(path, spec, values);
    // `place-before` positions an ordered row (firewall rules); it is not stored.
    const { ['place-before']: before, ...stored } = values;
    const table = this.table(path);
    const at = before === undefined ? table.length : table.findIndex((r) => r['.id'] === before);
    if (at < 0) throw errors.noMatch('place-before');
    const id = this.nextId(spec);
    const row: Row = { '.id': id, ...spec.defaults, ...(spec.derive?.(stored) ?? {}), ...stored, '.created': new Date(this.now()).toISOString() };
    table.splice(at, 0, row);
    this.changed();
    return this.present(spec, row);
  }

  update(path: string, idOrName: string, props: Record<string, unknown>): Row {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'set');
    const found = this.find(path, idOrName);
    if (!found) throw errors.notFound();
    if (found.row['.dynamic'] === 'true') throw errors.dynamic();
    const values = this.validate(found.path, spec, props, 'set');
    this.checkUnique(found.path, this.require(found.path), values, found.row['.id']);
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete found.row[key];
      else found.row[key] = value;
    }
    this.changed();
    return this.present(spec, found.row, found.type);
  }

  setSingleton(path: string, props: Record<string, unknown>): Row {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'set');
    const values = this.validate(path, spec, props, 'set');
    const table = this.table(path);
    if (table.length === 0) table.push({});
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete table[0][key];
      else table[0][key] = value;
    }
    this.changed();
    return this.present(spec, table[0]);
  }

  remove(path: string, idOrName: string): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'remove');
    const found = this.find(path, idOrName);
    if (!found) throw errors.notFound();
    if (found.row['.builtin'] === 'true') throw errors.builtin();
    if (found.row['.dynamic'] === 'true') throw errors.dynamic();
    const table = this.table(found.path);
    table.splice(table.indexOf(found.row), 1);
    this.changed();
  }

  flushDnsCache(): void {
    this.table('ip/dns/cache').length = 0;
  }

  writeFile(name: string, type: string, contents: string): void {
    const files = this.table('file');
    const existing = files.find((f) => f['name'] === name);
    const row = { name, type, size: String(Buffer.byteLength(contents)), contents, 'creation-time': new Date(this.now()).toISOString() };
    if (existing) Object.assign(existing, row);
    else files.push({ '.id': this.nextId(MENU_BY_PATH.get('file')!), ...row });
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
    return { version: this.version, seed: this.seed, uptime: this.uptimeSeconds(), tick: Math.floor(this.now() / 1000), rowsOf: (path) => this.rawRows(path) };
  }

  // ---- internals ----

  private load(config: SeedConfig): void {
    this.packageList = [...config.packages];
    this.path = { ...config.management };
    for (const [path, rows] of Object.entries(config.tables)) {
      const spec = MENU_BY_PATH.get(path);
      if (!spec) throw new Error(`seed config has unknown menu ${path}`);
      this.tables.set(path, rows.map((row) => (spec.kind === 'table' ? { '.id': this.nextId(spec), '.builtin': 'false', ...row } : { ...row })));
    }
  }

  private require(path: string): MenuSpec {
    const spec = this.menu(path);
    if (!spec) throw errors.noSuchCommand(path.split('/').pop()!);
    return spec;
  }

  private requireCommand(path: string, spec: MenuSpec, command: 'add' | 'set' | 'remove'): void {
    const commands = this.tree[path]?.commands ?? (spec.package && spec.writable ? ['add', 'set', 'remove'] : []);
    if (!spec.writable || !commands.includes(command)) throw errors.noSuchCommand(command);
  }

  private table(path: string): Row[] {
    let rows = this.tables.get(path);
    if (!rows) this.tables.set(path, (rows = []));
    return rows;
  }

  private liveRows?: (path: string) => Row[];

  /** Rows the device learns at run time rather than from configuration (sessions, neighbours): added on read. */
  attachLiveRows(provider: (path: string) => Row[]): void {
    this.liveRows = provider;
  }

  /** Rows for reading: never creates a table as a side effect. */
  private rawRows(path: string): Row[] {
    const live = this.liveRows?.(path);
    if (live && live.length > 0) return [...this.storedRows(path), ...live];
    return this.storedRows(path);
  }

  private storedRows(path: string): Row[] {
    if (path === 'interface') {
      return INTERFACE_MENUS.filter((m) => this.menu(m.path)).flatMap((m) => (this.tables.get(m.path) ?? []).map((row) => ({ ...row, type: m.interfaceType! })));
    }
    if (path === 'ip/route') return [...(this.tables.get(path) ?? []), ...this.connectedRoutes()];
    return this.tables.get(path) ?? [];
  }

  /** RouterOS adds a dynamic connected route (DAC) for every enabled address; ids follow the address's. */
  private connectedRoutes(): Row[] {
    const interfaces = this.rawRows('interface');
    return (this.tables.get('ip/address') ?? [])
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
    const keys = Object.keys(merged).filter((k) => !isInternal(k)).sort();
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
      if ((spec.bools ?? []).includes(key)) {
        const bool = normaliseBool(value);
        if (bool === undefined) throw errors.invalidValue(key, value);
        value = bool;
      }
      const ref = spec.refs?.[key];
      if (ref && !this.rawRows(ref).some((r) => r['name'] === value)) throw errors.noMatch(key);
      if ((key === 'address' && (path === 'ip/address' || path === 'ip/arp')) || key === 'dst-address') {
        if (!isAddressWithPrefix(value)) throw errors.invalidValue(key, value);
      }
      out[key] = value;
    }
    return out;
  }

  private checkUnique(path: string, spec: MenuSpec, values: Record<string, string | undefined>, selfId?: string): void {
    const field = spec.unique ?? (spec.idGroup === 'interface' || path === 'interface' ? 'name' : undefined);
    const value = field ? values[field] : undefined;
    if (!field || value === undefined) return;
    const pool = spec.idGroup === 'interface' ? this.rawRows('interface') : this.rawRows(path);
    if (pool.some((r) => r[field] === value && r['.id'] !== selfId)) throw errors.alreadyExists(`${field} ${value}`);
  }
}
