import ipaddr from 'ipaddr.js';

/** An inclusive set of IPv4 addresses as 32-bit numbers (a host, a prefix or an `a-b` range): how they are compared. */
export interface Ipv4Span {
  lo: number;
  hi: number;
}

/** An address with its prefix length (32 when written bare), as an interface address or a route destination. */
export interface Ipv4Prefix {
  ip: number;
  prefix: number;
}

/** An address-list or matcher entry: the span it covers and, unless it was written as a range, its prefix length. */
export interface Ipv4Entry {
  span: Ipv4Span;
  prefix?: number;
}

const PREFIX_LENGTH = /^\d{1,2}$/;

/**
 * One IPv4 address, strictly as a dotted quad of decimals without leading zeros, as a number; `undefined` otherwise.
 * ipaddr.js alone also takes `10.1`, hex and octal forms (`010.0.0.1` as 8.0.0.1), which RouterOS reads differently.
 */
export function readIpv4(text: string): number | undefined {
  if (!ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  return ipaddr.IPv4.parse(text).octets.reduce((n, octet) => n * 256 + octet, 0);
}

/** A number back to its dotted quad. */
export const ipv4Text = (ip: number): string => [24, 16, 8, 0].map((shift) => Math.floor(ip / 2 ** shift) % 256).join('.');

/** The special-purpose range an address falls in as ipaddr.js names it (`unicast`, `loopback`, `multicast`…). */
export const ipv4Class = (ip: number): string => ipaddr.IPv4.parse(ipv4Text(ip)).range();

/** The prefix an address belongs to: from its network address to its broadcast address. */
export function cidrSpan(ip: number, prefix: number): Ipv4Span {
  const size = 2 ** (32 - prefix);
  const lo = ip - (ip % size);
  return { lo, hi: lo + size - 1 };
}

/** `a.b.c.d/n` → the address text and n from 0 to 32 (32 when written bare); `undefined` for any other prefix. */
export function splitIpv4Prefix(text: string): { address: string; prefix: number } | undefined {
  const [address, bits, extra] = text.split('/');
  const prefix = bits === undefined ? 32 : PREFIX_LENGTH.test(bits) ? Number(bits) : NaN;
  return extra === undefined && prefix >= 0 && prefix <= 32 ? { address, prefix } : undefined;
}

/** `a.b.c.d` (as /32) or `a.b.c.d/n`: an address with its prefix length; host bits are kept. */
export function readIpv4Prefix(text: string): Ipv4Prefix | undefined {
  const split = splitIpv4Prefix(text);
  const ip = split && readIpv4(split.address);
  return ip === undefined ? undefined : { ip, prefix: split!.prefix };
}

/**
 * An address, a prefix or a range `a-b` with a ≤ b, as RouterOS writes them in matchers and address lists;
 * `undefined` for anything that is not IPv4 (IPv6, DNS names, an inverted range, garbage). No white space is trimmed.
 */
export function readIpv4Entry(text: string): Ipv4Entry | undefined {
  const range = text.split('-');
  if (range.length === 2) {
    const [lo, hi] = range.map(readIpv4);
    return lo !== undefined && hi !== undefined && lo <= hi ? { span: { lo, hi } } : undefined;
  }
  const parsed = readIpv4Prefix(text);
  return parsed && { span: cidrSpan(parsed.ip, parsed.prefix), prefix: parsed.prefix };
}

/** The span of an address, a prefix or a range (see `readIpv4Entry`). */
export const readIpv4Span = (text: string): Ipv4Span | undefined => readIpv4Entry(text)?.span;

/** An entry as RouterOS stores it: a /32 as the bare address, a prefix as its network, a range as `a-b`. */
export function ipv4EntryText({ span, prefix }: Ipv4Entry): string {
  if (prefix === undefined) return `${ipv4Text(span.lo)}-${ipv4Text(span.hi)}`;
  return prefix === 32 ? ipv4Text(span.lo) : `${ipv4Text(span.lo)}/${prefix}`;
}

export const spansOverlap = (a: Ipv4Span, b: Ipv4Span): boolean => a.lo <= b.hi && b.lo <= a.hi;
export const sameSpan = (a: Ipv4Span, b: Ipv4Span): boolean => a.lo === b.lo && a.hi === b.hi;
export const spanContains = (span: Ipv4Span, ip: number): boolean => ip >= span.lo && ip <= span.hi;

/** The prefix length of a span that is one prefix (32 for a single address): the most specific route wins. */
export const prefixLength = (span: Ipv4Span): number => 32 - Math.log2(span.hi - span.lo + 1);
