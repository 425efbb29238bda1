/**
 * The conversion and data commands of RouterOS 7's scripting beyond `:tostr`/`:tonum`: `:toip`, `:toip6`,
 * `:totime`, `:tonsec`, `:toid`, `:tobool`, `:parse`, `:serialize`, `:deserialize` and `:convert`. Which of their
 * arguments a version takes comes from its command tree (precheck); what they answer from MikroTik's scripting
 * manual, and where it is silent from the choices listed in docs/simulator.md.
 */
import { ScriptFailure, ScriptSyntaxError } from './errors';
import { IpValue, parseIp, parseIp6 } from './ip-values';
import { parseScript } from './parser';
import { Duration, ItemId, KeyedArray, NIL, NOTHING, ScriptFunction, ScriptValue, elementsOf, parseDuration, toStr } from './values';

/** A builtin's arguments: the value (`value=` or the first unnamed one) and its named arguments. */
export interface ConversionArgs {
  value: ScriptValue;
  named: Map<string, ScriptValue>;
}

type Conversion = (args: ConversionArgs) => ScriptValue;

const flags = (v: ScriptValue | undefined) => new Set(v === undefined ? [] : toStr(v).split(',').map((f) => f.trim()));

export const CONVERSIONS: Record<string, Conversion> = {
  // A value that is not an address converts to nil, as every `:to…` does with what it cannot read.
  toip: ({ value }) => ipOnly(value, 'ip'),
  toip6: ({ value }) => ipOnly(value, 'ip6'),
  totime: ({ value }) => toTime(value),
  // Chosen (docs/simulator.md): `:tonsec` of a time is its nanoseconds, of a number the number; nil otherwise.
  tonsec: ({ value }) => {
    const time = toTime(value);
    return time instanceof Duration ? Math.round(time.seconds * 1e9) : NIL;
  },
  toid: ({ value }) => (value instanceof ItemId ? value : /^\*[0-9A-Fa-f]+$/.test(toStr(value)) ? new ItemId(toStr(value).toUpperCase()) : NIL),
  tobool: ({ value }) => toBoolOrNil(value),
  parse: ({ value }) => parseCode(toStr(value)),
  serialize: ({ value, named }) => serialize(value, named),
  deserialize: ({ value, named }) => deserialize(toStr(value), named),
  convert: ({ value, named }) => convert(value, named),
};

/** `:toip "10.0.0.1"` is an `ip`; a prefix, a name or an IPv6 address is no IPv4 address (nil). */
function ipOnly(value: ScriptValue, kind: 'ip' | 'ip6'): ScriptValue {
  if (value instanceof IpValue) return value.kind === kind ? value : NIL;
  const parsed = kind === 'ip' ? parseIp(toStr(value)) : parseIp6(toStr(value));
  return parsed?.kind === kind ? parsed : NIL;
}

/** `:totime "1h"` / `:totime 90` (seconds) / `:totime "00:05:00"`; nil for what is not a time. */
function toTime(value: ScriptValue): ScriptValue {
  if (value instanceof Duration) return value;
  if (typeof value === 'number') return new Duration(value);
  const text = toStr(value).trim();
  if (/^-?\d+$/.test(text)) return new Duration(Number(text));
  const seconds = parseDuration(text);
  return seconds === undefined ? NIL : new Duration(seconds);
}

/** Chosen (docs/simulator.md): `true`/`yes` and `false`/`no` convert, a number is true unless 0, anything else is nil. */
function toBoolOrNil(value: ScriptValue): ScriptValue {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const text = toStr(value);
  if (text === 'true' || text === 'yes') return true;
  if (text === 'false' || text === 'no') return false;
  return NIL;
}

/** `:parse ":put hi"`: code, called as `$f` or `[$f 1 x=2]`. Chosen: text it cannot read fails (on-error catches it). */
function parseCode(text: string): ScriptValue {
  try {
    return new ScriptFunction(parseScript(text));
  } catch (error) {
    if (error instanceof ScriptSyntaxError) throw new ScriptFailure(error.message);
    throw error;
  }
}

// ---- :serialize / :deserialize

function serialize(value: ScriptValue, named: Map<string, ScriptValue>): string {
  const to = toStr(named.get('to') ?? '');
  if (to !== 'json') throw new ScriptFailure(to === '' ? 'missing value for to' : `unsupported serialization format ${to}`);
  const options = flags(named.get('options'));
  const json = toJson(value, options.has('json.no-string-conversion'));
  // Chosen (docs/simulator.md): json.pretty indents by four spaces; the manual shows no pretty output.
  return JSON.stringify(json, null, options.has('json.pretty') ? 4 : undefined) ?? 'null';
}

/**
 * A script value as JSON: numbers and booleans as themselves, arrays as lists, keyed arrays as objects, nil and
 * nothing as null, every other type (time, ip, id) as its text. A string that reads as a number is written as the
 * number unless `json.no-string-conversion` (RouterOS converts, which is why 7.20 added the option).
 */
function toJson(value: ScriptValue, keepStrings: boolean): unknown {
  if (value === NIL || value === NOTHING) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => toJson(v, keepStrings));
  if (value instanceof KeyedArray) return Object.fromEntries(value.entries().map(([k, v]) => [k, toJson(v, keepStrings)]));
  if (typeof value === 'string') return !keepStrings && /^-?\d{1,18}$/.test(value) ? Number(value) : value;
  return toStr(value);
}

function deserialize(text: string, named: Map<string, ScriptValue>): ScriptValue {
  const from = toStr(named.get('from') ?? '');
  if (from !== 'json') throw new ScriptFailure(from === '' ? 'missing value for from' : `unsupported serialization format ${from}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ScriptFailure('invalid json');
  }
  return fromJson(parsed, flags(named.get('options')).has('json.no-string-conversion'));
}

/**
 * JSON as script values: objects as keyed arrays, lists as arrays, null as nil. Chosen (docs/simulator.md): a
 * number with a fraction stays its text (RouterOS numbers are integers); a string that reads as an integer or an
 * address becomes that type unless `json.no-string-conversion`.
 */
function fromJson(value: unknown, keepStrings: boolean): ScriptValue {
  if (value === null) return NIL;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value : String(value);
  if (typeof value === 'string') return keepStrings ? value : /^-?\d{1,18}$/.test(value) ? Number(value) : (parseIp(value) ?? parseIp6(value) ?? value);
  if (Array.isArray(value)) return value.map((v) => fromJson(v, keepStrings));
  const keyed = new KeyedArray();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) keyed.map.set(k, fromJson(v, keepStrings));
  return keyed;
}

// ---- :convert

const SCHEMES = ['raw', 'hex', 'base64', 'url', 'byte-array'] as const;

/**
 * `:convert from=raw to=base64 "text"`. Strings are bytes (RouterOS strings are), so each character is one byte.
 * Chosen (docs/simulator.md): the schemes modelled are raw, hex, base64, url and byte-array; `transform` is refused.
 */
function convert(value: ScriptValue, named: Map<string, ScriptValue>): ScriptValue {
  if (named.has('transform')) throw new ScriptFailure('transform is not modelled by the simulator');
  const from = toStr(named.get('from') ?? 'raw');
  const to = toStr(named.get('to') ?? 'raw');
  for (const [arg, scheme] of [['from', from], ['to', to]]) if (!(SCHEMES as readonly string[]).includes(scheme)) throw new ScriptFailure(`invalid value for argument ${arg}`);
  let bytes: Buffer;
  if (from === 'byte-array') bytes = Buffer.from(elementsOf(value).map((b) => Number(toStr(b)) & 0xff));
  else if (from === 'hex') bytes = Buffer.from(toStr(value), 'hex');
  else if (from === 'base64') bytes = Buffer.from(toStr(value), 'base64');
  else if (from === 'url') bytes = Buffer.from(decodeURIComponent(toStr(value)), 'latin1');
  else bytes = Buffer.from(toStr(value), 'latin1');
  if (to === 'byte-array') return [...bytes];
  if (to === 'hex') return bytes.toString('hex');
  if (to === 'base64') return bytes.toString('base64');
  if (to === 'url') return encodeURIComponent(bytes.toString('latin1'));
  return bytes.toString('latin1');
}
