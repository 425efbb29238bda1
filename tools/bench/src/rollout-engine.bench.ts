import { AdminServices, buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { RolloutHealthSampler } from '@routeros-mcp/application-use-cases';
import { dnsNtpTopic, PlanTopic } from '@routeros-mcp/domain-plans';
import type { Plan } from '@routeros-mcp/domain-plans';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { enrollSimLines } from './enroll-sim';
import { median, startSim } from './sim-process';

const model = { id: 'bench-model', via: 'stdio' };
const approver = { id: 'os:bench', via: 'admin-cli' };

/**
 * The rollout engine's overhead: a dns_ntp plan over `devices` simulated devices in batches of `batchSize`, no pause,
 * from `executing` to `completed` (its commits, scheduling, health gates), against the same work made directly in
 * the same run: per batch, the batch's device changes through the change pipeline at once, then the gate's samples
 * of those devices at once; the baseline is the sum of those per-batch times. Rounds alternate the two.
 * BENCH_DATABASE_URL (an empty PostgreSQL database) measures it on PostgreSQL instead of SQLite.
 */
export async function rolloutEngine(devices = 50, batchSize = 10, rounds = 5, latencyMs = 10): Promise<Record<string, unknown>> {
  const databaseUrl = process.env['BENCH_DATABASE_URL'] ? { ROUTEROS_MCP_DATABASE_URL: process.env['BENCH_DATABASE_URL'] } : {};
  const sim = await startSim(devices, ['--profile', 'chr']);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bench-rollout-')), 'data');
  try {
    await enrollSimLines(dataDir, sim.lines, 'bench');
    const config = readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ...databaseUrl } });
    const admin = (await buildContainer(config)).get(AdminServices);
    const container = await buildContainer(config, { migrate: false });
    const services = container.get(ServerServices);
    const sampler = container.get(RolloutHealthSampler);
    const ids = sim.lines.map((_l, i) => `dev-${i}`);
    try {
      for (const id of ids) await services.devices.update(approver, id, { capabilities: { allow_advanced_writes: true, allow_professional_workflows: true } });
      await Promise.all(ids.map((_id, i) => fetch(`${sim.control}/devices/${i}/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs }) })));
      const batches = Array.from({ length: Math.ceil(devices / batchSize) }, (_, b) => ids.slice(b * batchSize, (b + 1) * batchSize));
      const topic = dnsNtpTopic as PlanTopic;

      /** The same device work the rollout does, made directly: per batch, every change at once, then every sample. */
      const direct = async (servers: string[]) => {
        const input = topic.parse({ dns: { servers } });
        let total = 0;
        for (const batch of batches) {
          let t = performance.now();
          await Promise.all(batch.map((deviceId) => services.changes.run({ principal: model, correlationId: 'bench', environment: 'lab', deviceId, tool: topic.tool, tier: 'professional', planner: topic.planner, input, dryRun: false })));
          total += performance.now() - t;
          t = performance.now();
          const samples = await Promise.all(batch.map((deviceId) => sampler.sample(deviceId, topic, input)));
          if (samples.some((s) => !s.reachable || s.checks.some((c) => !c.ok))) throw new Error('a direct sample failed');
          total += performance.now() - t;
        }
        return total;
      };

      /** A plan created, approved and applied; timed from its `executing` transition to `completed`, both as committed. */
      const rollout = async (servers: string[]) => {
        const created = await services.plans.create('dns_ntp', { devices: ids, change: { dns: { servers } }, rollout: { canarySize: batchSize, batchSize, pauseSeconds: 0 } }, model);
        await admin.plans.approve(created.id, approver);
        const finished = new Promise<void>((resolve) => {
          const off = services.events.subscribe('plan.changed', (e) => {
            if (e.planId === created.id && e.status !== 'executing') {
              off();
              resolve();
            }
          });
        });
        await services.plans.apply(created.id, model);
        await finished;
        const plan: Plan = await services.plans.get(created.id);
        if (plan.status !== 'completed') throw new Error(`the rollout ended ${plan.status}: ${plan.failureReason}`);
        const at = (to: string) => plan.transitions.find((t) => t.to === to)!.at.getTime();
        return at('completed') - at('executing');
      };

      await direct(['192.0.2.1']);
      await rollout(['192.0.2.2']);
      const engine: number[] = [];
      const baseline: number[] = [];
      for (let r = 0; r < rounds; r++) {
        baseline.push(await direct([`198.51.100.${2 * r + 1}`]));
        engine.push(await rollout([`198.51.100.${2 * r + 2}`]));
      }
      const e = median(engine);
      const b = median(baseline);
      return {
        name: `rollout engine: ${devices} devices in batches of ${batchSize}, no pause (${latencyMs} ms device latency, ${databaseUrl.ROUTEROS_MCP_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}), executing→completed vs the sum of per-batch direct changes and gate samples`,
        rollout_p50_ms: Math.round(e),
        per_batch_device_sum_p50_ms: Math.round(b),
        ratio: +(e / b).toFixed(2),
        rounds_ms: engine.map((ms, r) => `${Math.round(ms)}/${Math.round(baseline[r])}`).join(' '),
        goal: 'ratio <= 1.3',
      };
    } finally {
      await services.close();
      await admin.close();
    }
  } finally {
    await stopChild(sim.child);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
}
