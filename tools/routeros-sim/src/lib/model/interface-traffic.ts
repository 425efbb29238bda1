import type { Row } from '../rest/print-query';
import type { ReadContext } from './menu-spec';
import { noise } from './values';
import { hasLink } from './ethernet-link';

/** Ethernet header (14) plus one 802.1Q tag (4): what a frame may carry beyond the interface MTU. */
export const L2_OVERHEAD = 18;

const isRunning = (row: Row) => row['disabled'] !== 'true' && hasLink(row);

/** The MTU the interface really uses (`auto` on a bridge is 1500 until a port says otherwise). */
export const actualMtu = (row: Row) => (/^\d+$/.test(row['mtu'] ?? '') ? Number(row['mtu']) : 1500);

interface Flow {
  /** Packets per second, on average. */
  pps: number;
  /** Average bytes per packet: never more than the MTU plus the L2 overhead. */
  frame: number;
}

/** The steady traffic of one interface in one direction, fixed per (seed, interface); queues and torch share it. */
export function flow(row: Row, ctx: ReadContext, dir: 'rx' | 'tx'): Flow {
  if (!isRunning(row)) return { pps: 0, frame: 0 };
  const key = `${row['.id']}${dir}`;
  const pps = 5 + noise(ctx.seed, `${key}:pps`, 0) * (dir === 'rx' ? 900 : 500);
  const largest = actualMtu(row) + L2_OVERHEAD;
  const frame = Math.floor(90 + noise(ctx.seed, `${key}:frame`, 0) * (Math.min(largest, 1400) - 90));
  return { pps, frame };
}

/** Seconds the interface has existed in this boot: since it was added (a new VLAN, bridge), or since boot. */
function secondsAlive(row: Row, ctx: ReadContext): number {
  const created = row['.created'] ? Math.floor(Date.parse(row['.created']) / 1000) : -Infinity;
  return Math.max(0, Math.min(ctx.uptime, ctx.tick - created));
}

/** Cumulative counters: packets first, bytes as packets × frame, so bytes per packet is always plausible. */
function counters(row: Row, ctx: ReadContext, dir: 'rx' | 'tx') {
  const { pps, frame } = flow(row, ctx, dir);
  const alive = secondsAlive(row, ctx);
  // A new interface counts from zero: nothing passed through it before it existed.
  const packets = alive === 0 ? 0 : Math.floor((alive + noise(ctx.seed, `${row['.id']}${dir}`, ctx.tick)) * pps);
  // Fasttracked share (fp-*): part of the same packets, same size.
  const fast = Math.floor(packets * (0.2 + noise(ctx.seed, `${row['.id']}${dir}:fp`, 0) * 0.6));
  return { packets, bytes: packets * frame, fastPackets: fast, fastBytes: fast * frame };
}

/** `YYYY-MM-DD HH:MM:SS`, the date form RouterOS 7.10+ prints. */
const stamp = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

/** Read-only values of an interface row as /interface shows them: running state, link history and counters. */
export function interfaceCounters(row: Row, ctx: ReadContext): Record<string, string> {
  const running = isRunning(row);
  const rx = counters(row, ctx, 'rx');
  const tx = counters(row, ctx, 'tx');
  // The link came up a few seconds after boot, or when the interface was made if that was later.
  const boot = ctx.tick - ctx.uptime;
  const upAt = Math.max(boot + 3 + Math.floor(noise(ctx.seed, `${row['.id']}:up`, 0) * 5), ctx.tick - secondsAlive(row, ctx));
  const slave = ctx.rowsOf('interface/bridge/port').some((p) => p['interface'] === row['name'] && p['disabled'] !== 'true');
  return {
    // RouterOS prints whether it made the interface itself (a CAP's radio, a PPP session): `dynamic=no` in the API.
    dynamic: row['.dynamic'] ?? 'false',
    running: String(running),
    slave: String(slave),
    'actual-mtu': String(actualMtu(row)),
    ...(running ? { 'last-link-up-time': stamp(upAt) } : {}),
    'link-downs': '0',
    'rx-byte': String(rx.bytes),
    'tx-byte': String(tx.bytes),
    'rx-packet': String(rx.packets),
    'tx-packet': String(tx.packets),
    'fp-rx-byte': String(rx.fastBytes),
    'fp-tx-byte': String(tx.fastBytes),
    'fp-rx-packet': String(rx.fastPackets),
    'fp-tx-packet': String(tx.fastPackets),
    'rx-drop': '0',
    'tx-drop': '0',
    'tx-queue-drop': '0',
    'rx-error': '0',
    'tx-error': '0',
  };
}

/** One `/interface/monitor-traffic` sample: this second's rate around the interface's steady flow. */
export function monitorSample(row: Row, ctx: ReadContext): Record<string, string> {
  const sample = (dir: 'rx' | 'tx') => {
    const { pps, frame } = flow(row, ctx, dir);
    const now = Math.round(pps * (0.7 + noise(ctx.seed, `${row['.id']}${dir}:now`, ctx.tick) * 0.6));
    return { packets: now, bits: now * frame * 8 };
  };
  const rx = sample('rx');
  const tx = sample('tx');
  const zero = '0';
  return {
    name: row['name'],
    'rx-packets-per-second': String(rx.packets),
    'rx-bits-per-second': String(rx.bits),
    'fp-rx-packets-per-second': zero,
    'fp-rx-bits-per-second': zero,
    'rx-drops-per-second': zero,
    'rx-errors-per-second': zero,
    'tx-packets-per-second': String(tx.packets),
    'tx-bits-per-second': String(tx.bits),
    'fp-tx-packets-per-second': zero,
    'fp-tx-bits-per-second': zero,
    'tx-drops-per-second': zero,
    'tx-queue-drops-per-second': zero,
    'tx-errors-per-second': zero,
  };
}
