import { simRestThroughput } from './sim-rest-throughput.bench';
import { simScale } from './sim-scale.bench';
import { simFleetStart } from './sim-fleet-start.bench';
import { adapterFanOut, adapterLatency } from './adapter-latency.bench';
import { sshAdapterLatency } from './ssh-adapter.bench';
import { mcpColdStart, mcpFleetHealth, mcpOverview } from './mcp-server.bench';
import { robustness } from './robustness/robustness';
import { managementPath } from './management-path.bench';
import { changePipeline } from './change-pipeline.bench';
import { menuChange, menuDescribe } from './menu-tools.bench';
import { rolloutEngine } from './rollout-engine.bench';
import { httpDeviceList, httpListenMemory } from './http-server.bench';
import { auditChain } from './audit-chain.bench';

/** Runs every benchmark and prints one JSON line each: results are ratios against baselines from the same run. */
async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === 'sim-rest') process.stdout.write(JSON.stringify(await simRestThroughput()) + '\n');
  if (!only || only === 'adapter') {
    // Loopback first, then the goal's row: a device 2 ms away (the simulator's latency fault).
    process.stdout.write(JSON.stringify(await adapterLatency()) + '\n');
    process.stdout.write(JSON.stringify(await adapterLatency(1000, 2)) + '\n');
    process.stdout.write(JSON.stringify(await adapterFanOut()) + '\n');
  }
  if (!only || only === 'ssh') process.stdout.write(JSON.stringify(await sshAdapterLatency()) + '\n');
  const mcp = (part: string) => !only || only === 'mcp' || only === `mcp-${part}`;
  // One row per protocol revision.
  const rows = (lines: Record<string, unknown>[]) => lines.forEach((line) => process.stdout.write(JSON.stringify(line) + '\n'));
  if (mcp('overview')) rows(await mcpOverview());
  if (mcp('fleet')) rows(await mcpFleetHealth());
  if (mcp('cold')) rows(await mcpColdStart());
  if (only === 'robustness') await robustness(); // on demand only: it takes minutes and checks invariants, not ratios
  if (!only || only === 'management-path') process.stdout.write(JSON.stringify(managementPath()) + '\n');
  if (!only || only === 'change-pipeline') process.stdout.write(JSON.stringify(await changePipeline()) + '\n');
  if (!only || only === 'menu-describe') process.stdout.write(JSON.stringify(await menuDescribe()) + '\n');
  if (!only || only === 'menu-change') for (const line of await menuChange()) process.stdout.write(JSON.stringify(line) + '\n');
  if (!only || only === 'rollout') process.stdout.write(JSON.stringify(await rolloutEngine()) + '\n');
  if (!only || only === 'http' || only === 'http-load') rows(await httpDeviceList(Number(process.env['BENCH_HTTP_CLIENTS'] ?? 64))); // BENCH_HTTP_CLIENTS: another load (latency at lower concurrency)
  if (!only || only === 'http' || only === 'http-listen') process.stdout.write(JSON.stringify(await httpListenMemory()) + '\n');
  if (!only || only === 'audit-chain') rows(await auditChain());
  if (!only || only === 'sim-scale') for (const line of await simScale()) process.stdout.write(JSON.stringify(line) + '\n');
  if (!only || only === 'sim-start') for (const line of await simFleetStart()) process.stdout.write(JSON.stringify(line) + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
