/** Values of RouterOS's scripting language and the conversions `:tostr`, `:tonum`, `:typeof` make. */
import type { Statement } from './ast';
import { IpValue, parseIp, parseIp6 } from './ip-values';

/** An item id (`*1A`), what `find` returns and `get`/`set` take. */
export class ItemId {
  constructor(readonly id: string) {}
  toString(): string {
    return this.id;
  }
}

/** A duration (`1m30s`), kept in seconds; printed as RouterOS prints times. */
export class Duration {
  constructor(readonly seconds: number) {}
  toString(): string {
    const s = Math.floor(this.seconds);
    // `:time` measures below a second: RouterOS prints the fraction with six digits (`00:00:00.000512`).
    const fraction = this.seconds === s ? '' : `.${String(Math.round((this.seconds - s) * 1e6)).padStart(6, '0')}`;
    const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
    const days = Math.floor(s / 86400);
    return (days > 0 ? `${days}d${hms}` : hms) + fraction;
  }
}

/**
 * An array with keys (`{"a"=1;"b"=2}`, or a list given a named element). RouterOS orders an array's keys: the
 * numbered elements first, then the names alphabetically; `:put` prints `a=1;b=2`.
 */
export class KeyedArray {
  constructor(readonly map: Map<string, ScriptValue> = new Map()) {}

  static of(list: ScriptValue[]): KeyedArray {
    return new KeyedArray(new Map(list.map((v, i) => [String(i), v])));
  }

  entries(): [string, ScriptValue][] {
    const numbered = (k: string) => /^\d+$/.test(k);
    return [...this.map.entries()].sort(([a], [b]) => (numbered(a) && numbered(b) ? Number(a) - Number(b) : numbered(a) ? -1 : numbered(b) ? 1 : a < b ? -1 : a > b ? 1 : 0));
  }

  values(): ScriptValue[] {
    return this.entries().map(([, v]) => v);
  }

  /** A key as the script sees it: a number for numbered elements. */
  static key(key: string): ScriptValue {
    return /^\d+$/.test(key) ? Number(key) : key;
  }
}

/** A function: the code a `:global f do={ … }` holds, called as `[$f 1 name=x]` (`$1`, `$name` inside). */
export class ScriptFunction {
  constructor(readonly body: Statement[]) {}
}

/** `nothing` is what a command without a value returns; `nil` a declared variable without one. */
export const NOTHING: unique symbol = Symbol('nothing');
export const NIL: unique symbol = Symbol('nil');

export type ScriptValue = string | number | boolean | ItemId | Duration | IpValue | ScriptValue[] | KeyedArray | ScriptFunction | typeof NOTHING | typeof NIL;

const UNITS: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };

/** `1d2h`, `5m`, `90s`, `00:05:00` → seconds; undefined when it is not a time. */
export function parseDuration(text: string): number | undefined {
  const clock = /^(?:(\d+)d)?(\d+):(\d{2}):(\d{2})$/.exec(text);
  if (clock) return Number(clock[1] ?? 0) * 86400 + (Number(clock[2]) * 60 + Number(clock[3])) * 60 + Number(clock[4]);
  if (!/^(\d+(ms|[wdhms]))+$/.test(text)) return undefined;
  return [...text.matchAll(/(\d+)(ms|[wdhms])/g)].reduce((total, [, n, unit]) => total + (unit === 'ms' ? Number(n) / 1000 : Number(n) * UNITS[unit]), 0);
}

/** A bare word typed as RouterOS types literals: numbers, booleans, ids, times; anything else a string. */
export function bareValue(text: string): ScriptValue {
  if (/^-?\d+$/.test(text)) return Number(text);
  // `yes`/`no` stay words (`:put yes` prints yes); comparisons read them as booleans (values.equal).
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\*[0-9A-Fa-f]+$/.test(text)) return new ItemId(text.toUpperCase());
  const seconds = /[wdhms]$|^\d+:\d{2}:\d{2}$/.test(text) ? parseDuration(text) : undefined;
  if (seconds !== undefined) return new Duration(seconds);
  return addressValue(text) ?? text;
}

/** RouterOS types address literals and property values: `10.0.0.1` is an `ip`, `2001:db8::/32` an `ip6-prefix`. */
function addressValue(text: string): IpValue | undefined {
  if (/^\d+\.\d+\.\d+\.\d+(\/\d+)?$/.test(text)) return parseIp(text);
  // Not `::1` (a word starting with `:` is a command) nor a clock time (`00:05:00` is no IPv6 address).
  if (/^[0-9a-fA-F]{1,4}:[0-9a-fA-F:.]*(\/\d+)?$/.test(text)) return parseIp6(text);
  return undefined;
}

/** A value read from a row (`get`, `find where`): RouterOS hands back typed values. */
export function rowValue(text: string | undefined): ScriptValue {
  if (text === undefined) return NOTHING;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\*[0-9A-F]+$/.test(text)) return new ItemId(text);
  return addressValue(text) ?? text;
}

export function typeOf(value: ScriptValue): string {
  if (value === NOTHING) return 'nothing';
  if (value === NIL) return 'nil';
  if (Array.isArray(value) || value instanceof KeyedArray) return 'array';
  // Chosen (docs/simulator.md): the manual lists no type for a function's value; RouterOS 7 answers `code`.
  if (value instanceof ScriptFunction) return 'code';
  if (value instanceof ItemId) return 'id';
  if (value instanceof Duration) return 'time';
  if (value instanceof IpValue) return value.kind;
  if (typeof value === 'number') return 'num';
  if (typeof value === 'boolean') return 'bool';
  return 'str';
}

export function toStr(value: ScriptValue): string {
  if (value === NOTHING || value === NIL) return '';
  if (Array.isArray(value)) return value.map(toStr).join(';');
  if (value instanceof KeyedArray) return value.entries().map(([k, v]) => (/^\d+$/.test(k) ? toStr(v) : `${k}=${toStr(v)}`)).join(';');
  if (value instanceof ScriptFunction) return '(code)';
  return String(value);
}

export function toNum(value: ScriptValue): number | typeof NIL {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Duration) return value.seconds;
  const text = toStr(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : NIL;
}

export function toBool(value: ScriptValue): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value === 'true' || value === 'yes';
  return false;
}

/** `=` as RouterOS compares: by value within a type; a string against a bool or a number by its text. */
export function equal(a: ScriptValue, b: ScriptValue): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const bools = [a, b].map((v) => (typeof v === 'boolean' ? v : typeof v === 'string' && /^(true|false|yes|no)$/.test(v) ? v === 'true' || v === 'yes' : undefined));
    if (bools[0] === undefined || bools[1] === undefined) return false;
    return bools[0] === bools[1];
  }
  const isArray = (v: ScriptValue) => Array.isArray(v) || v instanceof KeyedArray;
  if (isArray(a) || isArray(b)) return toStr(a) === toStr(b) && isArray(a) === isArray(b);
  return toStr(a) === toStr(b);
}

/** An array's elements in order, a single value as a one-element list. */
export function elementsOf(v: ScriptValue): ScriptValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof KeyedArray) return v.values();
  return [v];
}

/** `($arr->key)`: an element by index or key; nothing when there is none. */
export function elementAt(container: ScriptValue, key: ScriptValue): ScriptValue {
  if (Array.isArray(container)) {
    const i = toNum(key);
    return i === NIL ? NOTHING : (container[i] ?? NOTHING);
  }
  if (container instanceof KeyedArray) return container.map.get(toStr(key)) ?? NOTHING;
  return NOTHING;
}

/** `:set ($arr->k1->k2) v`: a copy of the array with the element set; a list given a name becomes keyed. */
export function withElement(container: ScriptValue, keys: ScriptValue[], value: ScriptValue): ScriptValue {
  const [key, ...rest] = keys;
  const next = rest.length === 0 ? value : withElement(elementAt(container, key), rest, value);
  const index = typeof key === 'number' ? key : /^\d+$/.test(toStr(key)) ? Number(toStr(key)) : undefined;
  const list = Array.isArray(container) ? container : container === NOTHING || container === NIL || container === '' ? [] : undefined;
  if (list && index !== undefined && index <= list.length) {
    const copy = [...list];
    copy[index] = next;
    return copy;
  }
  const keyed = container instanceof KeyedArray ? new KeyedArray(new Map(container.map)) : KeyedArray.of(list ?? (Array.isArray(container) ? container : []));
  keyed.map.set(toStr(key), next);
  return keyed;
}
