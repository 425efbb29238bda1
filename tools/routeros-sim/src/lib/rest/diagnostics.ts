import ipaddr from 'ipaddr.js';
import type { DeviceState } from '../model/device-state';
import { lookupRoute } from '../model/routing';
import { formatMillis, formatRtt, noise } from '../model/values';
import type { Row } from './print-query';
import { RestError } from './rest-error';

/** Where a probe goes: the hops to the target, the round trip to each, or why it cannot leave. */
export type Path = { reachable: false; status: string } | { reachable: true; hops: { address: string; rtt: number }[] };

/**
 * Resolves a host name the way the router's DNS client does: its cache first (static and learnt answers), then
 * the configured or DHCP-learnt servers, which must be routable. Names answered by a server get a stable address
 * in 198.18.0.0/15 (the benchmarking range), so the same name always resolves to the same address.
 */
export function resolveHost(state: DeviceState, host: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return host;
  const ctx = state.readContext();
  const cached = ctx.rowsOf('ip/dns/cache').find((r) => r['name'] === host && r['type'] === 'A');
  if (cached) return cached['data'];
  const dns = ctx.rowsOf('ip/dns')[0] ?? {};
  const servers = `${dns['servers'] ?? ''},${dns['dynamic-servers'] ?? ''}`.split(',').filter((s) => ipaddr.isValid(s));
  if (!servers.some((s) => routeTo(state, s))) throw new RestError(400, 'failure: dns server failure');
  if (/\.(invalid|test|local)$/i.test(host)) throw new RestError(400, 'failure: dns name does not exist');
  const h = Math.floor(noise(0, host, 0) * 0x20000);
  return `198.${18 + (h >> 16)}.${(h >> 8) & 0xff}.${h & 0xff}`;
}

function routeTo(state: DeviceState, address: string) {
  const ctx = state.readContext();
  return lookupRoute(ctx.rowsOf('ip/route'), ctx.rowsOf('interface'), address);
}

/** The hops a packet to `address` takes, with a plausible, repeatable round trip per hop. */
export function pathTo(state: DeviceState, address: string): Path {
  const ctx = state.readContext();
  const own = ctx.rowsOf('ip/address').some((a) => a['disabled'] !== 'true' && (a['address'] ?? '').split('/')[0] === address);
  if (own) return { reachable: true, hops: [{ address, rtt: 0.02 }] };
  const route = routeTo(state, address);
  if (!route) return { reachable: false, status: 'no route to host' };
  const lan = 0.3 + noise(ctx.seed, `lan:${address}`, 0) * 0.6;
  // On a connected network (the gateway is an interface) the target is the only hop; a dynamic route with a next hop
  // (a DHCP client's default route) goes through its gateway like a static one.
  const gateway = (route['.immediate-gw'] ?? '').split('%')[0];
  if (!ipaddr.isValid(gateway)) return { reachable: true, hops: [{ address, rtt: lan }] };
  const hops = [{ address: gateway, rtt: lan }];
  // Beyond the gateway: a couple of provider hops, then the target, each farther than the last.
  const far = route['dst-address'] === '0.0.0.0/0';
  const transit = far ? [`100.64.${Math.floor(noise(ctx.seed, 'isp', 0) * 255)}.1`, `192.0.2.${1 + Math.floor(noise(0, `core:${address}`, 0) * 250)}`] : [];
  const total = far ? 4 + noise(0, `far:${address}`, 0) * 30 : 1 + noise(0, `near:${address}`, 0) * 3;
  transit.forEach((hop, i) => hops.push({ address: hop, rtt: lan + ((i + 1) / (transit.length + 1)) * (total - lan) }));
  if (address !== gateway) hops.push({ address, rtt: total });
  return { reachable: true, hops };
}

/** Jitter of one probe: a few percent around the path's round trip, repeatable per (target, probe). */
const probe = (seed: number, address: string, hop: number, n: number, rtt: number) => rtt * (0.9 + noise(seed, `${address}:${hop}`, n) * 0.25);

/** One `/tool/ping` reply row, with the running totals RouterOS repeats on every row. */
export function pingRow(state: DeviceState, address: string, path: Path, seq: number, size: string, times: number[]): Row {
  const counts = { sent: String(seq + 1) };
  if (!path.reachable) return { seq: String(seq), host: address, status: path.status, ...counts, received: '0', 'packet-loss': '100' };
  const last = path.hops[path.hops.length - 1];
  times.push(probe(state.seed, address, path.hops.length, seq, last.rtt));
  const stats = { 'min-rtt': formatRtt(Math.min(...times)), 'avg-rtt': formatRtt(times.reduce((a, b) => a + b, 0) / times.length), 'max-rtt': formatRtt(Math.max(...times)) };
  return { seq: String(seq), host: address, size, ttl: String(65 - path.hops.length), time: formatRtt(times[times.length - 1]), ...counts, received: String(times.length), 'packet-loss': String(Math.round(((seq + 1 - times.length) / (seq + 1)) * 100)), ...stats };
}

/** `/tool/traceroute` rows after `count` probes per hop: last/avg/best/worst/std-dev from the same samples. */
export function tracerouteRows(state: DeviceState, address: string, path: Path, count: number): Row[] {
  if (!path.reachable) return [{ '.section': '0', address: '', loss: '100%', sent: String(count), status: path.status }];
  return path.hops.map((hop, i) => {
    const samples = Array.from({ length: count }, (_, n) => probe(state.seed, address, i, n, hop.rtt));
    const avg = samples.reduce((a, b) => a + b, 0) / samples.length;
    const stdDev = Math.sqrt(samples.reduce((a, b) => a + (b - avg) ** 2, 0) / samples.length);
    return { '.section': '0', address: hop.address, loss: '0%', sent: String(count), last: formatMillis(samples[samples.length - 1]), avg: formatMillis(avg), best: formatMillis(Math.min(...samples)), worst: formatMillis(Math.max(...samples)), 'std-dev': formatMillis(stdDev), status: '' };
  });
}
