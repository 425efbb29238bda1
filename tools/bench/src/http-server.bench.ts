import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, ClientRequest, IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { enrollSimLines } from './enroll-sim';
import { Era, ERAS } from './era-clients';
import { BENCH_AUTH, BENCH_DATABASE_URL, BenchHttpServer, memoryAfterGc, startBareHttp, startProductHttp } from './http-server-process';
import { mcpLoad, McpLoadResult, mcpPost, post } from './mcp-http-load';
import { SimLine, startSim } from './sim-process';

const round = (value: number, digits = 2) => +value.toFixed(digits);
const eraLabel = (era: Era) => {
  const row = ERAS.find((e) => e.era === era)!;
  return `${row.protocol} (${row.client.replace(/SDK v\d.*/, 'wire form')})`;
};

/** The product over a simulated fleet enrolled into a fresh data directory; the simulator keeps answering the health poller. */
export async function productOverFleet(devices: number): Promise<{ server: BenchHttpServer; lines: SimLine[]; stop(): Promise<void> }> {
  const sim = await startSim(devices);
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  await enrollSimLines(join(dir, 'data'), sim.lines, 'bench');
  const server = await startProductHttp(join(dir, 'data'));
  return {
    server,
    lines: sim.lines,
    async stop() {
      await server.stop();
      await stopChild(sim.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system, all threads) a process has used so far, in ms, from /proc (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One load round with the server's CPU time over it: what a call costs the server, whatever else shares the cores. */
export async function measuredRound(server: BenchHttpServer, load: () => Promise<McpLoadResult>): Promise<McpLoadResult & { cpuMs: number }> {
  const before = cpuMs(server.pid);
  const result = await load();
  return { ...result, cpuMs: cpuMs(server.pid) - before };
}

export function merge(results: (McpLoadResult & { cpuMs: number })[]): { perSecond: number; p50Ms: number; p99Ms: number; errors: number; calls: number; cpuMsPerCall: number } {
  const calls = results.reduce((n, r) => n + r.calls, 0);
  const seconds = results.reduce((n, r) => n + r.seconds, 0);
  const cpu = results.reduce((n, r) => n + r.cpuMs, 0);
  // Rounds are equal in length: the worst round's percentile is the honest one to report.
  return { calls, perSecond: calls / seconds, p50Ms: Math.max(...results.map((r) => r.p50Ms)), p99Ms: Math.max(...results.map((r) => r.p99Ms)), errors: results.reduce((n, r) => n + r.errors, 0), cpuMsPerCall: cpu / calls };
}

/**
 * device_list over HTTP with `clients` concurrent clients (one keep-alive connection each, calls back to back), against
 * the bare SDK v2 HTTP server's trivial tool under the same load, in alternating rounds so machine noise falls on both
 * alike. The product authenticates every request per BENCH_AUTH. One row per revision.
 */
export async function httpDeviceList(clients = 64, roundSeconds = 5, rounds = 2, devices = 20): Promise<Record<string, unknown>[]> {
  const product = await productOverFleet(devices);
  const bare = await startBareHttp();
  try {
    await probeDeviceList(product.server);
    const rows = [];
    for (const { era } of ERAS) {
      // Warm both (JIT, connection pools, SQLite page cache).
      await mcpLoad(product.server.url, era, 'device_list', { clients, seconds: 1, authorization: product.server.authorization });
      await mcpLoad(bare.url, era, 'echo', { clients, seconds: 1 });
      const measured: { product: (McpLoadResult & { cpuMs: number })[]; bare: (McpLoadResult & { cpuMs: number })[] } = { product: [], bare: [] };
      for (let i = 0; i < rounds; i++) {
        measured.product.push(await measuredRound(product.server, () => mcpLoad(product.server.url, era, 'device_list', { clients, seconds: roundSeconds, authorization: product.server.authorization })));
        measured.bare.push(await measuredRound(bare, () => mcpLoad(bare.url, era, 'echo', { clients, seconds: roundSeconds })));
      }
      const p = merge(measured.product);
      const b = merge(measured.bare);
      rows.push({
        name: `device_list over HTTP, ${clients} clients, ${eraLabel(era)}, auth ${BENCH_AUTH}, ${devices} devices, ${BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
        calls_per_s: round(p.perSecond, 0),
        bare_trivial_calls_per_s: round(b.perSecond, 0),
        throughput_ratio: round(p.perSecond / b.perSecond),
        throughput_goal: 'ratio >= 0.6 (vs the bare SDK v2 HTTP server, one trivial tool, same load)',
        // Server CPU per call (all its threads): the ratio the throughputs would show if each server had the cores
        // to itself; and Little's law: with `clients` calls always open, the mean latency is clients / throughput.
        cpu_ms_per_call: round(p.cpuMsPerCall, 2),
        bare_cpu_ms_per_call: round(b.cpuMsPerCall, 2),
        cpu_ratio: round(b.cpuMsPerCall / p.cpuMsPerCall),
        mean_ms_by_littles_law: round((clients / p.perSecond) * 1000),
        p50_ms: round(p.p50Ms),
        p99_ms: round(p.p99Ms),
        bare_p99_ms: round(b.p99Ms),
        p99_goal: '<= 50 ms',
        errors: p.errors,
        bare_errors: b.errors,
      });
    }
    return rows;
  } finally {
    await bare.stop();
    await product.stop();
  }
}

/** Resident set size of a process, in KiB, from /proc (Linux). */
export const rssKiB = (pid: number) => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** Samples RSS until two samples 250 ms apart differ by under 0.5 % (or 5 s pass): the process has settled. */
export async function settledRss(pid: number): Promise<number> {
  let last = rssKiB(pid);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = rssKiB(pid);
    if (Math.abs(now - last) / last < 0.005) return now;
    last = now;
  }
  return last;
}

interface OpenStream {
  req: ClientRequest;
  res: IncomingMessage;
}

/** Opens one subscriptions/listen stream (its own connection) and resolves once the server's first frame arrived. */
function openListen(url: URL, id: number, authorization?: string): Promise<OpenStream> {
  const message = mcpPost('modern', 'subscriptions/listen', { notifications: { toolsListChanged: true } }, `listen:${id}`, authorization);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, headers: { ...message.headers, 'content-length': Buffer.byteLength(message.body) } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`subscriptions/listen answered HTTP ${res.statusCode}`));
      res.once('data', () => resolve({ req, res }));
      res.on('data', () => undefined); // keep reading heartbeats: a stalled reader is what backpressure disconnects
    });
    req.on('error', reject);
    req.end(message.body);
  });
}

async function openMany(url: URL, count: number, from: number, authorization?: string): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < count; i += 50) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => openListen(url, from + i + k, authorization)))));
  }
  return streams;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  return points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
}

interface PerStream {
  /** Live memory after GC (V8 heap used + external), KiB per stream: the slope over the steps. */
  heapKib: number;
  /** Resident set, KiB per stream (includes allocator and heap headroom, so noisier). */
  rssKib: number;
  heapPoints: [number, number][];
  rssPoints: [number, number][];
}

async function perStream(server: BenchHttpServer, steps: number[]): Promise<PerStream> {
  const url = new URL(server.url);
  // Warm the code paths of a listen stream (JIT, first allocations) so the baseline is not charged to the first stream.
  for (const s of await openMany(url, 20, 0, server.authorization)) s.req.destroy();
  const sample = async (n: number, heap: [number, number][], rss: [number, number][]) => {
    const memory = await memoryAfterGc(server);
    heap.push([n, (memory.heapUsed + memory.external) / 1024]);
    rss.push([n, await settledRss(server.pid)]);
  };
  const heapPoints: [number, number][] = [];
  const rssPoints: [number, number][] = [];
  await sample(0, heapPoints, rssPoints);
  const open: OpenStream[] = [];
  for (const target of steps) {
    open.push(...(await openMany(url, target - open.length, open.length + 100, server.authorization)));
    await sample(target, heapPoints, rssPoints);
  }
  for (const s of open) s.req.destroy();
  return { heapKib: slope(heapPoints), rssKib: slope(rssPoints), heapPoints, rssPoints };
}

/**
 * Memory per open subscriptions/listen stream (2026-07-28), on the server process's own numbers, at 0 and at each step
 * of open streams (each on its own connection, acknowledged by the server, heartbeats read): live memory after a full
 * GC (heapUsed + external, reported by the server itself through a preloaded SIGUSR2 probe) and VmRSS from
 * /proc/<pid>/status once settled. Per-stream figures are least-squares slopes over the steps, so allocation
 * granularity averages out. The same measure of the bare SDK v2 HTTP server (createMcpHandler) is the baseline.
 */
export async function httpListenMemory(steps = [250, 500, 750, 1000]): Promise<Record<string, unknown>> {
  const product = await productOverFleet(2);
  const bare = await startBareHttp();
  try {
    const p = await perStream(product.server, steps);
    const b = await perStream(bare, steps);
    const table = (points: [number, number][]) => Object.fromEntries(points.map(([n, kib]) => [n, Math.round(kib)]));
    return {
      name: `memory per open subscriptions/listen stream, 2026-07-28, slope over ${steps.join('/')} streams, auth ${BENCH_AUTH}`,
      heap_kib_per_stream: round(p.heapKib, 1),
      bare_heap_kib_per_stream: round(b.heapKib, 1),
      heap_ratio: round(p.heapKib / b.heapKib),
      rss_kib_per_stream: round(p.rssKib, 1),
      bare_rss_kib_per_stream: round(b.rssKib, 1),
      goal: '<= 50 KB per stream',
      heap_kib_at_streams: table(p.heapPoints),
      rss_kib_at_streams: table(p.rssPoints),
    };
  } finally {
    await bare.stop();
    await product.stop();
  }
}

/** Sanity: one device_list answer from the product, so a broken setup fails loudly instead of measuring errors. */
async function probeDeviceList(server: BenchHttpServer): Promise<void> {
  const agent = new Agent({ keepAlive: false });
  const { status, text } = await post(agent, new URL(server.url), mcpPost('modern', 'tools/call', { name: 'device_list', arguments: {} }, 1, server.authorization));
  if (status !== 200 || !text.includes('"structuredContent"')) throw new Error(`device_list over HTTP answered ${status}: ${text.slice(0, 500)}`);
}
