import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import { bridgeValue } from './bridge-values';
import { dhcpValue } from './dhcp-values';
import { dnsValue } from './dns-values';
import { firewallValue } from './firewall-values';
import { ipCuratedValue } from './ip-curated-values';
import { loggingContainerValue } from './logging-container-values';
import { routingValue } from './routing-values';
import { routingMoreValue } from './routing-more-values';
import { interfaceMoreValue } from './interface-more-values';
import { systemValue } from './system-values';
import { coreMoreValue } from './core-more-values';
import { tunnelValue } from './tunnel-values';
import { interfaceRoutingValue } from './interface-routing-more-values';
import { wifiValue } from './wifi-values';
import { parseTimeMs } from './values';
import { treeFor } from '../schema/menu-schema';

/**
 * How RouterOS checks one argument's value before a write: enumerations, address syntax, numeric ranges and
 * references to rows of other menus. Returns the value as RouterOS stores it (e.g. a network address for an
 * address-list prefix) or throws the error body RouterOS answers.
 */
export interface ArgContext {
  /** Menu being written (`ip/firewall/filter`). */
  path: string;
  rowsOf(path: string): Row[];
  /** The device's RouterOS version, where a rule differs between the trees. */
  version?: string;
}

/** The firewall's rule tables, IPv4 and IPv6. */
export const RULE_MENUS = /^ipv?6?\/firewall\/(filter|nat|mangle|raw)$/;
const COMMON_ACTIONS = ['accept', 'add-dst-to-address-list', 'add-src-to-address-list', 'jump', 'log', 'passthrough', 'return'];
/** Actions each rule table takes (Firewall Filter, NAT, Mangle and Raw manual pages). */
const ACTIONS: Record<string, string[]> = {
  'ip/firewall/filter': [...COMMON_ACTIONS, 'drop', 'fasttrack-connection', 'reject', 'tarpit'],
  'ip/firewall/nat': [...COMMON_ACTIONS, 'dst-nat', 'endpoint-independent-nat', 'masquerade', 'netmap', 'redirect', 'same', 'src-nat'],
  'ip/firewall/mangle': [...COMMON_ACTIONS, 'change-dscp', 'change-mss', 'change-ttl', 'clear-df', 'fasttrack-connection', 'mark-connection', 'mark-packet', 'mark-routing', 'route', 'set-priority', 'sniff-pc', 'sniff-tzsp', 'strip-ipv4-options'],
  'ip/firewall/raw': [...COMMON_ACTIONS, 'drop', 'notrack'],
  'ipv6/firewall/filter': [...COMMON_ACTIONS, 'drop', 'reject'],
  // IPv6 NAT, Mangle and Raw (the same manual pages' IPv6 sections): no fasttrack, TTL, DF or IPv4-option actions.
  'ipv6/firewall/nat': [...COMMON_ACTIONS, 'dst-nat', 'masquerade', 'netmap', 'redirect', 'src-nat'],
  'ipv6/firewall/mangle': [...COMMON_ACTIONS, 'change-dscp', 'change-hop-limit', 'change-mss', 'mark-connection', 'mark-packet', 'mark-routing', 'set-priority', 'sniff-pc', 'sniff-tzsp'],
  'ipv6/firewall/raw': [...COMMON_ACTIONS, 'drop', 'notrack'],
  'routing/rule': ['drop', 'lookup', 'lookup-only-in-table', 'unreachable'],
  'interface/wifi/provisioning': ['create-disabled', 'create-dynamic-enabled', 'create-enabled', 'none'],
};
export const PROTOCOLS = ['dccp', 'ddp', 'egp', 'encap', 'etherip', 'ggp', 'gre', 'hmp', 'icmp', 'icmpv6', 'idpr-cmtp', 'igmp', 'ipencap', 'ipip', 'ipsec-ah', 'ipsec-esp', 'ipv6-encap', 'ipv6-frag', 'ipv6-nonxt', 'ipv6-opts', 'ipv6-route', 'iso-tp4', 'l2tp', 'ospf', 'pim', 'pup', 'rdp', 'rspf', 'rsvp', 'sctp', 'st', 'tcp', 'udp', 'udp-lite', 'vmtp', 'vrrp', 'xns-idp', 'xtp'];
const CONNECTION_STATES = ['established', 'invalid', 'new', 'related', 'untracked'];
const REJECT_WITH = ['icmp-admin-prohibited', 'icmp-host-prohibited', 'icmp-host-unreachable', 'icmp-net-prohibited', 'icmp-network-unreachable', 'icmp-port-unreachable', 'icmp-protocol-unreachable', 'tcp-reset', 'icmp-no-route', 'icmp-address-unreachable', 'icmp-err-src-routing-header', 'icmp-headers-too-long'];
const DNS_TYPES = ['A', 'AAAA', 'CNAME', 'FWD', 'MX', 'NS', 'NXDOMAIN', 'SRV', 'TXT'];
const WIFI_AUTH = ['owe', 'wpa-eap', 'wpa-psk', 'wpa2-eap', 'wpa2-psk', 'wpa3-eap', 'wpa3-eap-192', 'wpa3-psk'];

const noMatch = (key: string) => errors.noMatch(key);
export const invalidArg = (key: string) => new RestError(400, `invalid value for argument ${key}`);
/** `value of vlan-ids out of range (1..4094)`; `range` as RouterOS words it (`1..4094`, `00:00:00.200..`). */
export const outOfRangeText = (key: string, range: string) => new RestError(400, `value of ${key} out of range (${range})`);
const outOfRange = (key: string, min: number, max: number) => outOfRangeText(key, `${min}..${max}`);
export const macRequired = (key: string) => new RestError(400, `invalid value of ${key}, mac address required`);

type Family = 'ipv4' | 'ipv6';
const familyOf = (path: string): Family => (path.startsWith('ipv6/') ? 'ipv6' : 'ipv4');

function parseIp(text: string, family: Family): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (family === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  if (family === 'ipv6' && !ipaddr.IPv6.isValid(text)) return undefined;
  return ipaddr.parse(text);
}

/** `a.b.c.d[/n]` → `[address, prefix]`, undefined when it is not one address of the family. */
function parsePrefixed(text: string, family: Family): [ipaddr.IPv4 | ipaddr.IPv6, number | undefined] | undefined {
  const [host, bits, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const ip = parseIp(host, family);
  if (!ip) return undefined;
  if (bits === undefined) return [ip, undefined];
  const max = family === 'ipv4' ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return undefined;
  return [ip, Number(bits)];
}

const networkOf = (ip: ipaddr.IPv4 | ipaddr.IPv6, bits: number) =>
  ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${ip.toString()}/${bits}`).toString() : ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/${bits}`).toString();

const toBig = (a: ipaddr.IPv4 | ipaddr.IPv6) => BigInt('0x' + Buffer.from(a.toByteArray()).toString('hex'));

/** A range `a-b` that is exactly one prefix becomes that prefix, as RouterOS stores address-list ranges. */
function rangeAsPrefix(from: ipaddr.IPv4 | ipaddr.IPv6, to: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  const n = toBig;
  const width = from.kind() === 'ipv4' ? 32 : 128;
  const size = n(to) - n(from) + 1n;
  if (size <= 0n || (size & (size - 1n)) !== 0n || n(from) % size !== 0n) return undefined;
  const bits = width - (size.toString(2).length - 1);
  return bits === width ? from.toString() : `${from.toString()}/${bits}`;
}

/**
 * A matcher or list address: an address, a prefix (stored as its network, `/32` dropped) or a range
 * (stored as the prefix it covers when it covers exactly one). `dns` admits a host name (address lists).
 */
export function normaliseAddressSpec(text: string, family: Family, dns = false): string | undefined {
  const dash = text.indexOf('-');
  const from = dash > 0 ? parseIp(text.slice(0, dash), family) : undefined;
  const to = dash > 0 ? parseIp(text.slice(dash + 1), family) : undefined;
  if (from && to) {
    if (toBig(from) > toBig(to)) return undefined;
    return rangeAsPrefix(from, to) ?? `${from.toString()}-${to.toString()}`;
  }
  const parsed = parsePrefixed(text, family);
  if (parsed) {
    const [ip, bits] = parsed;
    const full = family === 'ipv4' ? 32 : 128;
    if (bits === undefined || bits === full) return ip.toString();
    return `${networkOf(ip, bits)}/${bits}`;
  }
  if (dns && /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$/.test(text) && /[A-Za-z]/.test(text)) return text;
  return undefined;
}

/** `!value` negates a firewall matcher; the check applies to what follows. */
function negatable(value: string, check: (v: string) => string): string {
  return value.startsWith('!') ? `!${check(value.slice(1))}` : check(value);
}

function oneOf(key: string, value: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw noMatch(key);
  return value;
}

function listOf(key: string, value: string, allowed: readonly string[]): string {
  const parts = value.split(',');
  if (parts.some((p) => !allowed.includes(p))) throw noMatch(key);
  return parts.join(',');
}

export function numberIn(key: string, value: string, min: number, max: number): string {
  if (!/^\d+$/.test(value)) throw invalidArg(key);
  const n = Number(value);
  if (n < min || n > max) throw outOfRange(key, min, max);
  return String(n);
}

/** `80`, `1000-2000`, `22,80,443`: each port 0–65535, ranges ascending. */
function portList(key: string, value: string, min = 0, max = 65535): string {
  for (const part of value.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw invalidArg(key);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < min || to > max) throw outOfRange(key, min, max);
    if (to < from) throw invalidArg(key);
  }
  return value;
}

function refName(key: string, value: string, rows: Row[], extra: readonly string[] = []): string {
  if (!extra.includes(value) && !rows.some((r) => r['name'] === value)) throw noMatch(key);
  return value;
}

function duration(key: string, value: string): string {
  if (parseTimeMs(value) === undefined) throw invalidArg(key);
  return value;
}

/** Seconds in a RouterOS time value: `1d2h`, `90` (seconds), `01:30:00`, `500ms`; 0 when it is not one. */
export function durationSeconds(value: string): number {
  return (parseTimeMs(value) ?? 0) / 1000;
}

export const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;

/**
 * A rule table's actions; NAT's `socksify` (the CLI reference of `/ip/firewall/nat`) where the version's tree has its
 * `socksify-service` (7.20, not 7.15).
 */
function actionsOf(path: string, version: string | undefined): string[] {
  const socks = path === 'ip/firewall/nat' && version !== undefined && (treeFor(version)[path]?.add ?? []).includes('socksify-service');
  return [...(ACTIONS[path] ?? COMMON_ACTIONS), ...(socks ? ['socksify'] : [])];
}

/** Checks one argument; returns its stored form. Arguments with no rule here pass unchanged. */
export function checkArg(key: string, value: string, ctx: ArgContext): string {
  return curatedArg(key, value, ctx) ?? value;
}

/** Whether a curated rule governs this argument (then the command tree's value description does not). */
export function hasCuratedRule(path: string, key: string): boolean {
  try {
    return curatedArg(key, '\u0000', { path, rowsOf: () => [] }) !== undefined;
  } catch {
    return true; // the curated rule refused the probe: it exists
  }
}

/** The curated rule's stored form, or undefined when no curated rule covers the argument. */
export function curatedArg(key: string, value: string, ctx: ArgContext): string | undefined {
  const { path } = ctx;
  const family = familyOf(path);
  const interfaces = () => ctx.rowsOf('interface');
  const lists = () => ctx.rowsOf('interface/list');
  if (RULE_MENUS.test(path)) {
    switch (key) {
      case 'action': return oneOf(key, value, actionsOf(path, ctx.version));
      case 'chain': case 'jump-target':
        if (!/^[A-Za-z0-9_.-][A-Za-z0-9_. -]*$/.test(value)) throw invalidArg(key);
        return value;
      case 'protocol': return negatable(value, (v) => (/^\d+$/.test(v) ? numberIn(key, v, 0, 255) : oneOf(key, v, PROTOCOLS)));
      case 'connection-state': return negatable(value, (v) => listOf(key, v, CONNECTION_STATES));
      case 'connection-nat-state': return negatable(value, (v) => listOf(key, v, ['dstnat', 'srcnat']));
      case 'reject-with': return oneOf(key, value, REJECT_WITH);
      case 'src-address': case 'dst-address': case 'to-addresses':
        return negatable(value, (v) => normaliseAddressSpec(v, family) ?? (() => { throw invalidArg(key); })());
      case 'src-port': case 'dst-port': case 'port': case 'to-ports':
        return negatable(value, (v) => portList(key, v));
      // RouterOS names the kind of value it looked for, not the argument: `input does not match any value of interface`.
      case 'in-interface': case 'out-interface': case 'in-bridge-port': case 'out-bridge-port':
        return negatable(value, (v) => refName('interface', v, interfaces()));
      // Likewise for lists (`…any value of interface-list`), as RouterOS answers a missing one over REST.
      case 'in-interface-list': case 'out-interface-list': case 'in-bridge-port-list': case 'out-bridge-port-list':
        return negatable(value, (v) => refName('interface-list', v, lists()));
      case 'address-list-timeout': return value === 'none-dynamic' || value === 'none-static' ? value : duration(key, value);
    }
    // The other matchers and mangle's action properties, typed from the manual pages (model/firewall-values.ts).
    return firewallValue(key, value, ctx);
  }
  // An interface's MTU is a whole number (`2e0` is refused; the bounds depend on the hardware and are not checked).
  if ((key === 'mtu' || key === 'l2mtu') && path.startsWith('interface')) {
    if (value === 'auto' && path === 'interface/bridge') return value;
    if (!/^\d+$/.test(value)) throw invalidArg(key);
    return String(Number(value));
  }
  switch (`${path} ${key}`) {
    case 'ip/address address': {
      const parsed = parsePrefixed(value, 'ipv4');
      if (!parsed) throw invalidArg(key);
      return `${parsed[0].toString()}/${parsed[1] ?? 32}`;
    }
    case 'ip/address network': case 'ip/arp address': case 'ip/dhcp-server/lease address': case 'ip/dhcp-server/network gateway':
      if (!parseIp(value, 'ipv4')) throw invalidArg(key);
      return value;
    case 'ipv6/address address': {
      const parsed = parsePrefixed(value, 'ipv6');
      if (!parsed) throw invalidArg(key);
      return `${parsed[0].toString()}/${parsed[1] ?? 64}`;
    }
    case 'ip/firewall/address-list address': case 'ipv6/firewall/address-list address':
      return normaliseAddressSpec(value, family, true) ?? (() => { throw invalidArg(key); })();
    case 'ip/firewall/address-list timeout': case 'ipv6/firewall/address-list timeout':
      duration(key, value);
      if (durationSeconds(value) < 1) throw invalidArg(key);
      return value;
    case 'ip/dhcp-server/network address': {
      // Chosen without a source (docs/simulator.md): a network with host bits (10.0.0.1/24) is refused, never
      // silently changed to another network than the one written.
      const parsed = parsePrefixed(value, 'ipv4');
      if (!parsed) throw invalidArg(key);
      const bits = parsed[1] ?? 32;
      if (networkOf(parsed[0], bits) !== parsed[0].toString()) throw invalidArg(key);
      return `${parsed[0].toString()}/${bits}`;
    }
    case 'ip/route dst-address': case 'routing/rule dst-address': case 'routing/rule src-address': {
      const parsed = parsePrefixed(value, 'ipv4');
      if (!parsed) throw invalidArg(key);
      return `${networkOf(parsed[0], parsed[1] ?? 32)}/${parsed[1] ?? 32}`;
    }
    case 'ip/route gateway': {
      const [host, iface] = value.split('%');
      if (parseIp(host, 'ipv4') && (iface === undefined || interfaces().some((i) => i['name'] === iface))) return value;
      if (iface === undefined && interfaces().some((i) => i['name'] === value)) return value;
      // A gateway naming an interface that does not exist (`10.0.0.1%nope`, `nope`): the interface is what is missing.
      if ((parseIp(host, 'ipv4') && iface) || (iface === undefined && /^[A-Za-z][\w.-]*$/.test(value))) throw noMatch('interface');
      throw invalidArg(key);
    }
    case 'ip/route distance': return numberIn(key, value, 1, 255);
    case 'ip/route routing-table': case 'routing/rule table':
      // A VRF maps a (dynamic) routing table of its own name (the manual's VRF page).
      return refName(key, value, [...ctx.rowsOf('routing/table'), ...ctx.rowsOf('ip/vrf')], ['main']);
    case 'routing/rule action': case 'interface/wifi/provisioning action':
      return oneOf(key, value, ACTIONS[path]);
    case 'routing/rule interface': case 'interface/list/member interface':
      return refName(key, value, interfaces());
    case 'interface/list/member list': return refName(key, value, lists());
    case 'interface/list include': case 'interface/list exclude':
      for (const name of value.split(',').filter(Boolean)) refName(key, name, lists());
      return value;
    case 'ip/arp mac-address': case 'ip/dhcp-server/lease mac-address':
      if (!MAC.test(value)) throw macRequired(key);
      return value.toUpperCase().replace(/-/g, ':');
    case 'ip/dhcp-client add-default-route': return oneOf(key, value, ['yes', 'no', 'special-classless']);
    case 'ip/dhcp-server address-pool': return refName(key, value, ctx.rowsOf('ip/pool'), ['static-only']);
    case 'ip/dhcp-server/lease server': return refName(key, value, ctx.rowsOf('ip/dhcp-server'), ['all']);
    case 'ip/pool ranges':
      for (const part of value.split(',')) if (!normaliseAddressSpec(part, 'ipv4')) throw invalidArg(key);
      return value;
    case 'ip/pool next-pool': return refName(key, value, ctx.rowsOf('ip/pool'), ['none']);
    case 'interface/vlan vlan-id': return numberIn(key, value, 1, 4095);
    case 'interface/bridge/vlan vlan-ids': return portList(key, value, 1, 4094);
    // Every slave of a bond is an existing interface (Bonding manual: `slaves (string; Default: none)` names interfaces).
    case 'interface/bonding slaves':
    case 'interface/bridge/vlan tagged': case 'interface/bridge/vlan untagged':
      for (const name of value.split(',').filter(Boolean)) refName(key, name, interfaces());
      return value;
    case 'interface/bridge/port pvid': case 'interface/bridge pvid': return numberIn(key, value, 1, 4094);
    case 'ip/dns/static type': return oneOf(key, value, DNS_TYPES);
    case 'ip/dns/static address':
      if (!parseIp(value, 'ipv4') && !parseIp(value, 'ipv6')) throw invalidArg(key);
      return value;
    case 'ip/dns/static ttl': return duration(key, value);
    case 'system/scheduler interval': return duration(key, value);
    case 'system/scheduler start-time':
      if (value !== 'startup' && !/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(value)) throw invalidArg(key);
      return value;
    case 'system/scheduler start-date':
      if (!/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) throw invalidArg(key);
      return value;
    case 'interface/wifi configuration': case 'interface/wifi/provisioning master-configuration':
      return refName(key, value, ctx.rowsOf('interface/wifi/configuration'));
    case 'interface/wifi/provisioning slave-configurations':
      for (const name of value.split(',').filter(Boolean)) refName(key, name, ctx.rowsOf('interface/wifi/configuration'));
      return value;
    case 'interface/wifi security': case 'interface/wifi/configuration security':
      return refName(key, value, ctx.rowsOf('interface/wifi/security'));
    case 'interface/wifi datapath': case 'interface/wifi/configuration datapath':
      return refName(key, value, ctx.rowsOf('interface/wifi/datapath'));
    case 'interface/wifi channel': case 'interface/wifi/configuration channel':
      return refName(key, value, ctx.rowsOf('interface/wifi/channel'));
    case 'interface/wifi/security authentication-types': case 'interface/wifi security.authentication-types':
      return value === '' ? value : listOf(key, value, WIFI_AUTH);
    case 'interface/wifi/security passphrase': case 'interface/wifi security.passphrase':
      if (value.length < 8 || value.length > 64) throw invalidArg(key);
      return value;
  }
  // BGP and OSPF configuration (model/routing-config.ts, model/routing-values.ts).
  if (path.startsWith('routing/')) return routingValue(key, value, ctx) ?? routingMoreValue(key, value, ctx);
  // The other wifi properties, typed from the WiFi manual page (model/wifi-values.ts); the DHCP and DNS menus' from
  // their pages and CLI reference (model/dhcp-values.ts, dns-values.ts).
  // The bridge and tunnel menus' from their CLI reference (model/bridge-values.ts, tunnel-values.ts); logging and
  // container (model/logging-container-values.ts).
  return wifiValue(key, value, ctx) ?? dhcpValue(key, value, ctx) ?? dnsValue(key, value, ctx) ?? bridgeValue(key, value, ctx) ?? tunnelValue(key, value, ctx) ?? loggingContainerValue(key, value, ctx) ?? routingMoreValue(key, value, ctx) ?? ipCuratedValue(key, value, ctx) ?? interfaceMoreValue(key, value, ctx) ?? systemValue(key, value, ctx) ?? coreMoreValue(key, value, ctx) ?? interfaceRoutingValue(key, value, ctx);
}
