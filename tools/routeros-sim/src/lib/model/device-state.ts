import type { Row } from '../rest/print-query';
import { errors } from '../rest/rest-error';
import { TreeSchema, treeFor } from '../schema/menu-schema';
import { isAddressWithPrefix } from './ip';
import { MenuSpec, MENU_BY_PATH, INTERFACE_MENUS, ReadContext } from './menu-spec-registry';
import { formatId, normaliseBool } from './values';

export interface DeviceUser {
  name: string;
  password: string;
  group: 'full' | 'write' | 'read';
}

export interface SeedConfig {
  packages: ('routerboard' | 'wireless')[];
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

  /** Back to the seed configuration (and a fresh boot). */
  reset(): void {
    this.tables.clear();
    this.counters.clear();
    this.bootedAt = this.now();
    this.load(this.seedConfig());
  }

  reboot(): void {
    this.bootedAt = this.now();
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

  singleton(path: string): Row {
    return this.list(path)[0] ?? {};
  }

  add(path: string, props: Record<string, unknown>): Row {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'add');
    const values = this.validate(path, spec, props, 'add');
    for (const field of spec.required ?? []) if (values[field] === undefined || values[field] === '') throw errors.missingValue(field);
    this.checkUnique(path, spec, values);
    const id = this.nextId(spec);
    const row: Row = { '.id': id, ...spec.defaults, ...(spec.derive?.(values) ?? {}), ...values, '.created': new Date(this.now()).toISOString() };
    this.table(path).push(row);
    return this.present(spec, row);
  }

  update(path: string, idOrName: string, props: Record<string, unknown>): Row {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'set');
    const found = this.find(path, idOrName);
    if (!found) throw errors.notFound();
    const values = this.validate(found.path, spec, props, 'set');
    this.checkUnique(found.path, this.require(found.path), values, found.row['.id']);
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete found.row[key];
      else found.row[key] = value;
    }
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
    return this.present(spec, table[0]);
  }

  remove(path: string, idOrName: string): void {
    const spec = this.require(path);
    this.requireCommand(path, spec, 'remove');
    const found = this.find(path, idOrName);
    if (!found) throw errors.notFound();
    if (found.row['.builtin'] === 'true') throw errors.builtin();
    const table = this.table(found.path);
    table.splice(table.indexOf(found.row), 1);
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

  /** Rows for reading: never creates a table as a side effect. */
  private rawRows(path: string): Row[] {
    if (path === 'interface') {
      return INTERFACE_MENUS.filter((m) => this.menu(m.path)).flatMap((m) => (this.tables.get(m.path) ?? []).map((row) => ({ ...row, type: m.interfaceType! })));
    }
    return this.tables.get(path) ?? [];
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
    const row = (this.tables.get(path) ?? []).find(matches);
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
    const allowed = new Set((path === 'interface' ? this.tree['interface']?.set : this.tree[path]?.[command]) ?? []);
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
