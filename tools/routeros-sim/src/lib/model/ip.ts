import ipaddr from 'ipaddr.js';

/**
 * ipaddr.parseCIDR, without its cost: it tries IPv6 first and throws on every IPv4 prefix, which dominated a large
 * fleet's start (the management path and connected routes parse thousands of prefixes).
 */
export function parseCidr(cidr: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  return cidr.includes(':') ? ipaddr.IPv6.parseCIDR(cidr) : ipaddr.IPv4.parseCIDR(cidr);
}

/** `192.168.88.1/24` → `192.168.88.0` (what RouterOS shows as `network`); undefined for anything else. */
export function ipv4Network(cidr: string | undefined): string | undefined {
  if (!cidr || cidr.includes(':')) return undefined;
  try {
    const [address, bits] = ipaddr.IPv4.parseCIDR(cidr);
    if (address.kind() !== 'ipv4') return undefined;
    return ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`).toString();
  } catch {
    return undefined;
  }
}

export function isAddressWithPrefix(value: string): boolean {
  try {
    parseCidr(value);
    return true;
  } catch {
    return ipaddr.isValid(value);
  }
}
