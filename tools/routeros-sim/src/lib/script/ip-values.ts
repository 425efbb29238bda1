/** RouterOS's address types in scripts: `ip`, `ip-prefix`, `ip6` and `ip6-prefix` (what `:typeof` answers). */
import { isIPv4, isIPv6 } from 'node:net';

export type IpKind = 'ip' | 'ip-prefix' | 'ip6' | 'ip6-prefix';

export class IpValue {
  constructor(
    readonly kind: IpKind,
    readonly text: string,
  ) {}
  toString(): string {
    return this.text;
  }
}

/** IPv6 as RouterOS prints it: lower case, the longest run of zero groups compressed (`2001:db8::1`). */
function canonicalIp6(text: string): string {
  return new URL(`http://[${text}]/`).hostname.slice(1, -1);
}

/** `10.0.0.1` → ip; `10.0.0.0/8` → ip-prefix; undefined when it is not an IPv4 address or prefix. */
export function parseIp(text: string): IpValue | undefined {
  const [address, bits, extra] = text.split('/');
  if (extra !== undefined || !isIPv4(address) || /(^|\.)0\d/.test(address)) return undefined;
  if (bits === undefined) return new IpValue('ip', address);
  return /^\d{1,2}$/.test(bits) && Number(bits) <= 32 ? new IpValue('ip-prefix', `${address}/${Number(bits)}`) : undefined;
}

/** `2001:db8::1` → ip6; `2001:db8::/32` → ip6-prefix; undefined otherwise. */
export function parseIp6(text: string): IpValue | undefined {
  const [address, bits, extra] = text.split('/');
  if (extra !== undefined || !isIPv6(address) || address.includes('%')) return undefined;
  if (bits === undefined) return new IpValue('ip6', canonicalIp6(address));
  return /^\d{1,3}$/.test(bits) && Number(bits) <= 128 ? new IpValue('ip6-prefix', `${canonicalIp6(address)}/${Number(bits)}`) : undefined;
}

/** An IPv4 address as a number, to compare (`<`, `>`) as RouterOS compares addresses. */
export function ipNumber(value: IpValue): number | undefined {
  if (value.kind !== 'ip') return undefined;
  return value.text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}
