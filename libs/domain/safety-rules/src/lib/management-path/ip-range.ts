import { cidrSpan, ipv4Text, Ipv4Span, readIpv4, readIpv4Prefix, readIpv4Span } from '@routeros-mcp/domain-kernel';

/** The management path's IPv4: the kernel's readers, memoized for the checker's loops, and the span helpers it uses. */
export { prefixLength, spanContains } from '@routeros-mcp/domain-kernel';
export type { Ipv4Span } from '@routeros-mcp/domain-kernel';

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
export const parseIpv4Range = memo((raw: string): Ipv4Span | undefined => readIpv4Span(raw.trim()));

/** An IPv4 address (no prefix, no range) as a number, or `undefined`. */
export const ipv4ToNumber = memo(readIpv4);

/** `10.0.0.1/24` → the address part and its connected network. */
export const parseInterfaceAddress = memo((text: string): { ip: number; ipText: string; network: Ipv4Span } | undefined => {
  const parsed = readIpv4Prefix(text);
  return parsed && { ip: parsed.ip, ipText: ipv4Text(parsed.ip), network: cidrSpan(parsed.ip, parsed.prefix) };
});
