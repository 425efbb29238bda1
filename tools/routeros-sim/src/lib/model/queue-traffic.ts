import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { flow } from './interface-traffic';
import type { ReadContext } from './menu-spec';
import { noise } from './values';

/**
 * Queue statistics from the device's traffic model (model/interface-traffic.ts): a queue sees a share of the traffic
 * of the interfaces its target or parent names, passes at most its `max-limit` and drops the rest. Counters grow
 * from zero from when the queue was made (or its counters reset, or the device booted); a disabled queue counts
 * nothing. The shares are chosen without a source (docs/simulator.md): a real queue counts whatever passes it.
 */

/** Bits and packets per second one way. */
interface Load {
  bits: number;
  packets: number;
}

const NONE: Load = { bits: 0, packets: 0 };
const add = (a: Load, b: Load): Load => ({ bits: a.bits + b.bits, packets: a.packets + b.packets });
const scale = (a: Load, share: number): Load => ({ bits: a.bits * share, packets: a.packets * share });

/** An interface's steady traffic one way (`rx`: from its side toward the router; `tx`: out of it). */
function interfaceLoad(iface: Row, ctx: ReadContext, dir: 'rx' | 'tx'): Load {
  const { pps, frame } = flow(iface, ctx, dir);
  return { bits: pps * frame * 8, packets: pps };
}

/** Interfaces that carry their own traffic (a bridge port's traffic is the bridge's too, so ports are left out). */
function topInterfaces(ctx: ReadContext): Row[] {
  const ports = new Set(ctx.rowsOf('interface/bridge/port').map((p) => p['interface']));
  return ctx.rowsOf('interface').filter((i) => !ports.has(i['name']));
}

/** `10M`, `1500k`, `64000` as bits per second; 0 is no limit. */
export function rateBits(text: string | undefined): number {
  const match = /^(\d+)([kMG]?)$/.exec(text ?? '');
  return match ? Number(match[1]) * ({ k: 1e3, M: 1e6, G: 1e9 }[match[2] as 'k' | 'M' | 'G'] ?? 1) : 0;
}

/** The network an IPv4 address of the device sits on that holds `target` (`192.168.88.10/32` on the LAN's /24). */
function targetShare(target: string, ctx: ReadContext, key: string): { iface: Row; share: number } | undefined {
  const interfaces = ctx.rowsOf('interface');
  const named = interfaces.find((i) => i['name'] === target);
  if (named) return { iface: named, share: 1 };
  const [host, bits] = target.split('/');
  if (!ipaddr.IPv4.isValidFourPartDecimal(host)) return undefined; // IPv6 targets: no IPv6 traffic is modelled per host
  const length = Number(bits ?? 32);
  for (const address of ctx.rowsOf('ip/address')) {
    if (address['disabled'] === 'true') continue;
    const [net, netBits] = (address['address'] ?? '').split('/');
    const netLength = Number(netBits ?? 32);
    if (!ipaddr.IPv4.isValidFourPartDecimal(net)) continue;
    const wider = Math.min(length, netLength);
    if (!ipaddr.parse(host).match(ipaddr.parse(net), wider)) continue;
    const iface = interfaces.find((i) => i['name'] === address['interface']);
    if (!iface) continue;
    // A single host is one of the network's busier clients; a prefix gets the part of the network it covers.
    const share = length >= 32 ? 0.02 + noise(ctx.seed, `queue:${key}:${target}`, 0) * 0.23 : Math.min(1, 2 ** (netLength - Math.max(length, netLength)));
    return { iface, share };
  }
  return undefined;
}

/** A simple queue's demand: upload is what its targets send (the interface's rx), download what they receive. */
function simpleDemand(row: Row, ctx: ReadContext): { up: Load; down: Load } {
  const targets = (row['target'] ?? '').split(',').filter(Boolean);
  const sources = targets.length === 0 ? topInterfaces(ctx).map((iface) => ({ iface, share: 1 })) : targets.map((t) => targetShare(t, ctx, row['.id'])).filter((s) => s !== undefined);
  let up = NONE;
  let down = NONE;
  for (const { iface, share } of sources) {
    up = add(up, scale(interfaceLoad(iface, ctx, 'rx'), share));
    down = add(down, scale(interfaceLoad(iface, ctx, 'tx'), share));
  }
  return { up, down };
}

/** A tree queue's demand: its parent interface's outgoing traffic (all of it, or its marked share), `global` every interface's, a parent queue's share. */
function treeDemand(row: Row, ctx: ReadContext, depth = 0): Load {
  const parent = row['parent'] ?? '';
  const marked = row['packet-mark'] ? 0.1 + noise(ctx.seed, `queue:${row['.id']}:mark`, 0) * 0.5 : 1;
  const iface = ctx.rowsOf('interface').find((i) => i['name'] === parent);
  if (iface) return scale(interfaceLoad(iface, ctx, 'tx'), marked);
  if (parent === 'global') return scale(topInterfaces(ctx).reduce((sum, i) => add(sum, interfaceLoad(i, ctx, 'tx')), NONE), marked);
  const up = ctx.rowsOf('queue/tree').find((q) => q['name'] === parent);
  if (!up || depth > 8) return NONE;
  // Below a parent queue: what the parent lets through.
  const parentLoad = treeDemand(up, ctx, depth + 1);
  const limit = rateBits(up['max-limit']);
  return scale(limit > 0 && parentLoad.bits > limit ? scale(parentLoad, limit / parentLoad.bits) : parentLoad, marked);
}

/** Seconds the queue has counted: since it was made or reset, or since boot. */
function secondsCounted(row: Row, ctx: ReadContext): number {
  const since = row['.counters-reset'] ?? row['.created'];
  const at = since ? Math.floor(Date.parse(since) / 1000) : -Infinity;
  return Math.max(0, Math.min(ctx.uptime, ctx.tick - at));
}

/** One direction's statistics: what passes the limit, what is dropped, now and since counting began. */
function direction(demand: Load, limit: number, seconds: number, ctx: ReadContext, key: string) {
  const frame = demand.packets > 0 ? demand.bits / 8 / demand.packets : 0;
  const passed = limit > 0 ? Math.min(demand.bits, limit) : demand.bits;
  const dropShare = demand.bits > 0 ? (demand.bits - passed) / demand.bits : 0;
  const now = 0.7 + noise(ctx.seed, `queue:${key}:now`, ctx.tick) * 0.6;
  const rate = Math.round(limit > 0 ? Math.min(demand.bits * now, limit) : demand.bits * now);
  const packets = Math.floor(demand.packets * (1 - dropShare) * seconds);
  const over = dropShare > 0;
  return {
    rate: String(rate),
    'packet-rate': String(frame > 0 ? Math.round(rate / 8 / frame) : 0),
    bytes: String(Math.floor(packets * frame)),
    packets: String(packets),
    dropped: String(Math.floor(demand.packets * dropShare * seconds)),
    // A queue over its limit holds a backlog; one under it has nothing waiting.
    'queued-bytes': String(over ? Math.floor(frame * 20) : 0),
    'queued-packets': String(over ? 20 : 0),
  };
}

const STAT_KEYS = ['rate', 'packet-rate', 'bytes', 'packets', 'dropped', 'queued-bytes', 'queued-packets'] as const;

/** `/queue/simple` statistics as `upload/download` pairs, with the `total-` sums. */
export function simpleQueueStats(row: Row, ctx: ReadContext): Record<string, string> {
  const active = row['disabled'] !== 'true';
  const demand = active ? simpleDemand(row, ctx) : { up: NONE, down: NONE };
  const [upLimit, downLimit] = (row['max-limit'] ?? '0/0').split('/').map(rateBits);
  const seconds = active ? secondsCounted(row, ctx) : 0;
  const up = direction(demand.up, upLimit, seconds, ctx, `${row['.id']}up`);
  const down = direction(demand.down, downLimit ?? upLimit, seconds, ctx, `${row['.id']}down`);
  const out: Record<string, string> = {};
  for (const key of STAT_KEYS) {
    out[key] = `${up[key]}/${down[key]}`;
    out[`total-${key}`] = String(Number(up[key]) + Number(down[key]));
  }
  return out;
}

/** `/queue/tree` statistics, one direction (a tree queue shapes what leaves its parent). */
export function treeQueueStats(row: Row, ctx: ReadContext): Record<string, string> {
  const active = row['disabled'] !== 'true';
  return direction(active ? treeDemand(row, ctx) : NONE, rateBits(row['max-limit']), active ? secondsCounted(row, ctx) : 0, ctx, row['.id']);
}
