import type { DeviceState } from '../model/device-state';
import type { Row } from '../rest/print-query';
import { LIST_LAYOUT, TABLE_COLUMNS } from './print-columns';
import { STATS_PROPERTIES } from './print-stats';
import { flagGroups, flagProperties, rowFlags } from './print-flags';
import { consoleValue, detailValue } from './print-values';

/** What a `print` asks for beyond the menu: RouterOS's print arguments the console models. */
export interface PrintRequest {
  detail?: boolean;
  terse?: boolean;
  /** `brief`: the table layout, for the menus that otherwise list their items and whose tree lists it (`/system script`). */
  brief?: boolean;
  countOnly?: boolean;
  asValue?: boolean;
  /** `stats`: the menu's statistics in the list layout (print-stats.ts). */
  stats?: boolean;
  /** `show-ids`: items are numbered by their `.id` (`*1`) instead of their position. */
  showIds?: boolean;
  /** `proplist=a,b`: only these properties. */
  proplist?: string[];
  /** `where …`: the `.id`s of the items that match; every item when undefined. */
  ids?: Set<string>;
  /** Columns of the terminal: `detail` wraps at it. */
  width?: number;
  /** `group-by=prop` (7.20): items with the same value of `prop` together, in order of that value. */
  groupBy?: string;
  /** The items alone, without the legend and header (what `print follow` adds as items change). */
  rowsOnly?: boolean;
}

/** Without a terminal to ask (an exec channel), RouterOS's console lays out for 80 columns. */
export const DEFAULT_WIDTH = 80;
/** Never printed: `contents` is a file's data, read with REST or `get` (RouterOS's `/file print` lists files). */
const NEVER_PRINTED = new Set(['contents']);
/**
 * Secrets (passphrases, passwords, keys) stay out of the console's print as they stay out of an export without
 * `show-sensitive` (chosen: print has no `show-sensitive` switch in the tree; REST `get` still reads them).
 */
const SECRET = /(^|[.-])(passphrase|password|secret|pre-shared-key|private-key|psk|auth-key)$/;
const hidden = (state: DeviceState, path: string, key: string) => NEVER_PRINTED.has(key) || SECRET.test(key) || (state.menu(path)?.sensitive ?? []).includes(key);

interface Item {
  number: string;
  row: Row;
}

/** The properties of a row in print order: `name` (or a rule's `chain` and `action`) first, then by name. */
function printedKeys(state: DeviceState, path: string, row: Row, request: PrintRequest, skip: Set<string>): string[] {
  const keys = Object.keys(row).filter((k) => !k.startsWith('.') && k !== 'comment' && !skip.has(k) && !hidden(state, path, k));
  if (request.proplist) return request.proplist.filter((k) => keys.includes(k));
  const first = ['name', 'chain', 'action'].filter((k) => keys.includes(k));
  return [...first, ...keys.filter((k) => !first.includes(k)).sort()];
}

/** Items to print, numbered by their place among all of the menu's items (a `where` skips numbers). */
function items(state: DeviceState, path: string, request: PrintRequest): Item[] {
  const shown = state
    .list(path)
    .map((row, i) => ({ number: request.showIds ? row['.id'] : String(i), row }))
    .filter(({ row }) => !request.ids || request.ids.has(row['.id']));
  // Chosen (docs/simulator.md; the manual does not describe group-by): a stable sort on the value, numbers kept.
  const key = request.groupBy;
  if (key === undefined) return shown;
  return shown.sort((a, b) => (a.row[key] ?? '').localeCompare(b.row[key] ?? '', 'en', { numeric: true }));
}

/** What a settings menu prints: right-aligned names, a colon, the value. */
function properties(state: DeviceState, path: string, request: PrintRequest): string {
  const row = state.singleton(path);
  const keys = printedKeys(state, path, row, request, new Set());
  const width = Math.max(0, ...keys.map((k) => k.length));
  return keys.map((k) => `${k.padStart(width + 2)}: ${consoleValue(row[k])}`).join('\r\n') + '\r\n';
}

/**
 * The settings a list-layout print shows: what is configured and differs from the default, no counters; a rule's
 * `chain` and `action` always (`chain=input action=accept …`, as MikroTik's firewall manual prints rules).
 */
function configured(state: DeviceState, path: string, row: Row, keys: string[]): string[] {
  const settable = new Set([...(state.tree[path]?.add ?? []), ...(state.tree[path]?.set ?? [])]);
  const defaults = state.menu(path)?.defaults ?? {};
  return keys.filter((k) => settable.has(k) && row[k] !== '' && (defaults[k] !== row[k] || k === 'chain' || k === 'action'));
}

/**
 * Greedy word wrap of `name=value ` pairs at `width`, continuation lines indented to the first pair. A pair longer
 * than a line gets a line of its own and runs past the width (chosen: RouterOS's handling is not documented).
 */
function wrapPairs(first: string, pairs: string[], indent: number, width: number): string[] {
  const lines: string[] = [];
  let line = first;
  for (const pair of pairs) {
    if (line.length > indent && line.length + pair.length + 1 > width) {
      lines.push(line);
      line = ' '.repeat(indent);
    }
    line += `${pair} `;
  }
  lines.push(line);
  return lines;
}

/**
 * `print detail` (and a list-layout menu's plain print): per item the number, the flags, `;;; comment`, then
 * `name=value` pairs wrapped at the terminal's width with a trailing blank, and an empty line after each item,
 * as captured RouterOS 7 output shows.
 */
function detail(state: DeviceState, path: string, request: PrintRequest, onlyConfigured: boolean): string {
  const shown = items(state, path, request);
  const groups = flagGroups(path);
  const flags = rowFlags(groups, shown.map((i) => i.row));
  const skip = flagProperties(groups);
  const numberWidth = Math.max(1, ...shown.map((i) => i.number.length));
  const out: string[] = flags.legend && !request.rowsOnly ? [flags.legend] : [];
  for (const { number, row } of shown) {
    const prefix = `${number.padStart(numberWidth)} ${flags.width ? `${flags.of(row)} ` : ''}`;
    let keys = printedKeys(state, path, row, request, skip);
    if (onlyConfigured) keys = configured(state, path, row, keys);
    const pairs = keys.map((k) => `${k}=${detailValue(state.version, path, k, row[k])}`);
    const comment = row['comment'] ? `${prefix};;; ${row['comment']}` : undefined;
    const first = comment === undefined ? prefix : ' '.repeat(prefix.length);
    if (comment !== undefined) out.push(comment);
    out.push(...wrapPairs(first, pairs, prefix.length, request.width ?? DEFAULT_WIDTH), '');
  }
  return out.length ? out.join('\r\n') + '\r\n' : '';
}

/**
 * `print terse`: one line per item, never wrapped: the number, the flags, then `name=value` pairs with the comment
 * first. Values are written bare, spaces and all, as captured RouterOS 7 terse output writes them.
 */
function terse(state: DeviceState, path: string, request: PrintRequest): string {
  const shown = items(state, path, request);
  const groups = flagGroups(path);
  const flags = rowFlags(groups, shown.map((i) => i.row));
  const skip = flagProperties(groups);
  const numberWidth = Math.max(1, ...shown.map((i) => i.number.length));
  const lines = shown.map(({ number, row }) => {
    const pairs = printedKeys(state, path, row, request, skip).map((k) => `${k}=${consoleValue(row[k])}`);
    if (row['comment'] && !request.proplist) pairs.unshift(`comment=${row['comment']}`);
    return `${number.padStart(numberWidth)} ${flags.width ? `${flags.of(row)} ` : ''}${pairs.join(' ')}`;
  });
  return lines.length ? lines.join('\r\n') + '\r\n' : '';
}

/**
 * Columns of a menu with no curated ones: `name` first (even read-only, as on the built-in service ports), then the
 * other settable properties the rows have a value for, while the table fits 80 columns (chosen without a source: RouterOS's own choice per menu is not in
 * the command tree).
 */
function pickedColumns(state: DeviceState, path: string, rows: Row[]): string[] {
  const settable = new Set([...(state.tree[path]?.add ?? []), ...(state.tree[path]?.set ?? [])]);
  const skip = flagProperties(flagGroups(path));
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter(
    (k) => !k.startsWith('.') && k !== 'comment' && !skip.has(k) && !hidden(state, path, k) && (settable.size === 0 || settable.has(k) || k === 'name') && rows.some((r) => r[k]),
  );
  const ordered = [...keys.filter((k) => k === 'name'), ...keys.filter((k) => k !== 'name').sort()];
  const picked: string[] = [];
  let width = 4;
  for (const key of ordered) {
    const column = Math.max(key.length, ...rows.map((r) => (r[key] ?? '').length)) + 3;
    if (picked.length > 0 && (width + column > DEFAULT_WIDTH || picked.length === 6)) break;
    picked.push(key);
    width += column;
  }
  return picked;
}

/**
 * Plain `print` as RouterOS 7 lays out a table: the `Flags:` legend (flags in use only), `Columns:`, a header,
 * then a row per item (number, flags, cells) with its `;;; comment` line above it. Cells are padded to the widest
 * value or header, three blanks apart; numbers are right-aligned. An empty menu prints nothing (chosen).
 */
function table(state: DeviceState, path: string, request: PrintRequest): string {
  const shown = items(state, path, request);
  if (shown.length === 0) return '';
  const rows = shown.map((i) => i.row);
  const columns = request.proplist ?? TABLE_COLUMNS[path]?.filter((c) => rows.some((r) => c in r)) ?? pickedColumns(state, path, rows);
  const flags = rowFlags(flagGroups(path), rows);
  const numberWidth = Math.max(1, ...shown.map((i) => i.number.length));
  const cells = rows.map((r) => columns.map((c) => consoleValue(r[c] ?? '')));
  const headers = columns.map((c) => c.toUpperCase());
  const widths = columns.map((_, j) => Math.max(headers[j].length, ...cells.map((row) => row[j].length)));
  const numeric = columns.map((_, j) => cells.every((row) => row[j] === '' || /^\d+$/.test(row[j])));
  const line = (values: string[], header: boolean) => values.map((v, j) => (numeric[j] && !header ? v.padStart(widths[j]) : v.padEnd(widths[j]))).join('   ');
  const lead = (number: string, flagText: string) => `${number.padStart(numberWidth)} ${flags.width ? `${flagText} ` : ''}`;
  const out: string[] = [];
  if (flags.legend && !request.rowsOnly) out.push(flags.legend);
  if (!request.rowsOnly) out.push(`Columns: ${headers.join(', ')}`, `${lead('#', ' '.repeat(flags.width))}${line(headers, true)}`.trimEnd());
  shown.forEach(({ number, row }, i) => {
    if (row['comment']) out.push(`;;; ${row['comment']}`);
    out.push(`${lead(number, flags.of(row))}${line(cells[i], false)}`);
  });
  return out.join('\r\n') + '\r\n';
}

/** `print as-value`: each item's `.id` and properties (the table's columns unless `detail` or `proplist`). */
export function printValues(state: DeviceState, path: string, request: PrintRequest): string[][] {
  const shown = items(state, path, request);
  const rows = shown.map((i) => i.row);
  const keysOf = (row: Row): string[] => {
    if (request.proplist || request.detail) return printedKeys(state, path, row, request, new Set());
    const columns = TABLE_COLUMNS[path] ?? pickedColumns(state, path, rows);
    return columns.filter((c) => c in row);
  };
  return rows.map((row) => [`.id=${row['.id']}`, ...(row['comment'] && !request.proplist ? [`comment=${row['comment']}`] : []), ...keysOf(row).map((k) => `${k}=${row[k]}`)]);
}

/**
 * `print` output on the console. `count-only` prints the number of items; `as-value` prints nothing on the
 * console (its value is for scripts: `:put [/ip address print as-value]`), as MikroTik's console documents
 * command values and independent clients found on devices.
 */
export function renderPrint(state: DeviceState, path: string, request: PrintRequest = {}): string {
  const spec = state.menu(path);
  if (!spec) return '';
  if (spec.kind === 'singleton') return properties(state, path, request);
  if (request.countOnly) return `${items(state, path, request).length}\r\n`;
  if (request.asValue) return '';
  if (request.terse) return terse(state, path, request);
  if (request.stats) return detail(state, path, { ...request, proplist: request.proplist ?? STATS_PROPERTIES[path] }, false);
  if (request.detail) return detail(state, path, request, false);
  if (LIST_LAYOUT.test(path) && !request.proplist && !request.brief) return detail(state, path, request, true);
  return table(state, path, request);
}
