import { ValidationError } from '@routeros-mcp/domain-kernel';
import ipaddr from 'ipaddr.js';

/** An inclusive range of IPv4 addresses as 32-bit numbers: how prefixes, ranges and hosts are compared. */
export interface Span {
  first: number;
  last: number;
}

const toNumber = (ip: ipaddr.IPv4): number => ip.toByteArray().reduce((n, b) => n * 256 + b, 0);
const fromNumber = (n: number): string => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/** A dotted quad, strictly (ipaddr.js alone also takes `10.1` and octal forms RouterOS reads differently). */
export function parseIpv4(value: string, field: string): ipaddr.IPv4 {
  if (!ipaddr.IPv4.isValidFourPartDecimal(value)) throw ValidationError.single(field, `'${value}' is not an IPv4 address`);
  return ipaddr.IPv4.parse(value);
}

export interface HostPrefix {
  ip: string;
  prefix: number;
  /** `ip/prefix`, as RouterOS stores an interface address (a bare address becomes /32). */
  text: string;
  span: Span;
}

function spanOf(ip: ipaddr.IPv4, prefix: number): Span {
  const first = toNumber(ipaddr.IPv4.networkAddressFromCIDR(`${ip.toString()}/${prefix}`));
  return { first, last: first + 2 ** (32 - prefix) - 1 };
}

/** `a.b.c.d` or `a.b.c.d/n`: an address with its prefix. */
export function parseHostPrefix(value: string, field: string): HostPrefix {
  const [address, bits, extra] = value.split('/');
  const prefix = bits === undefined ? 32 : /^\d{1,2}$/.test(bits) ? Number(bits) : NaN;
  if (extra !== undefined || !(prefix >= 0 && prefix <= 32)) throw ValidationError.single(field, `'${value}' is not an IPv4 address with a prefix (a.b.c.d/0-32)`);
  const ip = parseIpv4(address, field);
  return { ip: ip.toString(), prefix, text: `${ip.toString()}/${prefix}`, span: spanOf(ip, prefix) };
}

/** A prefix as a route destination takes it: no host bits (RouterOS would silently route another network). */
export function parseNetwork(value: string, field: string): HostPrefix {
  const parsed = parseHostPrefix(value, field);
  const network = fromNumber(parsed.span.first);
  if (network !== parsed.ip) throw ValidationError.single(field, `'${value}' has host bits set; the network is ${network}/${parsed.prefix}`);
  return parsed;
}

/** An interface address that is a usable host: not the network or broadcast address of its own prefix. */
export function parseInterfaceAddress(value: string, field: string): HostPrefix {
  const parsed = parseHostPrefix(value, field);
  const n = toNumber(ipaddr.IPv4.parse(parsed.ip));
  if (parsed.prefix < 31 && (n === parsed.span.first || n === parsed.span.last)) {
    throw ValidationError.single(field, `${parsed.ip} is the ${n === parsed.span.first ? 'network' : 'broadcast'} address of ${fromNumber(parsed.span.first)}/${parsed.prefix}`);
  }
  return parsed;
}

/** A unicast IPv4 host address (a DHCP lease, a gateway): not 0.0.0.0, broadcast, multicast or loopback. */
export function parseHostAddress(value: string, field: string): string {
  const ip = parseIpv4(value, field);
  const range = ip.range();
  if (range === 'unspecified' || range === 'broadcast' || range === 'multicast' || range === 'loopback') throw ValidationError.single(field, `${value} is a ${range} address, not a host`);
  return ip.toString();
}

export const overlaps = (a: Span, b: Span): boolean => a.first <= b.last && b.first <= a.last;
export const sameSpan = (a: Span, b: Span): boolean => a.first === b.first && a.last === b.last;

/**
 * An address-list entry: a host, a prefix or a range (`a-b`), with the span it covers and the form RouterOS stores
 * (a /32 as the bare address, host bits of a prefix cleared). Anything else (a DNS name) is `undefined`.
 */
export function listEntrySpan(value: string): { span: Span; text: string } | undefined {
  const range = value.split('-');
  if (range.length === 2) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(range[0]) || !ipaddr.IPv4.isValidFourPartDecimal(range[1])) return undefined;
    const [first, last] = range.map((r) => toNumber(ipaddr.IPv4.parse(r)));
    return first <= last ? { span: { first, last }, text: `${fromNumber(first)}-${fromNumber(last)}` } : undefined;
  }
  try {
    const parsed = parseHostPrefix(value, 'address');
    const text = parsed.prefix === 32 ? parsed.ip : `${fromNumber(parsed.span.first)}/${parsed.prefix}`;
    return { span: parsed.span, text };
  } catch {
    return undefined;
  }
}

/** A live row's address; `undefined` for anything this code cannot read, which is then left alone. */
export function liveHostPrefix(value: string | undefined): HostPrefix | undefined {
  try {
    return parseHostPrefix(value ?? '', 'address');
  } catch {
    return undefined;
  }
}
