import ipaddr from 'ipaddr.js';

/** An IPv4 set as RouterOS writes it (`10.0.0.5`, `10.0.0.0/24`, `10.0.0.1-10.0.0.9`), as inclusive bounds. */
export interface Ipv4Range {
  lo: number;
  hi: number;
}

const toNumber = (ip: ipaddr.IPv4): number => ip.octets.reduce((n, o) => n * 256 + o, 0);
const DOTTED_QUAD = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const masks = Array.from({ length: 33 }, (_, prefix) => toNumber(ipaddr.IPv4.subnetMaskFromPrefixLength(prefix)));

/** One strict dotted-quad address as a number (ipaddr.js alone would also take `10.1` or hex forms). */
function parseIp(text: string): number | undefined {
  if (!DOTTED_QUAD.test(text)) return undefined;
  try {
    return toNumber(ipaddr.IPv4.parse(text));
  } catch {
    return undefined;
  }
}

function cidr(ip: number, prefixText: string): Ipv4Range | undefined {
  if (!/^\d{1,2}$/.test(prefixText) || Number(prefixText) > 32) return undefined;
  const mask = masks[Number(prefixText)];
  const lo = (ip & mask) >>> 0;
  return { lo, hi: (lo | (~mask >>> 0)) >>> 0 };
}

/** A bounded memo: a device's rules and addresses repeat from one evaluation to the next. */
function memo<T>(parse: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (cache.has(text)) return cache.get(text) as T;
    if (cache.size > 50_000) cache.clear();
    const value = parse(text);
    cache.set(text, value);
    return value;
  };
}

/** Parses one address, prefix or range; `undefined` for anything that is not IPv4 (IPv6, DNS names, garbage). */
export const parseIpv4Range = memo((raw: string): Ipv4Range | undefined => {
  const text = raw.trim();
  const dash = text.indexOf('-');
  if (dash > 0) {
    const lo = parseIp(text.slice(0, dash));
    const hi = parseIp(text.slice(dash + 1));
    return lo !== undefined && hi !== undefined ? { lo, hi } : undefined;
  }
  const slash = text.indexOf('/');
  const ip = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (ip === undefined) return undefined;
  return slash < 0 ? { lo: ip, hi: ip } : cidr(ip, text.slice(slash + 1));
});

/** An IPv4 address (no prefix, no range) as a number, or `undefined`. */
export const ipv4ToNumber = memo((text: string): number | undefined => parseIp(text));

export const rangeContains = (range: Ipv4Range, ip: number): boolean => ip >= range.lo && ip <= range.hi;

/** Prefix length of a CIDR range (32 for a single address), used to pick the most specific route. */
export const prefixLength = (range: Ipv4Range): number => 32 - Math.log2(range.hi - range.lo + 1);

/** `10.0.0.1/24` → the address part and its connected network. */
export const parseInterfaceAddress = memo((text: string): { ip: number; ipText: string; network: Ipv4Range } | undefined => {
  const slash = text.indexOf('/');
  const ipText = slash < 0 ? text : text.slice(0, slash);
  const ip = parseIp(ipText);
  if (ip === undefined) return undefined;
  const network = slash < 0 ? { lo: ip, hi: ip } : cidr(ip, text.slice(slash + 1));
  return network ? { ip, ipText, network } : undefined;
});
