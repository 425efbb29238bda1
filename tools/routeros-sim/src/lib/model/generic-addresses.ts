import ipaddr from 'ipaddr.js';
import { invalidArg } from './arg-rules';

/**
 * Address syntax of generic menus' arguments the tree does not describe (no description, or `see documentation`).
 * Each entry was chosen from MikroTik's manual page of the menu; an argument that also takes a DNS name where
 * the manual is unclear (`/tool/e-mail server`, `/ip/dns/forwarders dns-servers`, proxy `dst-host`, `tls-host`)
 * stays free (docs/simulator.md lists the choices made without a source).
 */
export type AddressKind =
  /** An IPv4 or IPv6 address. */
  | 'ip'
  | 'ipv4'
  | 'ipv6'
  /** An IPv4 address with an optional `/bits` or `/netmask` (bridge filter, proxy access). */
  | 'ipv4-prefix'
  /** An IPv4 or IPv6 address with an optional `/bits`. */
  | 'prefix'
  /** An IPv4 address, prefix or ascending `a-b` range (firewall-style matchers). */
  | 'ipv4-range'
  /** An IPv4 or IPv6 address, prefix or range (SOCKS access). */
  | 'range'
  /** A MAC address with an optional `/mask` (bridge filter matchers). */
  | 'mac-mask'
  /** Netwatch's host: `ipv4[@vrf]`, `ipv6[@vrf]`, `ipv6%interface`, or a DNS name (type=dns) (Netwatch manual). */
  | 'netwatch-host';

export interface AddressRule {
  kind: AddressKind;
  list?: boolean;
  negatable?: boolean;
  /** `fe80::1%ether1`: an IPv6 address scoped to an interface. */
  scoped?: boolean;
}

const A = (kind: AddressKind, more: Omit<AddressRule, 'kind'> = {}): AddressRule => ({ kind, ...more });
const BRIDGE_MATCHERS: Record<string, AddressRule> = {
  'src-address': A('ipv4-prefix', { negatable: true }), 'dst-address': A('ipv4-prefix', { negatable: true }),
  'arp-src-address': A('ipv4-prefix', { negatable: true }), 'arp-dst-address': A('ipv4-prefix', { negatable: true }),
  'src-mac-address': A('mac-mask', { negatable: true }), 'dst-mac-address': A('mac-mask', { negatable: true }),
  'arp-src-mac-address': A('mac-mask', { negatable: true }), 'arp-dst-mac-address': A('mac-mask', { negatable: true }),
  'stp-root-address': A('mac-mask', { negatable: true }), 'stp-sender-address': A('mac-mask', { negatable: true }),
};
const PROXY_RULE: Record<string, AddressRule> = { 'src-address': A('ipv4-prefix', { negatable: true }), 'dst-address': A('ipv4-prefix', { negatable: true }) };

/** `menu` → argument → rule. Arguments the tree describes, or a curated rule covers, are never checked here. */
export const GENERIC_ADDRESSES: Record<string, Record<string, AddressRule>> = {
  'interface/bridge/filter': BRIDGE_MATCHERS,
  'interface/bridge/nat': BRIDGE_MATCHERS,
  'interface/bridge/calea': BRIDGE_MATCHERS,
  'ip/firewall/calea': { 'src-address': A('ipv4-range', { negatable: true }), 'dst-address': A('ipv4-range', { negatable: true }), 'src-mac-address': A('mac-mask', { negatable: true }) },
  'ip/hotspot/walled-garden': { 'src-address': A('ipv4-range', { negatable: true }) },
  'ip/hotspot/walled-garden/ip': { 'src-address': A('ipv4-range', { negatable: true }), 'dst-address': A('ipv4-range', { negatable: true }) },
  'ip/proxy/access': PROXY_RULE,
  'ip/proxy/cache': PROXY_RULE,
  'ip/proxy/direct': PROXY_RULE,
  'ip/socks/access': { 'src-address': A('range', { negatable: true }), 'dst-address': A('range', { negatable: true }) },
  'tool/netwatch': { host: A('netwatch-host'), 'src-address': A('ip'), 'dns-server': A('ip') },
  'tool/sniffer': {
    'filter-ip-address': A('ipv4-prefix', { list: true, negatable: true }), 'filter-src-ip-address': A('ipv4-prefix', { list: true, negatable: true }),
    'filter-dst-ip-address': A('ipv4-prefix', { list: true, negatable: true }), 'filter-ipv6-address': A('prefix', { list: true, negatable: true }),
    'filter-src-ipv6-address': A('prefix', { list: true, negatable: true }), 'filter-dst-ipv6-address': A('prefix', { list: true, negatable: true }),
    'filter-mac-address': A('mac-mask', { list: true, negatable: true }), 'filter-src-mac-address': A('mac-mask', { list: true, negatable: true }),
    'filter-dst-mac-address': A('mac-mask', { list: true, negatable: true }),
  },
  'radius': { address: A('ip') },
  'routing/rpki': { address: A('ip') },
  'routing/ospf/static-neighbor': { address: A('ip', { scoped: true }) },
  'routing/rip/static-neighbor': { address: A('ip', { scoped: true }) },
  'routing/pimsm/static-rp': { address: A('ip') },
  'routing/pimsm/bsr/candidate': { address: A('ip') },
  'routing/pimsm/bsr/rp-candidate': { address: A('ip') },
  'routing/pimsm/instance': { 'ssm-range': A('prefix') },
  'routing/pimsm/interface-template': { 'source-addresses': A('ip', { list: true }) },
  'routing/rip/interface-template': { 'source-addresses': A('ip', { list: true }) },
  'routing/ospf/area/range': { prefix: A('prefix') },
  'mpls/ldp': { 'transport-addresses': A('ip', { list: true }) },
  'mpls/ldp/interface': { 'transport-addresses': A('ip', { list: true }) },
  'mpls/ldp/accept-filter': { prefix: A('prefix') },
  'mpls/ldp/advertise-filter': { prefix: A('prefix') },
  'mpls/ldp/local-mapping': { 'dst-address': A('prefix') },
  'mpls/ldp/remote-mapping': { 'dst-address': A('prefix') },
  'mpls/traffic-eng/tunnel': { 'from-address': A('ipv4'), 'to-address': A('ipv4') },
  'ipv6/nd/proxy': { address: A('ipv6') },
  'ipv6/neighbor': { address: A('ipv6', { scoped: true }) },
  'ipv6/dhcp-relay': { 'link-address': A('ipv6'), 'dhcp-server': A('ipv6', { list: true, scoped: true }) },
  'interface/wifi/cap': { 'caps-man-addresses': A('ip', { list: true }) },
};

const isV4 = (t: string) => ipaddr.IPv4.isValidFourPartDecimal(t);
const isV6 = (t: string, scoped = false) => {
  const [host, scope, extra] = t.split('%');
  return extra === undefined && (scope === undefined || (scoped && scope !== '')) && ipaddr.IPv6.isValid(host) && host.includes(':');
};
const bits = (b: string | undefined, max: number) => b === undefined || (/^\d{1,3}$/.test(b) && Number(b) <= max);
const toNum = (ip: string) => ipaddr.IPv4.parse(ip).toByteArray().reduce((n, b) => n * 256 + b, 0);

function v4Prefix(t: string): boolean {
  const [host, mask, extra] = t.split('/');
  if (extra !== undefined || !isV4(host)) return false;
  return bits(mask, 32) || (isV4(mask!) && ipaddr.IPv4.parse(mask!).prefixLengthFromSubnetMask() !== null);
}
function v6Prefix(t: string): boolean {
  const [host, mask, extra] = t.split('/');
  return extra === undefined && isV6(host) && bits(mask, 128);
}
function v4Range(t: string): boolean {
  const dash = t.split('-');
  if (dash.length === 2) return isV4(dash[0]) && isV4(dash[1]) && toNum(dash[0]) <= toNum(dash[1]);
  return v4Prefix(t);
}
function v6Range(t: string): boolean {
  const dash = t.split('-');
  return dash.length === 2 ? isV6(dash[0]) && isV6(dash[1]) : v6Prefix(t);
}
const MAC = /^[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}$/;
const DNS_NAME = /^(?=.{1,253}$)[A-Za-z0-9_]([A-Za-z0-9_-]{0,62})(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,62}))*\.?$/;

function valid(rule: AddressRule, t: string): boolean {
  switch (rule.kind) {
    case 'ip': return isV4(t) || isV6(t, rule.scoped);
    case 'ipv4': return isV4(t);
    case 'ipv6': return isV6(t, rule.scoped);
    case 'ipv4-prefix': return v4Prefix(t);
    case 'prefix': return v4Prefix(t) || v6Prefix(t);
    case 'ipv4-range': return v4Range(t);
    case 'range': return v4Range(t) || v6Range(t);
    case 'mac-mask': {
      const [mac, mask, extra] = t.split('/');
      return extra === undefined && MAC.test(mac) && (mask === undefined || MAC.test(mask));
    }
    case 'netwatch-host': {
      const at = t.lastIndexOf('@');
      const host = at > 0 ? t.slice(0, at) : t;
      if (at > 0 && !/^[A-Za-z0-9_.-]+$/.test(t.slice(at + 1))) return false;
      if (isV4(host) || isV6(host, true)) return true;
      // A DNS name (type=dns) has a letter and never a `:`; a malformed IPv4 (`10.0.0.300`) is all digits.
      return at < 0 && DNS_NAME.test(host) && /[A-Za-z]/.test(host);
    }
  }
}

/** Checks an address argument; returns the value as written or throws `invalid value for argument X`. */
export function checkAddress(rule: AddressRule, key: string, value: string): string {
  if (value === '') return value; // clearing is left to the menu, as for tree-described arguments
  for (const item of rule.list ? value.split(',') : [value]) {
    const bare = rule.negatable && item.startsWith('!') ? item.slice(1) : item;
    if (!valid(rule, bare)) throw invalidArg(key);
  }
  return value;
}
