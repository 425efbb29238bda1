import ipaddr from 'ipaddr.js';
import { parseCidr } from './ip';
import type { Row } from '../rest/print-query';
import { Association, lostAssociation } from './wireless-association';
import { walkMangle } from './management-mangle';
import { negotiationProblem } from './ethernet-link';

/** How the managing service reaches a device, as the device sees it (loopback hides the real addresses). */
export interface ManagementPath {
  /** Source address of the service's connections. */
  clientAddress: string;
  /** The device address the service connects to. */
  deviceAddress: string;
  /** The bridge member the client sits behind, when the device address is on a bridge (a radio, when it is on Wi-Fi). */
  clientPort?: string;
  /**
   * The radio the client is associated to when it is not `clientPort` itself: a radio of a CAP that forwards locally,
   * made by this device's CAPsMAN (the client's frames then arrive on the wired port the CAP is plugged into).
   */
  radio?: string;
}

export type ServiceName = 'www-ssl' | 'www' | 'ssh';

/** `timeout`: packets vanish (the client's connect times out); `refused`: the device answers with a reset. */
export type Access = { verdict: 'ok' } | { verdict: 'timeout' | 'refused'; reason: string };

export interface PathContext {
  rowsOf(path: string): Row[];
  /** The port each service had at the seed: a service moved elsewhere no longer answers where the client connects. */
  seedPort(service: ServiceName): string | undefined;
  /** The radio the client is associated to, and what it associated with (taken when the path was set). */
  association?: { radio: string; was: Association; now(): Association | undefined };
}

const OK: Access = { verdict: 'ok' };
const enabled = (row: Row) => row['disabled'] !== 'true';
const host = (cidr: string | undefined) => (cidr ?? '').split('/')[0];

function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    return ipaddr.parse(value);
  } catch {
    return undefined;
  }
}

/** Whether `address` is in `spec`: an address, a CIDR or a range `a-b`, as RouterOS matchers take them. */
export function addressIn(address: string, spec: string): boolean {
  const ip = parseAddress(address);
  if (!ip) return false;
  if (spec.includes('-')) {
    const [from, to] = spec.split('-').map(parseAddress);
    if (!from || !to || from.kind() !== ip.kind()) return false;
    const n = (a: ipaddr.IPv4 | ipaddr.IPv6) => BigInt('0x' + Buffer.from(a.toByteArray()).toString('hex'));
    return n(from) <= n(ip) && n(ip) <= n(to);
  }
  try {
    const [net, bits] = spec.includes('/') ? parseCidr(spec) : [ipaddr.parse(spec), ip.kind() === 'ipv4' ? 32 : 128];
    return net.kind() === ip.kind() && ip.match(net, bits);
  } catch {
    return false;
  }
}

function prefixLength(cidr: string): number {
  try {
    return parseCidr(cidr)[1];
  } catch {
    return -1;
  }
}

/**
 * An interface by name: `/interface`, or the menus of interfaces this simulator serves generically (WireGuard,
 * bonding), whose rows do not show in `/interface` yet.
 */
function interfaceRow(rows: (path: string) => Row[], name: string): Row | undefined {
  for (const menu of ['interface', 'interface/wireguard', 'interface/bonding']) {
    const row = rows(menu).find((i) => i['name'] === name);
    if (row) return row;
  }
  return undefined;
}

function interfaceProblem(rows: (path: string) => Row[], name: string): string | undefined {
  const iface = interfaceRow(rows, name);
  if (!iface) return `interface ${name} no longer exists`;
  if (!enabled(iface)) return `interface ${name} is disabled`;
  if (iface['.link'] === 'down') {
    const why = negotiationProblem(iface);
    return `interface ${name} has no link${why ? `: ${why}` : ''}`;
  }
  if (iface['type'] === 'vlan' && iface['interface']) return interfaceProblem(rows, iface['interface']);
  return undefined;
}

/**
 * With VLAN filtering, the client's untagged frames join its port's PVID and reach the bridge's own interface (where
 * the address is) only in the bridge's PVID; a port or bridge admitting only tagged frames drops them.
 */
function untaggedVlanProblem(rows: (path: string) => Row[], bridgeName: string, port: Row): string | undefined {
  const bridge = rows('interface/bridge').find((b) => b['name'] === bridgeName);
  if (bridge?.['vlan-filtering'] !== 'true') return undefined;
  const portName = port['interface'];
  if (port['frame-types'] === 'admit-only-vlan-tagged') return `bridge port ${portName} admits only tagged frames`;
  if (bridge['frame-types'] === 'admit-only-vlan-tagged') return `bridge ${bridgeName} admits only tagged frames to the device`;
  const portVlan = port['pvid'] ?? '1';
  const bridgeVlan = bridge['pvid'] ?? '1';
  if (portVlan !== bridgeVlan) return `bridge port ${portName} puts the client in VLAN ${portVlan}, not ${bridgeName}'s VLAN ${bridgeVlan}`;
  return undefined;
}

/**
 * Whether the IP firewall sees the bridge port a packet to the device came in by (`in-bridge-port`,
 * `in-bridge-port-list`). The Bridge manual: `use-ip-firewall` forces *bridged* traffic through the IP firewall's
 * prerouting, forward and postrouting, and does not apply to routed traffic; the Filter manual: `in-bridge-port` works
 * only with `use-ip-firewall` enabled. The service's packets are addressed to the device itself, so they are never
 * bridged and never meet the forward chain: they meet raw prerouting and input as on any interface, whatever
 * `use-ip-firewall` says. What the setting changes for them is whether their bridge port is known there: without it,
 * `in-bridge-port=X` never matches and `in-bridge-port=!X` always does (chosen: as Linux's physdev match, which
 * RouterOS runs, treats a packet without bridge information). VLAN traffic (a bridge with `vlan-filtering`, or an
 * address on a VLAN interface over the bridge) needs `use-ip-firewall-for-vlan` too (the manual: required with
 * VLAN filtering); `use-ip-firewall-for-pppoe` concerns bridged PPPoE only, never the service.
 */
function bridgePortSeen(rows: (path: string) => Row[], bridge: string, vlan: boolean): boolean {
  const settings = rows('interface/bridge/settings')[0];
  if (settings?.['use-ip-firewall'] !== 'true') return false;
  const filtering = rows('interface/bridge').find((b) => b['name'] === bridge)?.['vlan-filtering'] === 'true';
  return !(vlan || filtering) || settings['use-ip-firewall-for-vlan'] === 'true';
}

/** A packet of the service's connection: the client's request (input) or the device's reply (output). */
export interface Packet {
  src: string;
  dst: string;
  inInterface?: string;
  inBridgePort?: string;
  outInterface?: string;
  srcPort?: string;
  dstPort?: string;
  /** Whether the packet is addressed to the device itself (`dst-address-type=local`). */
  toDevice: boolean;
  state: 'new' | 'established';
  /** The MAC the client's frames arrive from: the client's own on-link, its gateway's when routed. */
  srcMac?: string;
  /** Marks mangle gave the packet or its connection (`no-mark` when none). */
  connectionMark?: string;
  routingMark?: string;
  packetMark?: string;
}

const NON_MATCHERS = new Set(['.id', '.builtin', '.created', 'chain', 'action', 'comment', 'disabled', 'log', 'log-prefix', 'jump-target', 'reject-with', 'hw-offload', 'passthrough', 'address-list', 'address-list-timeout', 'bytes', 'packets', 'dynamic', 'invalid', 'to-addresses', 'to-ports', 'new-routing-mark', 'new-connection-mark', 'new-packet-mark']);

function negatable(value: string, test: (v: string) => boolean): boolean {
  return value.startsWith('!') ? !test(value.slice(1)) : test(value);
}

function inList(rows: (path: string) => Row[], list: string, address: string): boolean {
  return rows('ip/firewall/address-list').some((e) => enabled(e) && e['list'] === list && addressIn(address, e['address'] ?? ''));
}

/**
 * Whether an interface is in an interface list: built-in `all`/`none`/`static`/`dynamic`, enabled members, and
 * the lists a list includes minus those it excludes.
 */
export function interfaceInList(rows: (path: string) => Row[], list: string, iface: string, depth = 0): boolean {
  if (depth > 8) return false;
  if (list === 'all') return true;
  if (list === 'none') return false;
  if (list === 'static' || list === 'dynamic') return (rows('interface').find((i) => i['name'] === iface)?.['.dynamic'] === 'true') === (list === 'dynamic');
  const row = rows('interface/list').find((l) => l['name'] === list);
  if (!row) return false;
  const names = (v: string | undefined) => (v ?? '').split(',').filter(Boolean);
  if (names(row['exclude']).some((l) => interfaceInList(rows, l, iface, depth + 1))) return false;
  if (rows('interface/list/member').some((m) => enabled(m) && m['list'] === list && m['interface'] === iface)) return true;
  return names(row['include']).some((l) => interfaceInList(rows, l, iface, depth + 1));
}

function portIn(port: string, spec: string): boolean {
  return spec.split(',').some((part) => {
    const [from, to] = part.split('-').map(Number);
    return to === undefined ? Number(port) === from : Number(port) >= from && Number(port) <= to;
  });
}

/** Whether a filter rule matches the packet; a matcher this model does not know makes the rule not match. */
export function ruleMatches(rule: Row, p: Packet, rows: (path: string) => Row[]): boolean {
  for (const [key, value] of Object.entries(rule)) {
    if (NON_MATCHERS.has(key) || value === '') continue;
    const ok = (() => {
      switch (key) {
        case 'src-address': return negatable(value, (v) => addressIn(p.src, v));
        case 'dst-address': return negatable(value, (v) => addressIn(p.dst, v));
        case 'src-address-list': return negatable(value, (v) => inList(rows, v, p.src));
        case 'dst-address-list': return negatable(value, (v) => inList(rows, v, p.dst));
        case 'in-interface': return negatable(value, (v) => v === p.inInterface);
        case 'in-interface-list': return negatable(value, (v) => p.inInterface !== undefined && interfaceInList(rows, v, p.inInterface));
        case 'out-interface': return negatable(value, (v) => v === p.outInterface);
        case 'out-interface-list': return negatable(value, (v) => p.outInterface !== undefined && interfaceInList(rows, v, p.outInterface));
        case 'src-port': return negatable(value, (v) => p.srcPort !== undefined && portIn(p.srcPort, v));
        case 'in-bridge-port-list': return negatable(value, (v) => p.inBridgePort !== undefined && interfaceInList(rows, v, p.inBridgePort));
        // The service's packets arrive in the clear: only a `none` policy matches them.
        case 'ipsec-policy': return value.split(',')[0] === 'in' && value.split(',')[1] === 'none';
        case 'in-bridge-port': return negatable(value, (v) => v === p.inBridgePort);
        case 'src-mac-address': return negatable(value, (v) => p.srcMac !== undefined && v.toUpperCase() === p.srcMac.toUpperCase());
        case 'protocol': return negatable(value, (v) => v === 'tcp' || v === '6');
        case 'dst-port': return negatable(value, (v) => p.dstPort !== undefined && portIn(p.dstPort, v));
        case 'connection-state': return negatable(value, (v) => v.split(',').includes(p.state));
        case 'connection-nat-state': return negatable(value, () => false);
        case 'connection-mark': return negatable(value, (v) => v === (p.connectionMark ?? 'no-mark'));
        case 'routing-mark': return negatable(value, (v) => v === (p.routingMark ?? 'no-mark'));
        case 'packet-mark': return negatable(value, (v) => v === (p.packetMark ?? 'no-mark'));
        // The management packets are addressed to the device itself.
        case 'dst-address-type': return negatable(value, (v) => v.split(',').includes(p.toDevice ? 'local' : 'unicast'));
        default: return false;
      }
    })();
    if (!ok) return false;
  }
  return true;
}

/** Walks a chain of a firewall table in order, following jumps; undefined when no terminal rule matched. */
function walkChain(chain: string, p: Packet, rows: (path: string) => Row[], depth = 0, table = 'ip/firewall/filter'): Access | 'return' | undefined {
  if (depth > 16) return undefined;
  for (const rule of rows(table).filter((r) => enabled(r) && r['chain'] === chain)) {
    if (!ruleMatches(rule, p, rows)) continue;
    const describe = `${table === 'ip/firewall/raw' ? 'raw' : 'input'} rule ${rule['.id'] ?? ''}${rule['comment'] ? ` (${rule['comment']})` : ''}`;
    switch (rule['action'] ?? 'accept') {
      case 'accept': return OK;
      // Raw's notrack lets the packet on to the filter untracked (still judged there).
      case 'notrack': return table === 'ip/firewall/raw' ? OK : undefined;
      // A new connection sent elsewhere never reaches the device's service.
      case 'dst-nat':
      case 'redirect':
      case 'netmap': {
        // A redirect goes to the device itself: only its port can change.
        const sameTarget = (rule['action'] === 'redirect' || (rule['to-addresses'] ?? p.dst) === p.dst) && (rule['to-ports'] ?? p.dstPort) === p.dstPort;
        if (table === 'ip/firewall/nat' && !sameTarget) return { verdict: 'timeout', reason: `nat rule ${rule['.id'] ?? ''}${rule['comment'] ? ` (${rule['comment']})` : ''} sends the connection to ${rule['to-addresses'] ?? 'the device'}:${rule['to-ports'] ?? p.dstPort}` };
        return table === 'ip/firewall/nat' ? OK : undefined;
      }
      case 'drop': return { verdict: 'timeout', reason: `${describe} drops the connection` };
      case 'tarpit': return { verdict: 'timeout', reason: `${describe} tarpits the connection` };
      case 'reject': return { verdict: 'refused', reason: `${describe} rejects the connection` };
      case 'return': return 'return';
      case 'jump': {
        const result = walkChain(rule['jump-target'] ?? '', p, rows, depth + 1, table);
        if (result && result !== 'return') return result;
        break;
      }
      default: // passthrough, log, add-src-to-address-list…: the packet goes on
    }
  }
  return undefined;
}

type Route = { dst: string; iface: string; distance: number; via?: string; blackhole?: true };

/**
 * The VRF an interface belongs to: the first enabled `/ip/vrf` entry listing it (the manual: entries are matched
 * from the top), `main` otherwise.
 */
export function vrfOf(rows: (path: string) => Row[], iface: string): string {
  const names = (v: string | undefined) => (v ?? '').split(',').filter(Boolean);
  return rows('ip/vrf').find((v) => enabled(v) && v['name'] !== 'main' && names(v['interfaces']).includes(iface))?.['name'] ?? 'main';
}

/** How a reply is routed: the routing mark mangle gave it, and the VRF its connection lives in. */
interface Lookup {
  mark?: string;
  vrf?: string;
}

/**
 * The interface a reply to the client leaves by (longest prefix, then lowest distance) and the gateway it goes to
 * (none when the client is on-link); undefined without a route, or when a blackhole route or a routing rule drops it.
 * In a VRF only its own table is looked up (its interfaces' connected routes and routes with `routing-table=` it).
 * In main, a routing mark is looked up first in its table; as a routing rule with `action=lookup`, a table without a
 * route for the client falls through to the rules and main (chosen: the manual's Policy Routing page is silent on a
 * miss in a marked table; RouterOS 7 marks are Linux fwmark rules, which fall through). Routing rules are walked in
 * order (from the device address to the client), as RouterOS does for locally originated packets; a rule with
 * `routing-mark` sees only replies carrying that mark, a rule with `interface` never sees the device's own replies.
 */
function routeBack(rows: (path: string) => Row[], client: string, from: string, how: Lookup = {}): { iface: string; via?: string } | undefined {
  const vrf = how.vrf ?? 'main';
  const connected: Route[] = rows('ip/address')
    .filter((a) => enabled(a) && !interfaceProblem(rows, a['interface'] ?? ''))
    .map((a) => ({ dst: `${a['network'] ?? host(a['address'])}/${a['address']?.split('/')[1] ?? '32'}`, iface: a['interface'] ?? '', distance: 0 }));
  const viaGateway = (gateway: string): string | undefined => {
    if (interfaceRow(rows, gateway)) return interfaceProblem(rows, gateway) ? undefined : gateway;
    return connected.filter((c) => addressIn(gateway, c.dst)).sort((a, b) => prefixLength(b.dst) - prefixLength(a.dst))[0]?.iface;
  };
  const lookup = (table: string): Route | undefined => {
    const statics = rows('ip/route')
      // The dynamic connected routes are `connected` below, placed in the table of their interface's VRF.
      .filter((r) => enabled(r) && (r['routing-table'] ?? 'main') === table && !(r['.dynamic'] === 'true' && r['local-address']))
      .map((r): Route | undefined => {
        const base = { dst: r['dst-address'] ?? '0.0.0.0/0', distance: Number(r['distance'] ?? 1) };
        if (r['blackhole'] === 'true') return { ...base, iface: '', blackhole: true };
        const iface = viaGateway(r['gateway'] ?? '');
        return iface === undefined ? undefined : { ...base, iface, ...(addressIn(r['gateway'] ?? '', r['gateway'] ?? '') ? { via: r['gateway'] } : {}) };
      })
      .filter((r): r is Route => r !== undefined);
    return [...connected.filter((c) => vrfOf(rows, c.iface) === table), ...statics]
      .filter((r) => addressIn(client, r.dst))
      .sort((a, b) => prefixLength(b.dst) - prefixLength(a.dst) || a.distance - b.distance)[0];
  };
  const answer = (r: Route | undefined) => (r && !r.blackhole ? { iface: r.iface, ...(r.via ? { via: r.via } : {}) } : undefined);
  if (vrf !== 'main') return answer(lookup(vrf));
  const mark = how.mark && how.mark !== 'no-mark' && how.mark !== 'main' ? how.mark : undefined;
  if (mark) {
    const found = lookup(mark);
    if (found) return answer(found);
  }
  for (const rule of rows('routing/rule').filter(enabled)) {
    if (rule['src-address'] && !addressIn(from, rule['src-address'])) continue;
    if (rule['dst-address'] && !addressIn(client, rule['dst-address'])) continue;
    if (rule['interface']) continue;
    if (rule['routing-mark'] && rule['routing-mark'] !== mark) continue;
    const action = rule['action'] ?? 'lookup';
    if (action === 'drop' || action === 'unreachable') return undefined;
    const found = lookup(rule['table'] ?? 'main');
    if (found || action === 'lookup-only-in-table') return answer(found);
  }
  return answer(lookup('main'));
}

/** With `arp=reply-only` or `disabled` an interface sends to a neighbour only through a static ARP entry for it. */
function arpProblem(rows: (path: string) => Row[], iface: string, nextHop: string): string | undefined {
  const arp = rows('interface').find((i) => i['name'] === iface)?.['arp'] ?? 'enabled';
  if (arp !== 'reply-only' && arp !== 'disabled') return undefined;
  const isStatic = (a: Row) => enabled(a) && a['.dynamic'] !== 'true' && a['dynamic'] !== 'true' && a['address'] === nextHop && (a['interface'] ?? iface) === iface;
  return rows('ip/arp').some(isStatic) ? undefined : `${iface} has arp=${arp} and no static ARP entry for ${nextHop}, so replies cannot be sent`;
}

/**
 * `/ip/settings rp-filter` (the manual: `strict` drops a packet whose source is not reachable back through the interface
 * it arrived on, `loose` one whose source is not reachable through any interface, `no` checks nothing). The reverse
 * lookup ignores routing marks (chosen: as Linux, which RouterOS runs, does by default; the manual advises `loose`
 * for policy routing, which is what that would break).
 */
function rpFilterProblem(rows: (path: string) => Row[], client: string, device: string, iface: string, vrf: string): string | undefined {
  const mode = rows('ip/settings')[0]?.['rp-filter'] ?? 'no';
  if (mode !== 'strict' && mode !== 'loose') return undefined;
  const reverse = routeBack(rows, client, device, { vrf });
  if (!reverse) return `rp-filter=${mode} drops the client's packets: no route back to ${client} without a routing mark`;
  if (mode === 'strict' && reverse.iface !== iface) return `rp-filter=strict drops the client's packets: the route back to ${client} leaves by ${reverse.iface}, not ${iface}`;
  return undefined;
}

/**
 * The routing mark of the device's replies: a connection mark set on the client's packets (mangle prerouting and
 * input) follows the connection, and the output chain may turn it (or anything else it matches) into a routing mark.
 * A `mark-routing` in prerouting marks only the client's packets, which are delivered to the device whatever their
 * mark (the local table comes first), so it does not route the replies.
 */
function replyRoutingMark(rows: (path: string) => Row[], path: ManagementPath, iface: string, port: string): string | undefined {
  const request: Packet = { src: path.clientAddress, dst: path.deviceAddress, inInterface: iface, dstPort: port, toDevice: true, state: 'new' };
  if (walkMangle('prerouting', request, rows, ruleMatches) !== 'stop') walkMangle('input', request, rows, ruleMatches);
  const reply: Packet = { src: path.deviceAddress, dst: path.clientAddress, outInterface: iface, srcPort: port, toDevice: false, state: 'established', connectionMark: request.connectionMark };
  walkMangle('output', reply, rows, ruleMatches);
  return reply.routingMark;
}

/**
 * A management VLAN interface on a VLAN-filtering bridge (the manual's Bridge VLAN Table): its frames reach the device
 * only if a `/interface/bridge/vlan` entry for that VLAN lists the bridge itself as tagged; the client's port must be
 * in the VLAN too, untagged through its PVID (RouterOS adds that membership dynamically) or tagged in the entry.
 * Without VLAN filtering the bridge passes every VLAN and only the port itself matters.
 */
function bridgedVlanProblem(rows: (path: string) => Row[], iface: string, clientPort: string | undefined): string | undefined {
  const vlan = rows('interface/vlan').find((v) => v['name'] === iface);
  const bridge = vlan && rows('interface/bridge').find((b) => b['name'] === vlan['interface']);
  if (!vlan || !bridge) return undefined;
  const bridgeName = bridge['name'] ?? '';
  const id = vlan['vlan-id'] ?? '';
  const port = clientPort ? rows('interface/bridge/port').find((p) => p['bridge'] === bridgeName && p['interface'] === clientPort) : undefined;
  if (clientPort) {
    if (!port) return `${clientPort} is no longer a port of bridge ${bridgeName}`;
    if (!enabled(port)) return `bridge port ${clientPort} is disabled`;
  }
  if (bridge['vlan-filtering'] !== 'true') return undefined;
  const names = (v: string | undefined) => (v ?? '').split(',').filter(Boolean);
  const entries = rows('interface/bridge/vlan').filter((e) => enabled(e) && e['bridge'] === bridgeName && portIn(id, e['vlan-ids'] ?? ''));
  if (!entries.some((e) => names(e['tagged']).includes(bridgeName))) return `bridge ${bridgeName} filters VLANs and no bridge VLAN entry carries VLAN ${id} tagged to ${bridgeName} itself`;
  if (port && (port['pvid'] ?? '1') !== id && !entries.some((e) => names(e['tagged']).includes(clientPort!))) return `bridge port ${clientPort} is not in VLAN ${id} (PVID ${port['pvid'] ?? '1'}, not tagged)`;
  return undefined;
}

/** A bond carries the client only while enabled and while the client's port (`clientPort`) is one of its slaves. */
function bondProblem(rows: (path: string) => Row[], iface: string, clientPort: string | undefined): string | undefined {
  const bond = rows('interface/bonding').find((b) => b['name'] === iface);
  if (!bond || !clientPort) return undefined;
  const slaves = (bond['slaves'] ?? '').split(',').filter(Boolean);
  if (!slaves.includes(clientPort)) return `${clientPort} is no longer a slave of bond ${iface}`;
  const problem = interfaceProblem(rows, clientPort);
  return problem ? `bond ${iface}: ${problem}` : undefined;
}

/**
 * A client behind a WireGuard interface reaches the device only through an enabled peer of that interface whose
 * `allowed-address` covers it (the manual: packets from a peer are accepted only from its allowed addresses, and
 * replies go to the peer whose allowed addresses hold the destination).
 */
function wireguardProblem(rows: (path: string) => Row[], iface: string, client: string): string | undefined {
  if (!rows('interface/wireguard').some((w) => w['name'] === iface)) return undefined;
  const peer = rows('interface/wireguard/peers').find((p) => enabled(p) && p['interface'] === iface && (p['allowed-address'] ?? '').split(',').some((a) => a && addressIn(client, a)));
  return peer ? undefined : `no enabled peer of ${iface} allows ${client}`;
}

/**
 * Whether a connection from the managing service reaches `service` on the device, judged the way RouterOS's
 * configuration would decide it: the address, its interface and bridge port, the route back, the input
 * chain, then the service itself. `established` judges a connection opened before the change.
 */
export function evaluateAccess(ctx: PathContext, path: ManagementPath, service: ServiceName, state: 'new' | 'established' = 'new'): Access {
  const rows = ctx.rowsOf;
  const address = rows('ip/address').find((a) => enabled(a) && host(a['address']) === path.deviceAddress);
  if (!address) {
    // A DHCP client's lease (model/dhcp-client.ts) is gone with the client's binding.
    const client = rows('ip/dhcp-client').find((c) => host(c['.lease-address']) === path.deviceAddress);
    if (client) return { verdict: 'timeout', reason: `address ${path.deviceAddress} was leased by the DHCP client on ${client['interface']}, which is gone or disabled` };
    return { verdict: 'timeout', reason: `address ${path.deviceAddress} is no longer on the device` };
  }
  const iface = address['interface'] ?? '';
  // A dynamic address is a DHCP client's lease: it goes when no enabled client is left on its interface.
  if (address['.dynamic'] === 'true' && !rows('ip/dhcp-client').some((c) => enabled(c) && c['interface'] === iface)) {
    return { verdict: 'timeout', reason: `address ${path.deviceAddress} was leased by the DHCP client on ${iface}, which is gone or disabled` };
  }
  const problem = interfaceProblem(rows, iface);
  if (problem) return { verdict: 'timeout', reason: problem };
  const isBridge = rows('interface/bridge').some((b) => b['name'] === iface);
  if (isBridge && path.clientPort) {
    const port = rows('interface/bridge/port').find((p) => p['bridge'] === iface && p['interface'] === path.clientPort);
    if (!port) return { verdict: 'timeout', reason: `${path.clientPort} is no longer a port of bridge ${iface}` };
    if (!enabled(port)) return { verdict: 'timeout', reason: `bridge port ${path.clientPort} is disabled` };
    const portProblem = interfaceProblem(rows, path.clientPort);
    if (portProblem) return { verdict: 'timeout', reason: portProblem };
    const vlanProblem = untaggedVlanProblem(rows, iface, port);
    if (vlanProblem) return { verdict: 'timeout', reason: vlanProblem };
  }
  const bridgedVlan = bridgedVlanProblem(rows, iface, path.clientPort);
  if (bridgedVlan) return { verdict: 'timeout', reason: bridgedVlan };
  const tunnelProblem = bondProblem(rows, iface, path.clientPort) ?? wireguardProblem(rows, iface, path.clientAddress);
  if (tunnelProblem) return { verdict: 'timeout', reason: tunnelProblem };
  // A client on Wi-Fi reaches the device only while its radio is up and offers what it associated with.
  if (ctx.association) {
    const { radio, was } = ctx.association;
    const down = interfaceProblem(rows, radio);
    if (down) return { verdict: 'timeout', reason: `the client's radio: ${down}` };
    const lost = lostAssociation(was, ctx.association.now());
    if (lost) return { verdict: 'timeout', reason: `the client lost its association to ${radio} (${lost})` };
  }
  // A device that owns the client's address (or its gateway's) answers those packets itself: no reply leaves.
  const owned = rows('ip/address').find((a) => enabled(a) && (host(a['address']) === path.clientAddress));
  if (owned) return { verdict: 'timeout', reason: `the device owns the client's address ${path.clientAddress} itself (${owned['address']} on ${owned['interface']})` };
  const vrf = vrfOf(rows, iface);
  const serviceRow = rows('ip/service').find((s) => s['name'] === service);
  const port = serviceRow?.['port'] ?? ctx.seedPort(service) ?? '';
  // Reverse-path filtering checks the client's packets against the unmarked FIB of their VRF.
  const rpf = rpFilterProblem(rows, path.clientAddress, path.deviceAddress, iface, vrf);
  if (rpf) return { verdict: 'timeout', reason: rpf };
  // Replies must leave by the interface the client's packets arrive on, or they never reach it; mangle may mark them.
  const routingMark = replyRoutingMark(rows, path, iface, port);
  const back = routeBack(rows, path.clientAddress, path.deviceAddress, { vrf, mark: routingMark });
  const marked = routingMark && routingMark !== 'no-mark' ? ` (routing mark ${routingMark})` : '';
  if (!back) return { verdict: 'timeout', reason: `no route back to ${path.clientAddress}${marked}` };
  if (back.iface !== iface) return { verdict: 'timeout', reason: `replies to ${path.clientAddress}${marked} would leave by ${back.iface}, not ${iface}` };
  const ownGateway = back.via && rows('ip/address').find((a) => enabled(a) && host(a['address']) === back.via);
  if (ownGateway) return { verdict: 'timeout', reason: `the device owns the gateway's address ${back.via} itself (${ownGateway['address']} on ${ownGateway['interface']})` };
  const arp = arpProblem(rows, iface, back.via ?? path.clientAddress);
  if (arp) return { verdict: 'timeout', reason: arp };
  const srcMac = rows('ip/arp').find((a) => enabled(a) && a['address'] === (back.via ?? path.clientAddress) && a['mac-address'])?.['mac-address'];

  // The client's bridge port as the IP firewall sees it: the bridge the address is on, or the one under its VLAN.
  const vlanBridge = rows('interface/vlan').find((v) => v['name'] === iface)?.['interface'];
  const underBridge = isBridge ? iface : vlanBridge && rows('interface/bridge').some((b) => b['name'] === vlanBridge) ? vlanBridge : undefined;
  const bridgePort = underBridge && path.clientPort && bridgePortSeen(rows, underBridge, !isBridge) ? path.clientPort : undefined;
  // A new connection lives only if its first packet (new) and every later one (established) pass; an open one needs
  // only the latter.
  for (const packetState of state === 'new' ? (['new', 'established'] as const) : (['established'] as const)) {
    const packet: Packet = { src: path.clientAddress, dst: path.deviceAddress, inInterface: iface, inBridgePort: bridgePort, dstPort: port, toDevice: true, state: packetState, srcMac };
    // The raw table's prerouting chain sees every packet before connection tracking, established ones too.
    const raw = walkChain('prerouting', packet, rows, 0, 'ip/firewall/raw');
    if (raw && raw !== 'return' && raw.verdict !== 'ok') return raw;
    // Destination NAT is decided on a connection's first packet; an open connection keeps its own.
    const nat = packetState === 'new' && walkChain('dstnat', packet, rows, 0, 'ip/firewall/nat');
    if (nat && nat !== 'return' && nat.verdict !== 'ok') return nat;
    const verdict = walkChain('input', packet, rows);
    if (verdict && verdict !== 'return' && verdict.verdict !== 'ok') return verdict;
  }
  // The device's replies leave through the output chain (connection tracking calls even the SYN-ACK established).
  const reply: Packet = { src: path.deviceAddress, dst: path.clientAddress, outInterface: iface, srcPort: port, toDevice: false, state: 'established' };
  const replies = walkChain('output', reply, rows);
  if (replies && replies !== 'return' && replies.verdict !== 'ok') return { verdict: replies.verdict, reason: `${replies.reason} (the replies)` };

  if (!serviceRow || !enabled(serviceRow)) return { verdict: 'refused', reason: `service ${service} is disabled` };
  if (port !== ctx.seedPort(service)) return { verdict: 'refused', reason: `service ${service} moved to port ${port}` };
  // A service listens only in its own VRF (`/ip/service vrf=`): a connection arriving in another finds no listener.
  const serviceVrf = serviceRow['vrf'] || 'main';
  if (serviceVrf !== vrf) return { verdict: 'refused', reason: `service ${service} listens in vrf ${serviceVrf}, but ${iface} is in vrf ${vrf}` };
  // Without a certificate www-ssl completes no TLS handshake.
  if (service === 'www-ssl' && ['', 'none'].includes(serviceRow['certificate'] ?? '')) return { verdict: 'refused', reason: 'service www-ssl has no certificate' };
  const certificate = service === 'www-ssl' ? rows('certificate').find((c) => c['name'] === serviceRow['certificate']) : undefined;
  if (service === 'www-ssl' && !certificate) return { verdict: 'refused', reason: `service www-ssl uses certificate ${serviceRow['certificate']}, which no longer exists` };
  // A TLS server needs the certificate's private key (a template, or a certificate imported without its key, has none).
  if (certificate && certificate['private-key'] !== 'true') return { verdict: 'refused', reason: `service www-ssl uses certificate ${serviceRow['certificate']}, which has no private key` };
  const allowed = (serviceRow['address'] ?? '').split(',').filter(Boolean);
  if (allowed.length > 0 && !allowed.some((a) => addressIn(path.clientAddress, a))) return { verdict: 'refused', reason: `service ${service} is not available from ${path.clientAddress}` };
  return OK;
}
