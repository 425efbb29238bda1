import { Ipv4Span, ipv4ToNumber, parseIpv4Range, prefixLength, spanContains } from './ip-range';
import { interfaceUp } from './interface-graph';
import type { Row } from '@routeros-mcp/domain-changes';
import { AddressInfo, isTrue, rowsOf, Snapshot, splitList } from './snapshot';

/** Where the device would send a packet: out of `egress` (directly, or `via` a gateway), or nowhere. */
export type RouteChoice =
  | { kind: 'route'; egress: string; via?: string; route: string }
  | { kind: 'none'; reason: string };

interface Candidate {
  dst: Ipv4Span;
  distance: number;
  table: string;
  /** What the route is, put into words only when a verdict names it: a connected address, or a route row. */
  from: { address: AddressInfo } | { row: Row };
  gateways: string[];
  blackhole: boolean;
  connectedOn?: string;
  /** RouterOS resolves a gateway only through routes whose `scope` is at most the route's `target-scope`. */
  scope: number;
  targetScope: number;
}

function describe(c: Candidate): string {
  if ('address' in c.from) return `connected ${c.from.address.text} on ${c.from.address.interface}`;
  const r = c.from.row;
  return `route ${r['.id'] ?? ''} ${r['dst-address'] || '0.0.0.0/0'}${r['gateway'] ? ` via ${r['gateway']}` : ''}`.replace('  ', ' ');
}

/** Connected routes depend only on the addresses and interfaces, which a state usually shares with the one before. */
const connectedCache = new WeakMap<readonly AddressInfo[], { interfaces: Snapshot['interfaces']; routes: Candidate[] }>();

function connectedRoutes(snap: Snapshot): Candidate[] {
  const cached = connectedCache.get(snap.addresses);
  if (cached?.interfaces === snap.interfaces) return cached.routes;
  // Many addresses share an interface (VLANs with several subnets): ask whether each interface is up once.
  const up = new Map<string, boolean>();
  const routes: Candidate[] = [];
  for (const a of snap.addresses) {
    if (!a.active) continue;
    let isUp = up.get(a.interface);
    if (isUp === undefined) up.set(a.interface, (isUp = interfaceUp(snap, a.interface)));
    if (isUp) routes.push({ dst: a.network, distance: 0, table: 'main', from: { address: a }, gateways: [], blackhole: false, connectedOn: a.interface, scope: 10, targetScope: 10 });
  }
  connectedCache.set(snap.addresses, { interfaces: snap.interfaces, routes });
  return routes;
}

const candidateCache = new WeakMap<Snapshot, Candidate[]>();

function candidates(snap: Snapshot): Candidate[] {
  const cached = candidateCache.get(snap);
  if (cached) return cached;
  const all: Candidate[] = [...connectedRoutes(snap)];
  for (const r of rowsOf(snap.rows, 'ip/route')) {
    // Connected routes are derived from the addresses above: the route rows of `after` may be stale.
    if (isTrue(r['disabled']) || isTrue(r['connect'])) continue;
    const dst = parseIpv4Range(r['dst-address'] || '0.0.0.0/0');
    if (!dst) continue;
    const type = r['type'] ?? '';
    all.push({
      dst, distance: Number(r['distance'] ?? '1') || 1, table: r['routing-table'] || 'main', gateways: splitList(r['gateway']).map((g) => snap.canon(g)),
      scope: Number(r['scope'] ?? '30') || 30, targetScope: Number(r['target-scope'] ?? '10') || 10,
      blackhole: isTrue(r['blackhole']) || ['blackhole', 'unreachable', 'prohibit'].includes(type),
      from: { row: r },
    });
  }
  candidateCache.set(snap, all);
  return all;
}

/** The interface a gateway is reached on (`10.0.0.1`, `10.0.0.1%ether1`, `ether1`), if it is reachable. */
function gatewayEgress(snap: Snapshot, all: Candidate[], gateway: string, targetScope: number, depth: number): string | undefined {
  const [host, scopeIface] = gateway.split('%');
  const ip = ipv4ToNumber(host);
  if (ip === undefined) return interfaceUp(snap, host) ? host : undefined;
  if (scopeIface) return interfaceUp(snap, scopeIface) ? scopeIface : undefined;
  const link = targetScope >= 10 ? all.find((c) => c.connectedOn && spanContains(c.dst, ip)) : undefined;
  if (link) return link.connectedOn;
  if (depth >= 2) return undefined;
  // A recursive gateway: reachable through another route of the main table within the target scope.
  const via = lookupTable(snap, all.filter((c) => c.scope <= targetScope), ip, 'main', depth + 1);
  return via.kind === 'route' ? via.egress : undefined;
}

function lookupTable(snap: Snapshot, all: Candidate[], dst: number, table: string, depth: number): RouteChoice {
  let best: { c: Candidate; egress?: string; via?: string; len: number } | undefined;
  for (const c of all) {
    if (c.table !== table || !spanContains(c.dst, dst)) continue;
    const len = prefixLength(c.dst);
    if (best && (len < best.len || (len === best.len && c.distance >= best.c.distance))) continue;
    if (c.connectedOn || c.blackhole) {
      best = { c, egress: c.connectedOn, len };
      continue;
    }
    for (const g of c.gateways) {
      const egress = gatewayEgress(snap, all, g, c.targetScope, depth);
      if (egress) {
        best = { c, egress, via: g, len };
        break;
      }
    }
  }
  if (!best) return { kind: 'none', reason: `no route in table ${table}` };
  if (best.c.blackhole || !best.egress) return { kind: 'none', reason: `${describe(best.c)} is a blackhole` };
  return { kind: 'route', egress: best.egress, via: best.via, route: describe(best.c) };
}

/** The route the device picks for a packet from `src` to `dst`, honouring `/routing/rule` in order. */
export function routeFor(snap: Snapshot, src: number, dst: number): RouteChoice {
  const all = candidates(snap);
  for (const r of rowsOf(snap.rows, 'routing/rule')) {
    if (isTrue(r['disabled']) || r['routing-mark'] || r['interface']) continue; // marks and incoming interfaces do not apply to the device's own replies
    const srcRange = r['src-address'] ? parseIpv4Range(r['src-address']) : undefined;
    const dstRange = r['dst-address'] ? parseIpv4Range(r['dst-address']) : undefined;
    if ((r['src-address'] && (!srcRange || !spanContains(srcRange, src))) || (r['dst-address'] && (!dstRange || !spanContains(dstRange, dst)))) continue;
    const action = r['action'] || 'lookup';
    if (action === 'drop' || action === 'unreachable') return { kind: 'none', reason: `routing rule ${r['.id'] ?? ''} would ${action} it` };
    const found = lookupTable(snap, all, dst, r['table'] || 'main', 0);
    if (found.kind === 'route' || action === 'lookup-only-in-table') return found;
  }
  return lookupTable(snap, all, dst, 'main', 0);
}

/** The route `table` alone picks for `dst` (a routing mark's table), without the routing rules. */
export function routeInTable(snap: Snapshot, dst: number, table: string): RouteChoice {
  return lookupTable(snap, candidates(snap), dst, table, 0);
}
