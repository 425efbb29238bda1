import ipaddr from 'ipaddr.js';
import { ValidationError } from '@routeros-mcp/domain-kernel';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** A management host is an IPv4/IPv6 literal or an RFC 1123 host name; URLs and ports are refused. */
export function parseHost(value: string, field = 'host'): string {
  const host = value.trim();
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.IPv6.isValid(unbracketed) && unbracketed.includes(':')) return ipaddr.IPv6.parse(unbracketed).toString();
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return host;
  const labels = host.split('.');
  const looksNumeric = /^[0-9.]+$/.test(host);
  if (!looksNumeric && host.length <= 253 && labels.every((label) => LABEL.test(label))) return host.toLowerCase();
  throw ValidationError.single(field, `'${value}' is not an IP address or host name (no scheme, port or path)`);
}

export function parsePort(value: number | string, field: string): number {
  const port = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw ValidationError.single(field, `'${value}' is not a TCP port; expected an integer from 1 to 65535`);
  }
  return port;
}
