import { simRestThroughput } from './sim-rest-throughput.bench';
import { simScale } from './sim-scale.bench';
import { simFleetStart } from './sim-fleet-start.bench';
import { httpOverview } from './http-overview.bench';
import { adapterFanOut, adapterLatency } from './adapter-latency.bench';
import { sshAdapterLatency } from './ssh-adapter.bench';
import { mcpColdStart, mcpFirstCall, mcpFleetHealth, mcpOverview } from './mcp-server.bench';
import { robustness } from './robustness/robustness';
import { managementPath } from './management-path.bench';
import { changePipeline } from './change-pipeline.bench';
import { menuChange, menuDescribe } from './menu-tools.bench';
import { rolloutEngine } from './rollout-engine.bench';
import { httpDeviceList, httpListenMemory } from './http-server.bench';
import { consolePlanPage } from './console-plan-page.bench';
import { RunRecorder } from './results/record-run';
import { auditChain } from './audit-chain.bench';
import { soakRows } from './soak.bench';

const PARTS = ['sim-rest', 'adapter', 'ssh', 'mcp', 'mcp-overview', 'mcp-fleet', 'mcp-cold', 'mcp-first-call', 'robustness', 'management-path', 'change-pipeline', 'menu-describe', 'menu-change', 'rollout', 'http', 'http-load', 'http-listen', 'http-overview', 'console', 'audit-chain', 'sim-scale', 'sim-start', 'soak'];

/**
 * Runs every benchmark (or the part named first) and prints one JSON line each: results are ratios against baselines
 * from the same run. With `--record` the run is also written to tools/bench/results/latest.json and its table into
 * the README, which a workspace check holds to that file: the README's figures are generated, never typed.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // Parts to run, by name (`mcp-cold management-path`, or `mcp-cold,management-path`); none: every part.
  const parts = args.filter((a) => !a.startsWith('--')).flatMap((a) => a.split(',')).filter(Boolean);
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`unknown benchmark part(s) ${unknown.join(', ')}; known: ${PARTS.join(', ')}`);
  const wants = (...names: string[]) => parts.length === 0 || names.some((n) => parts.includes(n));
  const recorder = args.includes('--record') ? new RunRecorder(parts.length ? parts.join(' ') : 'all') : undefined;
  const emit = (line: Record<string, unknown>) => {
    recorder?.add(line);
    process.stdout.write(JSON.stringify(line) + '\n');
  };
  if (wants('sim-rest')) emit(await simRestThroughput());
  if (wants('adapter')) {
    // Loopback first, then the goal's row: a device 2 ms away (the simulator's latency fault).
    emit(await adapterLatency());
    emit(await adapterLatency(1000, 2));
    emit(await adapterFanOut());
  }
  if (wants('ssh')) emit(await sshAdapterLatency());
  const mcp = (part: string) => wants('mcp', `mcp-${part}`);
  // One row per protocol revision.
  const rows = (lines: Record<string, unknown>[]) => lines.forEach(emit);
  if (mcp('overview')) rows(await mcpOverview());
  if (mcp('fleet')) rows(await mcpFleetHealth());
  if (mcp('cold')) rows(await mcpColdStart());
  if (mcp('first-call')) rows(await mcpFirstCall());
  if (parts.includes('robustness')) await robustness(); // on demand only: it takes minutes and checks invariants, not ratios
  if (wants('management-path')) emit(await managementPath());
  if (wants('change-pipeline')) emit(await changePipeline());
  if (wants('menu-describe')) emit(await menuDescribe());
  if (wants('menu-change')) for (const line of await menuChange()) emit(line);
  if (wants('rollout')) emit(await rolloutEngine());
  if (wants('http', 'http-load')) rows(await httpDeviceList(Number(process.env['BENCH_HTTP_CLIENTS'] ?? 64))); // BENCH_HTTP_CLIENTS: another load (latency at lower concurrency)
  if (wants('http', 'http-listen')) emit(await httpListenMemory());
  if (wants('http', 'http-overview')) rows(await httpOverview());
  if (wants('console')) emit(await consolePlanPage());
  if (wants('audit-chain')) rows(await auditChain());
  if (wants('sim-scale')) for (const line of await simScale()) emit(line);
  if (wants('sim-start')) for (const line of await simFleetStart()) emit(line);
  // The one-hour soak (issue 26): BENCH_SOAK_SECONDS shortens it, BENCH_SOAK_CLIENTS (16) sets the load; its CI version is test/soak.e2e-spec.ts.
  if (wants('soak')) rows(await soakRows({ seconds: Number(process.env['BENCH_SOAK_SECONDS'] ?? 3600), windowSeconds: Number(process.env['BENCH_SOAK_WINDOW_SECONDS'] ?? 60), clients: Number(process.env['BENCH_SOAK_CLIENTS'] ?? 16), devices: 20 }));
  recorder?.save();
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
