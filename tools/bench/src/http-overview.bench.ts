import { join } from 'node:path';
import { ERAS } from './era-clients';
import { BENCH_AUTH, BENCH_DATABASE_URL, BenchHttpServer, memoryAfterGc, startBareHttp } from './http-server-process';
import { measuredRound, merge, productOverFleet, settledRss } from './http-server.bench';
import { mcpLoad, McpLoadResult } from './mcp-http-load';

const BARE_OVERVIEW = join(__dirname, 'bare-http-overview-server.js');
const round = (value: number, digits = 2) => +value.toFixed(digits);
const TOOL = 'system_get_overview';
/**
 * How long both servers sit without traffic before the settled idle reading: V8's memory reducer shrinks a young
 * generation grown by start-up after about 30 s idle (docs/development.md), which a forced GC does not.
 */
const IDLE_SETTLE_SECONDS = Number(process.env['BENCH_IDLE_SETTLE_SECONDS'] ?? 40);

/** A process's resident set once it stopped moving, in MB. */
const rssMb = async (pid: number) => round((await settledRss(pid)) / 1024, 1);

/** Memory of a server after a full GC: its resident set (settled) and live heap, in MB. */
async function memory(server: BenchHttpServer): Promise<{ rss_mb: number; heap_mb: number }> {
  const live = await memoryAfterGc(server);
  return { rss_mb: await rssMb(server.pid), heap_mb: round((live.heapUsed + live.external) / 1024 / 1024, 1) };
}

/**
 * system_get_overview over HTTP (issue 26): the product against an equivalent bare SDK v2 server (the same three reads
 * of the same simulated devices, nothing else), at each client count and revision, in alternating rounds; then both
 * servers' memory idle and after BENCH_HTTP_CALLS calls in total (default 10,000 and 100,000), each after a full GC,
 * so growth between the steps shows a leak. Calls spread over `devices` devices, one keep-alive connection per client.
 */
export async function httpOverview(clientCounts = [16, 64], roundSeconds = 5, rounds = 2, devices = 20): Promise<Record<string, unknown>[]> {
  const product = await productOverFleet(devices);
  const bare = await startBareHttp(BARE_OVERVIEW, { BENCH_SIM_LINES: JSON.stringify(product.lines) });
  const args = (call: number) => ({ device_id: `dev-${call % devices}` });
  const run = (server: BenchHttpServer, era: (typeof ERAS)[number]['era'], clients: number, options: { seconds?: number; calls?: number }): Promise<McpLoadResult> =>
    mcpLoad(server.url, era, TOOL, { clients, ...options, authorization: server.authorization, args });
  try {
    const idle = { product: await memory(product.server), bare: await memory(bare) };
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_SECONDS * 1000));
    const settled = { product: await rssMb(product.server.pid), bare: await rssMb(bare.pid) };
    const rows: Record<string, unknown>[] = [];
    for (const clients of clientCounts) {
      for (const { era, protocol } of ERAS) {
        await run(product.server, era, clients, { seconds: 1 });
        await run(bare, era, clients, { seconds: 1 });
        const measured: { product: (McpLoadResult & { cpuMs: number })[]; bare: (McpLoadResult & { cpuMs: number })[] } = { product: [], bare: [] };
        for (let i = 0; i < rounds; i++) {
          measured.product.push(await measuredRound(product.server, () => run(product.server, era, clients, { seconds: roundSeconds })));
          measured.bare.push(await measuredRound(bare, () => run(bare, era, clients, { seconds: roundSeconds })));
        }
        const p = merge(measured.product);
        const b = merge(measured.bare);
        rows.push({
          name: `${TOOL} over HTTP, ${clients} clients, ${protocol}, auth ${BENCH_AUTH}, ${devices} devices, ${BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
          throughput_ratio: round(p.perSecond / b.perSecond),
          p99_ratio: round(p.p99Ms / b.p99Ms),
          calls_per_s: round(p.perSecond, 0),
          bare_calls_per_s: round(b.perSecond, 0),
          p99_ms: round(p.p99Ms),
          bare_p99_ms: round(b.p99Ms),
          cpu_ms_per_call: round(p.cpuMsPerCall, 2),
          bare_cpu_ms_per_call: round(b.cpuMsPerCall, 2),
          errors: p.errors,
          bare_errors: b.errors,
          goal: 'throughput ratio >= 0.8, p99 ratio <= 1.3',
        });
      }
    }
    // Memory after many calls: the calls made above count towards the first step.
    const steps = (process.env['BENCH_HTTP_CALLS'] ?? '10000,100000').split(',').map(Number);
    const made = { product: 0, bare: 0 };
    const after: Record<string, { product: { rss_mb: number; heap_mb: number }; bare: { rss_mb: number; heap_mb: number } }> = {};
    for (const step of steps) {
      for (const [side, server] of [['product', product.server], ['bare', bare]] as const) {
        const result = await run(server, 'modern', 16, { calls: step - made[side] });
        made[side] += result.calls + result.errors;
      }
      after[step] = { product: await memory(product.server), bare: await memory(bare) };
    }
    const [first, last] = [steps[0], steps.at(-1)!];
    rows.push({
      name: `${TOOL} server memory after a full GC, idle (just started, then after ${IDLE_SETTLE_SECONDS} s without traffic) and after ${steps.join(' and ')} calls`,
      idle_rss_mb: idle.product.rss_mb,
      bare_idle_rss_mb: idle.bare.rss_mb,
      [`idle_rss_mb_after_${IDLE_SETTLE_SECONDS}s`]: settled.product,
      [`bare_idle_rss_mb_after_${IDLE_SETTLE_SECONDS}s`]: settled.bare,
      ...Object.fromEntries(steps.flatMap((s) => [[`rss_mb_after_${s}`, after[s].product.rss_mb], [`bare_rss_mb_after_${s}`, after[s].bare.rss_mb], [`rss_ratio_after_${s}`, round(after[s].product.rss_mb / after[s].bare.rss_mb)]])),
      heap_mb_after_first: after[first].product.heap_mb,
      heap_mb_after_last: after[last].product.heap_mb,
      heap_growth_kb_per_1000_calls: steps.length > 1 ? round(((after[last].product.heap_mb - after[first].product.heap_mb) * 1024 * 1000) / (last - first)) : null,
      goal: 'idle RSS <= 100 MB; RSS <= 1.3x bare after each step; no heap growth between steps',
    });
    return rows;
  } finally {
    await bare.stop();
    await product.stop();
  }
}
