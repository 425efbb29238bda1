import ipaddr from 'ipaddr.js';

/** `192.168.88.1/24` → `192.168.88.0` (what RouterOS shows as `network`); undefined for anything else. */
export function ipv4Network(cidr: string | undefined): string | undefined {
  if (!cidr) return undefined;
  try {
    const [address, bits] = ipaddr.parseCIDR(cidr);
    if (address.kind() !== 'ipv4') return undefined;
    return ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`).toString();
  } catch {
    return undefined;
  }
}

export function isAddressWithPrefix(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return ipaddr.isValid(value);
  }
}
