import { RestRouterOsApi } from '@routeros-mcp/adapters-routeros-rest';
import type { DeviceTarget, Logger } from '@routeros-mcp/application-ports';
import { buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { systemIdentityPlanner } from '@routeros-mcp/domain-changes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { enrollSimLines } from './enroll-sim';
import { median, startSim } from './sim-process';
import { snapshotSettled } from './snapshot-settle';

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };

/**
 * `system_set_identity` applied and verified through the change pipeline (authorize, lock, read, propose, rules,
 * record, write, re-read over a fresh TLS session, audit) against the same read, write and re-read made directly
 * through the REST adapter, interleaved in one run at an injected device latency. Measured spaced (the config
 * snapshot after the last change settled, as between an operator's changes) and back to back (each change then
 * exports the configuration over SSH before its first write: the price of config history).
 */
export async function changePipeline(samples = 40, latencyMs = 10): Promise<Record<string, unknown>> {
  const sim = await startSim(1, ['--profile', 'chr']);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bench-change-')), 'data');
  const line = sim.lines[0];
  try {
    await enrollSimLines(dataDir, [line], 'bench');
    const container = await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }));
    const services = container.get(ServerServices);
    const principal = { id: 'bench', via: 'bench' };
    await services.devices.update(principal, 'dev-0', { capabilities: { allow_advanced_writes: true } });
    await fetch(`${sim.control}/devices/0/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs }) });
    const url = new URL(line.rest_url);
    const target: DeviceTarget = { deviceId: 'direct', host: url.hostname, restPort: Number(url.port), sshPort: line.ssh_port, tlsFingerprint: line.tls_fingerprint_sha256, username: 'admin', password: 'admin' };
    const api = new RestRouterOsApi(quiet);
    const viaPipeline = (name: string) =>
      services.changes.run({ principal, correlationId: 'bench', environment: 'lab', deviceId: 'dev-0', tool: 'system_set_identity', planner: systemIdentityPlanner, input: { name }, dryRun: false });
    const direct = async (name: string) => {
      await api.getSingleton(target, 'system/identity');
      await api.setSingleton(target, 'system/identity', { name });
      if ((await api.getSingleton(target, 'system/identity'))['name'] !== name) throw new Error('direct write did not hold');
    };
    try {
      for (let i = 0; i < 5; i++) {
        await viaPipeline(`warm-p${i}`);
        await direct(`warm-d${i}`);
      }
      const pipeline: number[] = [];
      const backToBack: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < samples; i++) {
        // Spaced as an operator's changes are: the config snapshot after the last change (here the direct one's, seen
        // by a settling change) is in, so the change exports nothing before its first write.
        const since = Date.now();
        await viaPipeline(`s${i}`);
        await snapshotSettled(services, 'dev-0', since);
        let t = performance.now();
        const result = await viaPipeline(`p${i}`);
        if (result.verification.status !== 'verified') throw new Error('pipeline change not verified');
        pipeline.push(performance.now() - t);
        // Back to back: the snapshot after the last change is not in yet, so this change exports first (SSH).
        t = performance.now();
        await viaPipeline(`b${i}`);
        backToBack.push(performance.now() - t);
        await snapshotSettled(services, 'dev-0', Date.now());
        t = performance.now();
        await direct(`d${i}`);
        plain.push(performance.now() - t);
      }
      const p = median(pipeline);
      const b = median(backToBack);
      const d = median(plain);
      return {
        name: `system_set_identity through the change pipeline vs direct read/write/re-read (${latencyMs} ms device latency, SQLite)`,
        pipeline_p50_ms: +p.toFixed(1), direct_p50_ms: +d.toFixed(1), ratio: +(p / d).toFixed(2), goal: 'ratio <= 1.5',
        back_to_back_p50_ms: +b.toFixed(1), back_to_back_ratio: +(b / d).toFixed(2),
      };
    } finally {
      await api.close();
      await services.close();
    }
  } finally {
    await stopChild(sim.child);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
}
