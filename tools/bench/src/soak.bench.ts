import { startPostgres } from '@routeros-mcp/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { enrollSimLines } from './enroll-sim';
import type { Era } from './era-clients';
import { rssKiB } from './http-server.bench';
import { BenchHttpServer, startProductHttp } from './http-server-process';
import { mcpPost, post } from './mcp-http-load';
import { startSim } from './sim-process';

/** The mix: reads an operator's assistant makes, weighted towards the per-device ones; the fleet fan-out is rarer. */
const MIX: { tool: string; weight: number; perDevice: boolean }[] = [
  { tool: 'system_get_overview', weight: 4, perDevice: true },
  { tool: 'interface_list', weight: 3, perDevice: true },
  { tool: 'ip_list_addresses', weight: 3, perDevice: true },
  { tool: 'firewall_list_filter_rules', weight: 2, perDevice: true },
  { tool: 'device_list', weight: 2, perDevice: false },
  { tool: 'fleet_get_health_summary', weight: 1, perDevice: false },
];
const WEIGHTS = MIX.flatMap((m) => Array<typeof m>(m.weight).fill(m));

export interface SoakWindow {
  window: number;
  seconds: number;
  calls: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  rss_mb: number[];
}

export interface SoakOptions {
  seconds: number;
  windowSeconds: number;
  clients: number;
  devices: number;
}

const round = (value: number, digits = 1) => +value.toFixed(digits);
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * Issue 26's soak: two replicas of routeros-mcp-http on one PostgreSQL, `clients` clients (half on each replica, both
 * revisions alternating) calling the mix back to back for `seconds`, reported per window: calls, errors, p50/p99 and
 * each replica's RSS, so errors, latency drift and memory growth over time show. A call counts as an error unless it
 * is HTTP 200 with a result that is not isError. Errors are kept (first few texts) so a failing run says why.
 */
export async function soak(options: SoakOptions): Promise<{ windows: SoakWindow[]; errorSamples: string[]; callsByReplica: number[] }> {
  const pg = await startPostgres();
  const sim = await startSim(options.devices);
  const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  const replicas: BenchHttpServer[] = [];
  try {
    const databaseUrl = await pg.createDatabase();
    const dataDir = join(dir, 'data');
    await enrollSimLines(dataDir, sim.lines, 'bench-soak', databaseUrl);
    for (let i = 0; i < 2; i++) replicas.push(await startProductHttp(dataDir, databaseUrl));
    const windows: SoakWindow[] = [];
    const errorSamples: string[] = [];
    const callsByReplica = [0, 0];
    let latencies: number[] = [];
    let errors = 0;
    let windowStart = performance.now();
    const end = windowStart + options.seconds * 1000;
    const closeWindow = () => {
      const now = performance.now();
      const sorted = latencies.sort((a, b) => a - b);
      windows.push({ window: windows.length + 1, seconds: round((now - windowStart) / 1000), calls: sorted.length, errors, p50_ms: round(at(sorted, 0.5)), p99_ms: round(at(sorted, 0.99)), rss_mb: replicas.map((r) => round(rssKiB(r.pid) / 1024)) });
      latencies = [];
      errors = 0;
      windowStart = now;
    };
    const ticker = setInterval(closeWindow, options.windowSeconds * 1000);
    let call = 0;
    await Promise.all(
      Array.from({ length: options.clients }, async (_, client) => {
        const replica = client % 2;
        const server = replicas[replica];
        const era: Era = client % 4 < 2 ? 'modern' : 'legacy';
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const url = new URL(server.url);
        while (performance.now() < end) {
          const n = ++call;
          const { tool, perDevice } = WEIGHTS[n % WEIGHTS.length];
          const t0 = performance.now();
          try {
            const { status, text } = await post(agent, url, mcpPost(era, 'tools/call', { name: tool, arguments: perDevice ? { device_id: `dev-${n % options.devices}` } : {} }, n, server.authorization));
            if (status === 200 && text.includes('"result"') && !text.includes('"isError":true')) {
              latencies.push(performance.now() - t0);
              callsByReplica[replica]++;
            } else if ((errors++, errorSamples.length < 5)) errorSamples.push(`${tool}: HTTP ${status} ${text.slice(0, 300)}`);
          } catch (error) {
            if ((errors++, errorSamples.length < 5)) errorSamples.push(`${tool}: ${(error as Error).message}`);
          }
        }
        agent.destroy();
      }),
    );
    clearInterval(ticker);
    // A trailing stub of a window would stand for the end of the run with too few calls: kept only if half full.
    if (performance.now() - windowStart >= (options.windowSeconds * 1000) / 2 || windows.length === 0) closeWindow();
    return { windows, errorSamples, callsByReplica };
  } finally {
    for (const replica of replicas) await replica.stop();
    await stopChild(sim.child);
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The soak's rows for run-all: one per window and a summary comparing the last window with the first. */
export async function soakRows(options: SoakOptions): Promise<Record<string, unknown>[]> {
  const { windows, errorSamples, callsByReplica } = await soak(options);
  const [first, last] = [windows[0], windows.at(-1)!];
  const calls = windows.reduce((n, w) => n + w.calls, 0);
  const errors = windows.reduce((n, w) => n + w.errors, 0);
  return [
    ...windows.map((w) => ({ name: `soak window ${w.window}`, ...w })),
    {
      name: `soak: mixed reads over HTTP, two replicas on PostgreSQL, ${options.clients} clients, ${options.devices} devices, ${options.seconds} s in ${options.windowSeconds} s windows`,
      calls,
      calls_by_replica: callsByReplica,
      errors,
      error_samples: errorSamples,
      p99_ms_first_window: first.p99_ms,
      p99_ms_last_window: last.p99_ms,
      p99_ms_worst_window: Math.max(...windows.map((w) => w.p99_ms)),
      rss_mb_first_window: first.rss_mb,
      rss_mb_last_window: last.rss_mb,
      goal: 'no errors; p99 and RSS flat from the first window to the last',
    },
  ];
}
