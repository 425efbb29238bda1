import ipaddr from 'ipaddr.js';
import { parseRouterOsDuration } from '@routeros-mcp/domain-kernel';

/**
 * What RouterOS's command tree says an argument accepts (its `desc`), as a check of a value written to it. The
 * descriptions are RouterOS's own (`0..4294967295`, `A.B.C.D    (IP address)`, `1s..1d    (time interval)`,
 * `tkip|ccmp[,SecurityEncryption*]`, `string value, max length 16`); an argument without one, or with
 * `see documentation`, is left to the device.
 */
export type ValueRule =
  | { kind: 'any' }
  | { kind: 'string'; min?: number; max?: number; hex?: boolean }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'duration'; minSeconds?: number; maxSeconds?: number }
  | { kind: 'ipv4'; words: readonly string[] }
  | { kind: 'ipv4-prefix' }
  | { kind: 'ipv4-range' }
  | { kind: 'ipv6-prefix'; maxLength: number }
  | { kind: 'mac' }
  | { kind: 'choice'; values: readonly string[]; many: boolean };

export interface ValueCheck {
  ok: boolean;
  /** On failure, what the argument accepts, in RouterOS's words. */
  expected?: string;
}

const STRING = /^(hexadecimal )?string value(?:, min length (\d+))?(?:, max length (\d+))?$/;
const INTEGER = /^(\d+)\.\.(\d+)$/;
const DURATION = /^(\S*)\.\.(\S*)\s+\(time interval\)$/;
const IPV4 = /^(?:([a-z-]+) \| )?A\.B\.C\.D\s+\(IP address\)$/;
const IPV6_PREFIX = /^IPv6\/0\.\.(\d+)\s+\(IPv6 prefix\)$/;
const CHOICE = /^([a-z0-9][a-z0-9.-]*(?:\|[a-z0-9][a-z0-9.-]*)*)(\[,\w+\*\])?$/;
const MAC = /^[0-9a-f]{2}(?:[:.-]?[0-9a-f]{2}){5}$/i;

/** The rule a description states; `any` for none, `see documentation`, `script`, or a form not listed here. */
export function valueRule(desc: string | undefined): ValueRule {
  const d = desc?.trim();
  if (!d || d === 'see documentation' || d === 'script') return { kind: 'any' };
  if (d === 'time interval') return { kind: 'duration' };
  if (d === 'A.B.C.D/M    (IP prefix)') return { kind: 'ipv4-prefix' };
  if (/^A\.B\.C\.D\[.*\]\s+\(IP address range\)$/.test(d)) return { kind: 'ipv4-range' };
  if (/\(MAC address\)$/.test(d)) return { kind: 'mac' };
  let m = STRING.exec(d);
  if (m) return { kind: 'string', ...(m[1] ? { hex: true } : {}), ...(m[2] ? { min: Number(m[2]) } : {}), ...(m[3] ? { max: Number(m[3]) } : {}) };
  if ((m = INTEGER.exec(d))) return { kind: 'integer', min: Number(m[1]), max: Number(m[2]) };
  if ((m = DURATION.exec(d))) {
    const min = m[1] ? parseRouterOsDuration(m[1]) : undefined;
    const max = m[2] ? parseRouterOsDuration(m[2]) : undefined;
    return { kind: 'duration', ...(min !== undefined ? { minSeconds: min } : {}), ...(max !== undefined ? { maxSeconds: max } : {}) };
  }
  if ((m = IPV4.exec(d))) return { kind: 'ipv4', words: m[1] ? [m[1]] : [] };
  if ((m = IPV6_PREFIX.exec(d))) return { kind: 'ipv6-prefix', maxLength: Number(m[1]) };
  if ((m = CHOICE.exec(d))) return { kind: 'choice', values: m[1].split('|'), many: !!m[2] };
  return { kind: 'any' };
}

const isIpv4 = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text);
const isPrefixLength = (text: string, max: number) => /^\d{1,3}$/.test(text) && Number(text) <= max;
/** `A.B.C.D` or `A.B.C.D/M`. */
const isIpv4Prefix = (text: string) => {
  const [address, length, ...rest] = text.split('/');
  return rest.length === 0 && isIpv4(address) && (length === undefined || isPrefixLength(length, 32));
};

/**
 * One item of an argument the tree calls `A.B.C.D (IP address)`. `/console/inspect` describes only an argument's
 * first form, while RouterOS takes more there: `/ip/address address` an address with its prefix length
 * (`192.168.88.1/24`), `/ip/dns servers` a comma list of IPv4 and IPv6 addresses, others a range or a name. So an
 * item may be an IPv4 address, prefix or range, an IPv6 address or prefix, or a name; a malformed address
 * (`10.0.0.300`, `10.0.0.1/33`) is still refused, as the device refuses it.
 */
function addressLike(item: string): boolean {
  if (/^[A-Za-z][A-Za-z0-9_.-]*$/.test(item)) return true;
  const [host, length, ...rest] = item.split('/');
  if (rest.length > 0) return false;
  const dash = host.split('-');
  if (dash.length === 2) return length === undefined && isIpv4(dash[0]) && isIpv4(dash[1]);
  if (isIpv4(host)) return length === undefined || isPrefixLength(length, 32);
  return ipaddr.IPv6.isValid(host) && !ipaddr.IPv4.isValid(host) && (length === undefined || isPrefixLength(length, 128));
}

/** Whether `value` (as RouterOS's console or REST API takes it: text) fits the argument's description. */
export function checkValue(desc: string | undefined, value: string): ValueCheck {
  const rule = valueRule(desc);
  const fail = (): ValueCheck => ({ ok: false, expected: desc!.replace(/\s{2,}/g, ' ') });
  switch (rule.kind) {
    case 'any':
      return { ok: true };
    case 'string': {
      if (rule.hex && !/^[0-9a-f]*$/i.test(value)) return fail();
      const length = rule.hex ? value.length / 2 : value.length;
      return (rule.min === undefined || length >= rule.min) && (rule.max === undefined || length <= rule.max) ? { ok: true } : fail();
    }
    case 'integer':
      return /^\d{1,15}$/.test(value) && Number(value) >= rule.min && Number(value) <= rule.max ? { ok: true } : fail();
    case 'duration': {
      const seconds = parseRouterOsDuration(value);
      return seconds !== undefined && (rule.minSeconds === undefined || seconds >= rule.minSeconds) && (rule.maxSeconds === undefined || seconds <= rule.maxSeconds) ? { ok: true } : fail();
    }
    // The tree describes a union by its first member: where it says `A.B.C.D` RouterOS also takes `A.B.C.D/M`
    // (`/ip/address add address=192.0.2.1/24`), where it says an IPv6 prefix, IPv4 ones too (`/snmp/community
    // addresses=10.0.0.0/8,2001:db8::/32`).
    case 'ipv4':
      return rule.words.includes(value) || value.split(',').every(addressLike) ? { ok: true } : fail();
    case 'ipv4-prefix':
      return isIpv4Prefix(value) ? { ok: true } : fail();
    case 'ipv4-range': {
      const range = /^([^-/]+)(?:-([^-/]+)|\/(.+))?$/.exec(value);
      if (!range || !isIpv4(range[1])) return fail();
      if (range[2] !== undefined) return isIpv4(range[2]) ? { ok: true } : fail();
      if (range[3] !== undefined) return isPrefixLength(range[3], 32) || isIpv4(range[3]) ? { ok: true } : fail();
      return { ok: true };
    }
    case 'ipv6-prefix': {
      const isIpv6Prefix = (item: string) => {
        const [address, length, ...rest] = item.split('/');
        return rest.length === 0 && ipaddr.IPv6.isValid(address) && !ipaddr.IPv4.isValid(address) && (length === undefined || isPrefixLength(length, rule.maxLength));
      };
      return value.split(',').every((item) => isIpv6Prefix(item) || isIpv4Prefix(item)) ? { ok: true } : fail();
    }
    case 'mac':
      return MAC.test(value) ? { ok: true } : fail();
    case 'choice': {
      const items = rule.many ? value.split(',') : [value];
      return items.length > 0 && items.every((item) => rule.values.includes(item)) ? { ok: true } : fail();
    }
  }
}
