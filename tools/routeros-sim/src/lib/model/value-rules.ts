import ipaddr from 'ipaddr.js';
import { errors, RestError } from '../rest/rest-error';
import { invalidArg, macRequired, numberIn, outOfRangeText } from './arg-rules';
import { parseTimeMs } from './values';

/**
 * A value rule read from RouterOS's description of an argument (`/console/inspect`'s `desc`, kept in the schema):
 * what values the argument takes and how RouterOS refuses the others.
 */
export type ValueRule =
  | { kind: 'string'; min?: number; max?: number; hex?: boolean }
  | { kind: 'integer'; min: number; max: number }
  /** Bounds in milliseconds; `range` is the bounds as the description writes them, for the error text. */
  | { kind: 'time'; min?: number; max?: number; range?: string }
  | { kind: 'ipv4' | 'ipv4-prefix' | 'ipv6-prefix' | 'ipv4-range' | 'mac' }
  /** `list`: a comma list of the words (`ip|ipv6[,Afi*]`). */
  | { kind: 'enum'; values: string[]; list: boolean }
  | { kind: 'union'; rules: ValueRule[] }
  /** Accepted as free text: the description names no syntax the simulator can check. */
  | { kind: 'free'; reason: string };

export type ValueKind = ValueRule['kind'];

/** Descriptions that name no checkable syntax, and why they are accepted as free text. */
const FREE_TEXT: Record<string, string> = {
  'see documentation': 'RouterOS defers to its manual',
  // The argument of `:onerror … in=`: a script body.
  script: 'a script body',
};

const TYPED = /^(.*?)\s+\((IP address|IP prefix|IPv6 prefix|IP address range|MAC address|time interval)\)$/;

/** Splits on `|` alternatives written with spaces (`none | A.B.C.D`), never inside `[…]`. */
function alternatives(desc: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < desc.length; i++) {
    if (desc[i] === '[') depth++;
    else if (desc[i] === ']') depth--;
    else if (depth === 0 && desc.startsWith(' | ', i)) {
      parts.push(desc.slice(start, i));
      start = i + 3;
    }
  }
  return [...parts, desc.slice(start)];
}

/** Reads one `desc`; an unknown shape is free text, never an error (so a new tree cannot break writes). */
export function parseValueDescription(desc: string): ValueRule {
  const text = desc.trim();
  if (FREE_TEXT[text]) return { kind: 'free', reason: FREE_TEXT[text] };
  const parts = alternatives(text);
  // A bare word among alternatives is a keyword (`none | A.B.C.D`).
  if (parts.length > 1) return { kind: 'union', rules: parts.map((p) => (/^[a-z][a-z0-9-]*$/.test(p) ? { kind: 'enum', values: [p], list: false } : parseValueDescription(p))) };
  if (text === 'time interval') return { kind: 'time' };
  const typed = TYPED.exec(text);
  if (typed) {
    const [, syntax, type] = typed;
    switch (type) {
      case 'IP address': return { kind: 'ipv4' };
      case 'IP prefix': return { kind: 'ipv4-prefix' };
      case 'IPv6 prefix': return { kind: 'ipv6-prefix' };
      case 'IP address range': return { kind: 'ipv4-range' };
      case 'MAC address': return { kind: 'mac' };
      case 'time interval': {
        const [from, to] = syntax.split('..');
        const min = parseTimeMs(from);
        const max = to ? parseTimeMs(to) : undefined;
        if (to === undefined || min === undefined || (to !== '' && max === undefined)) break;
        return { kind: 'time', min, ...(max !== undefined ? { max } : {}), range: syntax };
      }
    }
    return { kind: 'free', reason: `unread syntax: ${text}` };
  }
  const range = /^(-?\d+)\.\.(-?\d+)$/.exec(text);
  if (range) return { kind: 'integer', min: Number(range[1]), max: Number(range[2]) };
  const str = /^(hexadecimal )?string value(?:, min length (\d+))?(?:, max length (\d+))?$/.exec(text);
  if (str) return { kind: 'string', ...(str[1] ? { hex: true } : {}), ...(str[2] ? { min: Number(str[2]) } : {}), ...(str[3] ? { max: Number(str[3]) } : {}) };
  const words = /^([A-Za-z0-9_.-]+(?:\|[A-Za-z0-9_.-]+)*)(\[,\w+\*\])?$/.exec(text);
  if (words && (words[1].includes('|') || words[2])) return { kind: 'enum', values: words[1].split('|'), list: !!words[2] };
  return { kind: 'free', reason: `unread syntax: ${text}` };
}

const isIpv4 = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text);
const isIpv6 = (text: string) => ipaddr.IPv6.isValid(text.split('%')[0]);
const bitsWithin = (bits: string | undefined, max: number) => bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);

function isIpv4Prefix(text: string): boolean {
  const [host, bits, extra] = text.split('/');
  return extra === undefined && isIpv4(host) && bitsWithin(bits, 32);
}

function isIpv6Prefix(text: string): boolean {
  const [host, bits, extra] = text.split('/');
  return extra === undefined && isIpv6(host) && bitsWithin(bits, 128);
}

/** `A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]`: an address, an ascending range, a prefix length or a netmask. */
function isIpv4Range(text: string): boolean {
  const dash = text.split('-');
  if (dash.length === 2) return isIpv4(dash[0]) && isIpv4(dash[1]) && toNumber(dash[0]) <= toNumber(dash[1]);
  const [host, mask, extra] = text.split('/');
  if (extra !== undefined || !isIpv4(host)) return false;
  if (mask === undefined || bitsWithin(mask, 32)) return true;
  return isIpv4(mask) && ipaddr.IPv4.parse(mask).prefixLengthFromSubnetMask() !== null;
}

const toNumber = (ip: string) => ipaddr.IPv4.parse(ip).toByteArray().reduce((n, b) => n * 256 + b, 0);

/** `AB[:|-|.]CD…`: six octets, each pair optionally followed by `:`, `-` or `.`, as the description writes it. */
const MAC_SYNTAX = /^[0-9A-Fa-f]{2}(?:[:.-]?[0-9A-Fa-f]{2}){5}$/;

/**
 * What the tree's description of an address argument leaves out. `/console/inspect` describes only the first
 * alternative of an argument (`/tool/ping address` reads as a MAC address, `/ip/dns servers` as one IPv4 address,
 * `/ip/ipsec/policy src-address` as an IPv6 prefix), while RouterOS takes comma lists, the other family, host
 * names and names of pools or ids there. So an address argument accepts each comma item that is any address,
 * prefix, range or MAC, or a name (starts with a letter); what it refuses is a malformed address
 * (`10.0.0.300`, `10.0.0.1/40`, `2001:db8::zz`). Chosen without a source (docs/simulator.md).
 */
function addressLike(item: string): boolean {
  if (/^[A-Za-z][A-Za-z0-9_.-]*$/.test(item)) return true;
  return isIpv4Range(item) || isIpv6Prefix(item) || MAC_SYNTAX.test(item);
}

function strictlyValid(rule: ValueRule, value: string): boolean {
  switch (rule.kind) {
    case 'ipv4': return isIpv4(value);
    case 'ipv4-prefix': return isIpv4Prefix(value);
    case 'ipv6-prefix': return isIpv6Prefix(value);
    case 'ipv4-range': return isIpv4Range(value);
    case 'mac': return MAC_SYNTAX.test(value);
    default: return true;
  }
}

export interface CheckOptions {
  /**
   * Address descriptions are the first alternative only (see addressLike): accept any address-like comma list.
   * False checks exactly the syntax the description writes (the parser's own spec).
   */
  firstAlternativeOnly?: boolean;
}

/** Checks `value` against `rule`; returns it (a MAC in RouterOS's printed form) or throws RouterOS's refusal. */
export function checkValue(rule: ValueRule, key: string, value: string, options: CheckOptions = {}): string {
  switch (rule.kind) {
    case 'free':
      return value;
    case 'string': {
      if (rule.hex && !/^[0-9A-Fa-f]*$/.test(value)) throw invalidArg(key);
      if ((rule.min !== undefined && value.length < rule.min) || (rule.max !== undefined && value.length > rule.max)) throw invalidArg(key);
      return value;
    }
    case 'integer':
      return numberIn(key, value, rule.min, rule.max);
    case 'time': {
      const ms = parseTimeMs(value);
      if (ms === undefined) throw invalidArg(key);
      if ((rule.min !== undefined && ms < rule.min) || (rule.max !== undefined && ms > rule.max)) throw outOfRangeText(key, rule.range!);
      return value;
    }
    case 'enum': {
      const words = rule.list ? value.split(',') : [value];
      if (!(rule.list && value === '') && words.some((w) => !rule.values.includes(w))) throw errors.noMatch(key);
      return value;
    }
    case 'union': {
      // A description that lists its alternatives lists them all: each is checked exactly.
      for (const alternative of rule.rules) {
        try {
          return checkValue(alternative, key, value);
        } catch (error) {
          if (!(error instanceof RestError)) throw error;
        }
      }
      throw rule.rules.every((r) => r.kind === 'enum') ? errors.noMatch(key) : invalidArg(key);
    }
    default: {
      if (strictlyValid(rule, value)) return rule.kind === 'mac' ? macPrinted(value) : value;
      if (options.firstAlternativeOnly && value.split(',').every(addressLike)) return value;
      throw rule.kind === 'mac' ? macRequired(key) : invalidArg(key);
    }
  }
}

/** `aabb.ccdd-eeff` → `AA:BB:CC:DD:EE:FF`, as RouterOS prints MAC addresses. */
function macPrinted(value: string): string {
  const hex = value.replace(/[:.-]/g, '').toUpperCase();
  return hex.match(/../g)!.join(':');
}
