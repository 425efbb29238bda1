import ipaddr from 'ipaddr.js';

/** An IPv4 set as RouterOS writes it (`10.0.0.5`, `10.0.0.0/24`, `10.0.0.1-10.0.0.9`), as inclusive bounds. */
export interface Ipv4Range {
  lo: number;
  hi: number;
}

const toNumber = (ip: ipaddr.IPv4): number => ip.octets.reduce((n, o) => n * 256 + o, 0);

const cache = new Map<string, Ipv4Range | undefined>();

/** Parses one address, prefix or range; `undefined` for anything that is not IPv4 (IPv6, DNS names, garbage). */
export function parseIpv4Range(text: string): Ipv4Range | undefined {
  if (cache.has(text)) return cache.get(text);
  const parsed = parseUncached(text.trim());
  if (cache.size > 50_000) cache.clear();
  cache.set(text, parsed);
  return parsed;
}

function parseUncached(text: string): Ipv4Range | undefined {
  const dash = text.indexOf('-');
  if (dash > 0) {
    const lo = parseIpv4Range(text.slice(0, dash));
    const hi = parseIpv4Range(text.slice(dash + 1));
    return lo && hi ? { lo: lo.lo, hi: hi.hi } : undefined;
  }
  if (text.includes('/')) {
    if (!ipaddr.IPv4.isValidCIDR(text)) return undefined;
    return { lo: toNumber(ipaddr.IPv4.networkAddressFromCIDR(text)), hi: toNumber(ipaddr.IPv4.broadcastAddressFromCIDR(text)) };
  }
  if (!ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  const n = toNumber(ipaddr.IPv4.parse(text));
  return { lo: n, hi: n };
}

/** An IPv4 address as a number, or `undefined`. */
export function ipv4ToNumber(text: string): number | undefined {
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? toNumber(ipaddr.IPv4.parse(text)) : undefined;
}

export const rangeContains = (range: Ipv4Range, ip: number): boolean => ip >= range.lo && ip <= range.hi;

/** Prefix length of a CIDR range (32 for a single address), used to pick the most specific route. */
export const prefixLength = (range: Ipv4Range): number => 32 - Math.log2(range.hi - range.lo + 1);

/** `10.0.0.1/24` → the address part and its connected network. */
export function parseInterfaceAddress(text: string): { ip: number; ipText: string; network: Ipv4Range } | undefined {
  const slash = text.indexOf('/');
  const ipText = slash < 0 ? text : text.slice(0, slash);
  const ip = ipv4ToNumber(ipText);
  if (ip === undefined) return undefined;
  const network = parseIpv4Range(slash < 0 ? `${ipText}/32` : text);
  return network ? { ip, ipText, network } : undefined;
}
