import { AdminServices, buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { EraClient } from './era-client';
import { connectStdio, enrollWriters, killServer, serviceReader } from './fleet-setup';

/*
 * kill -9 of the real stdio server during a 20-device rollout it was asked for over MCP (plan_dns_ntp, plan_apply; the
 * approval out of band through the plan service, as routeros-mcp-admin does), then a new server on the same data
 * directory: it finishes the rollout by itself. Every device ends as the plan's record says, no step is applied twice,
 * and no audit record is lost. libs/composition's rollout-kill.int-spec.ts covers ten kill points in the runner.
 */
const dir = tempDir('rollout-kill-e2e-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true };
const DEVICES = Array.from({ length: 20 }, (_, i) => `k${i}`);
const operator = { id: 'os:e2e-operator', via: 'admin-cli' as const };
/** The server's own settings (change lock lease and recovery as deployed): only the log level is quieter. */
const ENV = { ROUTEROS_MCP_LOG_LEVEL: 'warn' };
let fleet: Fleet;
let admin: AdminServices;
let reader: ServerServices;

beforeAll(async () => {
  fleet = await startFleet({ devices: DEVICES.length, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], DEVICES.map((id, i) => ({ id, device: fleet.devices[i], environment: 'lab' as const, capabilities: FULL })));
  const config = readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } });
  admin = (await buildContainer(config, { logStream: new PassThrough() })).get(AdminServices);
  // Reads plans and the audit log; runs no plans and recovers nothing (the servers under test do).
  reader = await serviceReader(dataDir);
}, 300_000);
afterEach(async () => {
  for (let i = 0; i < DEVICES.length; i++) await simControl(fleet, 'DELETE', `/devices/${i}/faults`);
});
afterAll(async () => {
  await reader?.close();
  await admin?.close();
  await fleet?.stop();
  dir.remove();
});

const dnsOf = async (i: number) => ((await simControl(fleet, 'GET', `/devices/${i}/state`)).config['ip/dns'][0] as Record<string, string>)['servers'];
const fault = (i: number, faults: Record<string, unknown>) => simControl(fleet, 'PUT', `/devices/${i}/faults`, faults);


/** Planned over MCP, approved out of band, applied over MCP: answers the plan id (the plan `executing`). */
async function startRollout(client: EraClient, dns: string): Promise<string> {
  const plan = (await client.callTool('plan_dns_ntp', { devices: DEVICES, dns_servers: [dns], rollout: { canary_size: 1, batch_size: 5, pause_seconds: 0 } })).structuredContent;
  await admin.plans.approve(plan.plan_id, operator);
  const applied = (await client.callTool('plan_apply', { plan_id: plan.plan_id })).structuredContent;
  expect(applied).toMatchObject({ plan_id: plan.plan_id, status: 'executing' });
  return plan.plan_id;
}

/** A new server on the same data: the rollout ends in it, by itself (plan_status over MCP until it is no longer running). */
async function restartAndFinish(planId: string): Promise<string> {
  const client = await connectStdio(dataDir, ENV);
  try {
    return await waitFor(async () => {
      const status = (await client.callTool('plan_status', { plan_id: planId })).structuredContent.status as string;
      return ['executing', 'rolling_back'].includes(status) ? undefined : status;
    }, `plan ${planId} to end in the restarted server`, 400_000, 500);
  } finally {
    await client.close();
  }
}

/** Devices as the record says; one applied change per step; every change and plan action audited. */
async function checkInvariants(planId: string, planned: string, before: string[]): Promise<void> {
  const plan = await reader.plans.get(planId);
  const records = (await Promise.all(DEVICES.map((deviceId) => admin.changes.list({ deviceId, limit: 500 })))).flat().filter((r) => r.authority.kind === 'approved_plan' && r.authority.planId === planId);
  for (const [i, step] of plan.steps.entries()) {
    expect([step.deviceId, step.status, await dnsOf(i)]).toEqual([DEVICES[i], 'succeeded', planned]);
    const made = records.filter((r) => r.authority.kind === 'approved_plan' && r.authority.stepId === step.id);
    expect(made.filter((r) => !['verified', 'reverted', 'failed'].includes(r.status))).toEqual([]);
    expect([step.deviceId, made.filter((r) => r.status === 'verified').map((r) => r.id)]).toEqual([step.deviceId, [step.changeId]]);
  }
  expect(before.every((value) => value !== planned)).toBe(true);
  const events = (await Promise.all(['change.apply', 'change.recover', 'plan.create', 'plan.approve', 'plan.apply'].map((action) => reader.audit.recent({ action, limit: 5000 })))).flat();
  const audited = new Set(events.map((e) => e.arguments?.['change_id']));
  for (const record of records) expect([record.id, audited.has(record.id)]).toEqual([record.id, true]);
  // Each change's own record (committed with it before its first write), settled: none left `started`.
  for (const record of records) {
    const own = events.filter((e) => e.action === 'change.apply' && e.arguments?.['change_id'] === record.id).map((e) => e.outcome);
    expect([record.id, own.length, own.filter((outcome) => outcome === 'started')]).toEqual([record.id, 1, []]);
  }
  for (const action of ['plan.create', 'plan.approve', 'plan.apply']) expect([action, events.filter((e) => e.action === action && e.planId === planId && e.outcome === 'success').length]).toEqual([action, 1]);
  const verified = events.filter((e) => e.action === 'change.apply' && e.planId === planId && e.arguments?.['status'] === 'verified');
  expect(verified.map((e) => e.deviceId).sort()).toEqual([...DEVICES].sort());
  expect(plan.transitions.at(-1)?.to).toBe('completed');
}

describe('the stdio server killed with SIGKILL mid-rollout, then started again (20 simulated devices)', () => {
  it('right after plan_apply answered executing (the canary held by a slow device): the new server rolls out all 20', async () => {
    const before = await Promise.all(DEVICES.map((_d, i) => dnsOf(i)));
    await fault(0, { latencyMs: 1500 });
    const client = await connectStdio(dataDir, ENV);
    const planId = await startRollout(client, '192.0.2.201');
    await killServer(client, 180_000);
    const killed = await reader.plans.get(planId);
    expect(killed.status).toBe('executing');
    expect(killed.steps.slice(1).every((s) => s.status === 'pending')).toBe(true);
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    expect(await restartAndFinish(planId)).toBe('completed');
    await checkInvariants(planId, '192.0.2.201', before);
  }, 600_000);

  it('mid-write in the second batch (the device holds the write): the new server recovers the change and finishes the rollout', async () => {
    const before = await Promise.all(DEVICES.map((_d, i) => dnsOf(i)));
    await fault(3, { latencyMs: 2000 });
    const client = await connectStdio(dataDir, ENV);
    const planId = await startRollout(client, '192.0.2.202');
    const first = await waitFor(async () => {
      const step = (await reader.plans.get(planId)).steps[3];
      const record = step.changeId ? await admin.changes.get(step.changeId).catch(() => undefined) : undefined;
      return step.status === 'running' && record?.status === 'applying' ? step.changeId : undefined;
    }, 'k3 mid-write', 180_000);
    await killServer(client, 180_000);
    // Right after the kill: the change in flight has its own audit record, `started`.
    const left = (await reader.audit.recent({ action: 'change.apply', limit: 5000 })).filter((e) => e.arguments?.['change_id'] === first);
    expect(left.map((e) => e.outcome)).toEqual(['started']);
    await simControl(fleet, 'DELETE', '/devices/3/faults');
    expect(await restartAndFinish(planId)).toBe('completed');
    const plan = await reader.plans.get(planId);
    expect(plan.steps[3].changeId).not.toBe(first);
    expect((await admin.changes.get(first!)).status).toMatch(/reverted|failed/);
    await checkInvariants(planId, '192.0.2.202', before);
  }, 600_000);
});
