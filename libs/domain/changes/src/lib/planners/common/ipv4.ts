import { cidrSpan, ipv4Class, ipv4EntryText, ipv4Text, Ipv4Span, readIpv4, readIpv4Entry, splitIpv4Prefix, ValidationError } from '@routeros-mcp/domain-kernel';

/** The planners' validating readers: the kernel's IPv4 reader, with errors that name the field. */

/** A dotted quad, strictly (see `readIpv4`). */
export function parseIpv4(value: string, field: string): number {
  const ip = readIpv4(value);
  if (ip === undefined) throw ValidationError.single(field, `'${value}' is not an IPv4 address`);
  return ip;
}

export interface HostPrefix {
  ip: string;
  prefix: number;
  /** `ip/prefix`, as RouterOS stores an interface address (a bare address becomes /32). */
  text: string;
  span: Ipv4Span;
}

/** `a.b.c.d` or `a.b.c.d/n`: an address with its prefix. */
export function parseHostPrefix(value: string, field: string): HostPrefix {
  const split = splitIpv4Prefix(value);
  if (!split) throw ValidationError.single(field, `'${value}' is not an IPv4 address with a prefix (a.b.c.d/0-32)`);
  const ip = parseIpv4(split.address, field);
  const text = ipv4Text(ip);
  return { ip: text, prefix: split.prefix, text: `${text}/${split.prefix}`, span: cidrSpan(ip, split.prefix) };
}

/** A prefix as a route destination takes it: no host bits (RouterOS would silently route another network). */
export function parseNetwork(value: string, field: string): HostPrefix {
  const parsed = parseHostPrefix(value, field);
  const network = ipv4Text(parsed.span.lo);
  if (network !== parsed.ip) throw ValidationError.single(field, `'${value}' has host bits set; the network is ${network}/${parsed.prefix}`);
  return parsed;
}

/** An interface address that is a usable host: not the network or broadcast address of its own prefix. */
export function parseInterfaceAddress(value: string, field: string): HostPrefix {
  const parsed = parseHostPrefix(value, field);
  const network = ipv4Text(parsed.span.lo);
  const end = parsed.ip === network ? 'network' : parsed.ip === ipv4Text(parsed.span.hi) ? 'broadcast' : undefined;
  if (parsed.prefix < 31 && end) throw ValidationError.single(field, `${parsed.ip} is the ${end} address of ${network}/${parsed.prefix}`);
  return parsed;
}

/** A unicast IPv4 host address (a DHCP lease, a gateway): not 0.0.0.0, broadcast, multicast or loopback. */
export function parseHostAddress(value: string, field: string): string {
  const ip = parseIpv4(value, field);
  const range = ipv4Class(ip);
  if (range === 'unspecified' || range === 'broadcast' || range === 'multicast' || range === 'loopback') throw ValidationError.single(field, `${value} is a ${range} address, not a host`);
  return ipv4Text(ip);
}

/**
 * An address-list entry: a host, a prefix or a range (`a-b`), with the span it covers and the form RouterOS stores
 * (a /32 as the bare address, host bits of a prefix cleared). Anything else (a DNS name) is `undefined`.
 */
export function listEntrySpan(value: string): { span: Ipv4Span; text: string } | undefined {
  const entry = readIpv4Entry(value);
  return entry && { span: entry.span, text: ipv4EntryText(entry) };
}

/** A live row's address; `undefined` for anything this code cannot read, which is then left alone. */
export function liveHostPrefix(value: string | undefined): HostPrefix | undefined {
  try {
    return parseHostPrefix(value ?? '', 'address');
  } catch {
    return undefined;
  }
}
