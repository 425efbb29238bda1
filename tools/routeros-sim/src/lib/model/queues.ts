import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import { invalidArg, outOfRangeText } from './arg-rules';
import { firewallValue } from './firewall-values';
import type { MenuSpec, ReadContext, RowCheckContext } from './menu-spec';
import { simpleQueueStats, treeQueueStats } from './queue-traffic';
import { BUILTIN_QUEUE_TYPES } from './queue-types';

export { BUILTIN_QUEUE_TYPES };

/**
 * `/queue/simple` and `/queue/tree` (MikroTik's Queues manual): rates as `upload/download` pairs on simple queues and
 * single rates on the tree, printed as RouterOS prints them (`10M/10M`, `1500k`), `queue` types that must exist in
 * `/queue/type`, `parent` references that must exist, follow renames and never make a cycle, and simple-queue
 * `target`s that are addresses, prefixes or existing interfaces.
 */

const UNITS: [string, number][] = [['G', 1e9], ['M', 1e6], ['k', 1e3]];

/** `10M`, `1500k`, `2G`, `64000`: bits per second; RouterOS prints the largest unit that divides exactly. */
export function normaliseRate(key: string, value: string): string {
  const match = /^(\d+)([kKMG]?)$/.exec(value);
  if (!match) throw invalidArg(key);
  const unit = match[2] === 'K' ? 'k' : match[2];
  const bits = Number(match[1]) * (UNITS.find(([u]) => u === unit)?.[1] ?? 1);
  if (!Number.isSafeInteger(bits) || bits > 4_294_967_295 * 1000) throw invalidArg(key);
  const [name, size] = UNITS.find(([, n]) => bits !== 0 && bits % n === 0) ?? ['', 1];
  return `${bits / size}${name}`;
}

/** A simple queue's `upload/download` pair; one value stands for both directions (chosen: as the manual's examples). */
function pair(key: string, value: string, one: (key: string, v: string) => string): string {
  const parts = value.split('/');
  if (parts.length > 2) throw invalidArg(key);
  const [up, down = up] = parts.map((p) => one(key, p));
  return `${up}/${down}`;
}

const priority = (key: string, value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 8) throw outOfRangeText(key, '1..8');
  return String(Number(value));
};

const bucket = (key: string, value: string) => {
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) > 10) throw outOfRangeText(key, '0..10');
  return value;
};

const time = (key: string, value: string) => {
  if (!/^(\d+(ms|s|m|h|d|w)?)+$/.test(value)) throw invalidArg(key);
  return /^\d+$/.test(value) ? `${value}s` : value;
};

/** One `target` item: an address becomes its /32 (/128) prefix, a prefix its network; otherwise an interface's name. */
function targetItem(value: string, interfaces: Row[]): string {
  const [host, bits] = value.split('/');
  if (ipaddr.isValid(host) && (ipaddr.IPv4.isValidFourPartDecimal(host) || host.includes(':'))) {
    const ip = ipaddr.parse(host);
    const width = ip.kind() === 'ipv4' ? 32 : 128;
    const length = bits === undefined ? width : /^\d+$/.test(bits) ? Number(bits) : NaN;
    if (!(length >= 0 && length <= width)) throw invalidArg('target');
    return `${ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${host}/${length}`) : ipaddr.IPv6.networkAddressFromCIDR(`${host}/${length}`)}/${length}`;
  }
  if (/^[\d.]+(\/.*)?$/.test(value) || value.includes(':')) throw invalidArg('target');
  // RouterOS names the kind of value it looked for (the wording of the other interface references).
  if (!interfaces.some((i) => i['name'] === value)) throw errors.noMatch('target');
  return value;
}

function simpleArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'max-limit': case 'limit-at': case 'burst-limit': case 'burst-threshold':
      return pair(key, value, normaliseRate);
    case 'total-max-limit': case 'total-limit-at': case 'total-burst-limit': case 'total-burst-threshold':
      return normaliseRate(key, value);
    case 'priority': return pair(key, value, priority);
    case 'total-priority': return priority(key, value);
    case 'bucket-size': return pair(key, value, bucket);
    case 'total-bucket-size': return bucket(key, value);
    case 'burst-time': return pair(key, value, time);
    case 'queue': return pair(key, value, (_k, v) => v);
    // Checked with the whole row (checkSimple): types that exist, a parent that exists, addresses or interfaces.
    case 'total-queue': case 'parent': case 'target': return value;
    // `[!]time-time[,days]` (the page: `TIME-TIME,sun,mon,…`), as the firewall's `time` matcher takes it.
    case 'time': return value === '' ? value : firewallValue(key, value, { path: 'queue/simple', rowsOf: () => [] });
  }
  return undefined;
}

function treeArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'max-limit': case 'limit-at': case 'burst-limit': case 'burst-threshold': return normaliseRate(key, value);
    case 'priority': return priority(key, value);
    case 'bucket-size': return bucket(key, value);
  }
  return undefined;
}

const typeNames = (ctx: RowCheckContext) => new Set([...BUILTIN_QUEUE_TYPES, ...ctx.rowsOf('queue/type').map((t) => t['name'])]);

function checkTypes(values: string[], ctx: RowCheckContext): void {
  const types = typeNames(ctx);
  if (values.some((v) => !types.has(v))) throw errors.noMatch('queue');
}

/** Walks `parent` up from `row`: a parent must exist, and the walk must never come back to the row. */
function checkParent(row: Row, ctx: RowCheckContext, roots: (parent: string) => boolean): void {
  const rows = [...ctx.others, row];
  let parent = row['parent'];
  const seen = new Set<string>([row['name']]);
  while (parent !== undefined && !roots(parent)) {
    // Chosen wording for a cycle: RouterOS refuses a queue below itself, the manual gives no text.
    if (seen.has(parent)) throw new RestError(400, 'failure: queue can not be parent of itself');
    const up = rows.find((r) => r['name'] === parent);
    if (!up) throw errors.noMatch('parent');
    seen.add(parent);
    parent = up['parent'];
  }
}

function checkSimple(row: Row, ctx: RowCheckContext): void {
  if (row['target'] !== undefined) {
    const interfaces = ctx.rowsOf('interface');
    row['target'] = row['target'].split(',').filter((t) => t !== '').map((t) => targetItem(t, interfaces)).join(',');
  }
  checkTypes([...(row['queue'] ?? '').split('/'), row['total-queue'] ?? 'default-small'].filter(Boolean), ctx);
  checkParent(row, ctx, (p) => p === 'none');
}

function checkTree(row: Row, ctx: RowCheckContext): void {
  if (!row['parent']) throw errors.missingValue('parent');
  checkTypes([row['queue'] ?? 'default-small'], ctx);
  const interfaces = ctx.rowsOf('interface');
  checkParent(row, ctx, (p) => p === 'global' || interfaces.some((i) => i['name'] === p));
}

/** Statistics from the device's traffic model (queue-traffic.ts): zero for a new queue, growing with its traffic. */
const simpleStats = (row: Row, ctx: ReadContext) => ({ dynamic: row['.dynamic'] ?? 'false', invalid: 'false', ...simpleQueueStats(row, ctx) });
const treeStats = (row: Row, ctx: ReadContext) => ({ invalid: 'false', ...treeQueueStats(row, ctx) });

export const QUEUE_MENUS: MenuSpec[] = [
  {
    path: 'queue/simple', kind: 'table', writable: true, bools: ['disabled'], unique: 'name', autoName: 'queue', argRule: simpleArg, checkRow: checkSimple,
    defaults: { disabled: 'false', parent: 'none', 'max-limit': '0/0', 'limit-at': '0/0', 'burst-limit': '0/0', 'burst-threshold': '0/0', 'burst-time': '0s/0s', priority: '8/8', queue: 'default-small/default-small', 'bucket-size': '0.1/0.1', 'packet-marks': '', 'total-queue': 'default-small' },
    // A parent is `none`, or a simple queue by name (checkSimple), which follows its renames.
    namedRefs: { parent: 'queue/simple' },
    computed: simpleStats,
  },
  {
    path: 'queue/tree', kind: 'table', writable: true, bools: ['disabled'], unique: 'name', autoName: 'queue', argRule: treeArg, checkRow: checkTree,
    defaults: { disabled: 'false', 'max-limit': '0', 'limit-at': '0', 'burst-limit': '0', 'burst-threshold': '0', 'burst-time': '0s', priority: '8', queue: 'default-small', 'bucket-size': '0.1', 'packet-mark': '' },
    // A parent is `global`, an interface or a tree queue by name (checkTree); a queue's renames follow.
    namedRefs: { parent: 'queue/tree' },
    computed: treeStats,
  },
];
