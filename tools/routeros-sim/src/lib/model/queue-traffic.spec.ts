import type { Row } from '../rest/print-query';
import type { ReadContext } from './menu-spec';
import { rateBits, simpleQueueStats, treeQueueStats } from './queue-traffic';

const BOOT = 1_800_000_000;
const iso = (tick: number) => new Date(tick * 1000).toISOString();

function context(tick: number, tables: Record<string, Row[]> = {}): ReadContext {
  const rows: Record<string, Row[]> = {
    interface: [
      { '.id': '*1', name: 'ether1', disabled: 'false' },
      { '.id': '*2', name: 'ether2', disabled: 'false' },
      { '.id': '*3', name: 'bridge', disabled: 'false' },
    ],
    'interface/bridge/port': [{ interface: 'ether2', bridge: 'bridge' }],
    'ip/address': [{ address: '192.168.88.1/24', interface: 'bridge', disabled: 'false' }],
    ...tables,
  };
  return { version: '7.20.5', seed: 7, uptime: tick - BOOT, tick, now: tick * 1000, rowsOf: (path) => rows[path] ?? [] };
}

const made = BOOT + 100;
const queue = (extra: Row): Row => ({ '.id': '*A', name: 'q', disabled: 'false', '.created': iso(made), 'max-limit': '0/0', ...extra });
const pair = (text: string) => text.split('/').map(Number);

describe('queue statistics from the traffic model', () => {
  it('start at zero for a new queue and grow with its traffic', () => {
    const row = queue({ target: '192.168.88.0/24' });
    const fresh = simpleQueueStats(row, context(made));
    expect([fresh['bytes'], fresh['packets'], fresh['dropped'], fresh['total-bytes']]).toEqual(['0/0', '0/0', '0/0', '0']);
    const later = simpleQueueStats(row, context(made + 60));
    const latest = simpleQueueStats(row, context(made + 120));
    expect(pair(later['bytes']).every((n) => n > 0)).toBe(true);
    expect(pair(latest['bytes'])[1]).toBeGreaterThan(pair(later['bytes'])[1]);
    expect(Number(latest['total-bytes'])).toBe(pair(latest['bytes'])[0] + pair(latest['bytes'])[1]);
    // Bytes per packet stay plausible frame sizes.
    const [bytes, packets] = [pair(latest['bytes'])[1], pair(latest['packets'])[1]];
    expect(bytes / packets).toBeGreaterThanOrEqual(60);
    expect(bytes / packets).toBeLessThanOrEqual(1518);
  });

  it('passes at most max-limit and counts the rest as dropped; without a limit nothing drops', () => {
    const tick = made + 300;
    const open = simpleQueueStats(queue({ target: 'bridge' }), context(tick));
    expect(open['dropped']).toBe('0/0');
    expect(pair(open['rate']).every((n) => n > 1000)).toBe(true);
    const limited = simpleQueueStats(queue({ target: 'bridge', 'max-limit': '1k/1k' }), context(tick));
    expect(pair(limited['rate']).every((n) => n <= 1000)).toBe(true);
    expect(pair(limited['dropped']).every((n) => n > 0)).toBe(true);
    expect(pair(limited['queued-packets']).every((n) => n > 0)).toBe(true);
    expect(pair(limited['bytes'])[0]).toBeLessThan(pair(open['bytes'])[0]);
  });

  it('counts nothing for a disabled queue, a target on no network of the device, or after reset-counters', () => {
    const tick = made + 300;
    expect(simpleQueueStats(queue({ target: 'bridge', disabled: 'true' }), context(tick))['total-bytes']).toBe('0');
    expect(simpleQueueStats(queue({ target: '10.9.9.9/32' }), context(tick))['total-bytes']).toBe('0');
    expect(simpleQueueStats(queue({ target: 'bridge', '.counters-reset': iso(tick) }), context(tick))['total-packets']).toBe('0');
    const host = simpleQueueStats(queue({ target: '192.168.88.10/32' }), context(tick));
    const lan = simpleQueueStats(queue({ target: '192.168.88.0/24' }), context(tick));
    expect(Number(host['total-bytes'])).toBeGreaterThan(0);
    expect(Number(host['total-bytes'])).toBeLessThan(Number(lan['total-bytes']));
  });

  it('gives a tree queue its parent interface traffic, and a child no more than its parent queue passes', () => {
    const tick = made + 300;
    const parent: Row = { '.id': '*B', name: 'down', parent: 'ether1', disabled: 'false', '.created': iso(made), 'max-limit': '2k' };
    const ctx = context(tick, { 'queue/tree': [parent] });
    const top = treeQueueStats(parent, ctx);
    expect(Number(top['rate'])).toBeLessThanOrEqual(2000);
    expect(Number(top['dropped'])).toBeGreaterThan(0);
    const child = treeQueueStats({ '.id': '*C', name: 'web', parent: 'down', 'packet-mark': 'web', disabled: 'false', '.created': iso(made), 'max-limit': '0' }, ctx);
    expect(Number(child['rate'])).toBeLessThanOrEqual(2000);
    expect(Number(child['bytes'])).toBeGreaterThan(0);
    expect(treeQueueStats({ ...parent, parent: 'nowhere' }, ctx)['bytes']).toBe('0');
  });

  it('reads rates as RouterOS prints them', () => {
    expect([rateBits('10M'), rateBits('1500k'), rateBits('2G'), rateBits('64000'), rateBits('0'), rateBits(undefined)]).toEqual([10e6, 1.5e6, 2e9, 64000, 0, 0]);
  });
});
