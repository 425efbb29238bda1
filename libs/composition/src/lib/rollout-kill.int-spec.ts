import type { AuditEvent, Principal } from '@routeros-mcp/application-ports';
import { AuditLog } from '@routeros-mcp/application-ports';
import { loadConfig } from '@routeros-mcp/config';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import type { Plan, PlanStatus } from '@routeros-mcp/domain-plans';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Container } from 'inversify';
import { AdminServices, buildContainer, ServerServices } from '../index';

const USER = { name: 'admin', password: 'sim-pw' };
const WORKSPACE = join(__dirname, '..', '..', '..', '..');
const operator: Principal = { id: 'spec-operator', via: 'admin-cli' };
const model: Principal = { id: 'model', via: 'stdio' };
const approver: Principal = { id: 'os:alice', via: 'admin-cli' };
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true };
const DEVICES = 10;
const ids = Array.from({ length: DEVICES }, (_, i) => `r${i}`);
const TERMINAL: readonly PlanStatus[] = ['completed', 'failed', 'cancelled', 'rolled_back'];

/** A server process (the built libraries) that runs every plan it can lead, with periodic crash recovery of changes. */
const CHILD = `
const { buildContainer, ServerServices } = require('@routeros-mcp/composition');
const { loadConfig } = require('@routeros-mcp/config');
(async () => {
  const services = (await buildContainer(loadConfig({ env: process.env, homeDir: '/nonexistent' }), { changeRecovery: 'periodic' })).get(ServerServices);
  process.on('SIGTERM', () => services.close().then(() => process.exit(0)));
  process.stderr.write('runner child ready\\n');
})().catch((e) => process.stderr.write('runner child failed: ' + e.message + '\\n'));
`;

async function waitFor<T>(read: () => Promise<T | undefined>, what: () => string, timeoutMs = 120_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what()}`);
    await new Promise((next) => setTimeout(next, everyMs));
  }
}

describe('a rollout killed with SIGKILL at distinct points resumes in a fresh process (10 simulated devices, SQLite)', () => {
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let admin: AdminServices;
  let server: ServerServices;
  let container: Container;
  const children = new Set<ChildProcess>();
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'info' });

  const dnsOf = async (i: number) => ((await simControl(fleet, 'GET', `/devices/${i}/state`)).config['ip/dns'][0] as Record<string, string>)['servers'];
  const fault = (i: number, faults: Record<string, unknown>) => simControl(fleet, 'PUT', `/devices/${i}/faults`, faults);

  /** Starts a runner process; answers it and its log so far. */
  function runner(): { child: ChildProcess; log: () => string; exited: Promise<unknown> } {
    const child = spawn(process.execPath, ['-e', CHILD], {
      cwd: WORKSPACE,
      env: { PATH: process.env['PATH']!, ...env(), ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000', ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    let log = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve)).finally(() => children.delete(child));
    return { child, log: () => log, exited };
  }

  async function apply(dns: string, rollout: Record<string, unknown>): Promise<Plan> {
    const plan = await server.plans.create('dns_ntp', { devices: ids, change: { dns: { servers: [dns] } }, rollout: { canarySize: 1, batchSize: 3, pauseSeconds: 0, ...rollout } }, model);
    await admin.plans.approve(plan.id, approver);
    // This process does not run plans (runPlans: false): the child does.
    return server.plans.apply(plan.id, model);
  }

  const records = async (): Promise<ChangeRecord[]> => (await Promise.all(ids.map((deviceId) => admin.changes.list({ deviceId, limit: 500 })))).flat();
  const ofPlan = (all: ChangeRecord[], planId: string) => all.filter((r) => r.authority.kind === 'approved_plan' && r.authority.planId === planId);

  /**
   * Runs the plan in a child until `reached` (read from the database) holds, then SIGKILLs it. With `freeze`, the child
   * is stopped (SIGSTOP) first and the point read again: only a point that still holds is killed at, else it goes on.
   */
  async function killWhen(planId: string, reached: () => Promise<boolean>, freeze = false): Promise<void> {
    const { child, log, exited } = runner();
    await waitFor(async () => {
      if (/runner child failed/.test(log())) throw new Error(log());
      if (!(await reached())) return undefined;
      if (!freeze) return true;
      child.kill('SIGSTOP');
      if (await reached()) return true;
      child.kill('SIGCONT');
      return undefined;
    }, () => `plan ${planId} to reach the kill point (child log: ${log().slice(-2000)})`, 120_000, freeze ? 2 : 50);
    child.kill('SIGKILL');
    await exited;
    expect(log()).toMatch(/runner child ready/);
    expect(log()).not.toMatch(new RegExp(`plan run ended.*${planId}|${planId}.*plan run ended`));
  }

  /** A fresh process resumes the plan to its end; it is then stopped (SIGTERM, a clean close). */
  async function resume(planId: string): Promise<Plan> {
    const { child, log, exited } = runner();
    await waitFor(async () => (new RegExp(`plan run ended.*${planId}|${planId}.*plan run ended`).test(log()) ? true : undefined), () => `plan ${planId} to end in the fresh process (log: ${log().slice(-3000)})`, 180_000);
    child.kill('SIGTERM');
    await exited;
    const plan = await server.plans.get(planId);
    expect(TERMINAL).toContain(plan.status);
    return plan;
  }

  /** Every device as the plan's record says; no step applied (or undone) twice; every settled change audited. */
  async function checkInvariants(plan: Plan, planned: string, before: string[]): Promise<void> {
    for (const [i, step] of plan.steps.entries()) {
      expect(step.deviceId).toBe(`r${i}`);
      expect([step.status, await dnsOf(i)]).toEqual([step.status, step.status === 'succeeded' ? planned : before[i]]);
    }
    const mine = ofPlan(await records(), plan.id);
    for (const step of plan.steps) {
      const made = mine.filter((r) => r.authority.kind === 'approved_plan' && r.authority.stepId === step.id);
      const applied = made.filter((r) => !r.revertOf && (r.status === 'verified' || (r.status === 'reverted' && r.revertedBy)));
      const undone = made.filter((r) => r.revertOf && r.status === 'verified');
      expect(applied.length).toBeLessThanOrEqual(1);
      expect(undone.length).toBeLessThanOrEqual(1);
      if (step.status === 'succeeded') expect(applied.map((r) => r.id)).toEqual([step.changeId]);
      // A rolled-back step's change was undone once by its own recorded undo (or it had changed nothing).
      if (step.status === 'rolled_back') expect([undone.length, applied.every((r) => r.status === 'reverted' && r.revertedBy === step.rollbackChangeId)]).toEqual([applied.length, true]);
      if (step.status === 'skipped') expect(made).toEqual([]);
    }
    // No audit event lost: every change of the plan that ended has its record in the audit log (applied, undone or recovered).
    const audit = container.get<AuditLog>(AuditLog);
    const events: AuditEvent[] = (await Promise.all(['change.apply', 'change.revert', 'change.recover'].map((action) => audit.list({ action, limit: 1000 })))).flat();
    const audited = new Set(events.map((e) => e.arguments?.['change_id']));
    for (const record of mine) expect([record.id, record.status, audited.has(record.id)]).toEqual([record.id, record.status, true]);
    // change.apply with a verified outcome: once per device for this plan.
    const verifiedApplies = events.filter((e) => e.action === 'change.apply' && e.planId === plan.id && e.arguments?.['status'] === 'verified');
    const perDevice = new Map<string, number>();
    for (const e of verifiedApplies) perDevice.set(e.deviceId!, (perDevice.get(e.deviceId!) ?? 0) + 1);
    for (const count of perDevice.values()) expect(count).toBe(1);
  }

  beforeAll(async () => {
    fleet = await startFleet({ devices: DEVICES, profile: 'home', version: '7.20.5', users: [{ ...USER, group: 'full' }] });
    dir = tempDir();
    const logStream = new PassThrough();
    logStream.resume();
    const config = loadConfig({ env: env(), homeDir: '/nonexistent' });
    admin = (await buildContainer(config, { logStream })).get(AdminServices);
    container = await buildContainer(config, { logStream, migrate: false, runPlans: false });
    server = container.get(ServerServices);
    for (const device of fleet.devices) await admin.devices.enroll(operator, ...enrollmentOf(device, `r${device.index}`, USER, { capabilities: FULL }));
  }, 180_000);
  afterEach(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (let i = 0; i < DEVICES; i++) await simControl(fleet, 'DELETE', `/devices/${i}/faults`);
  });
  afterAll(async () => {
    await server?.close();
    await admin?.close();
    await fleet?.stop();
    dir?.remove();
  });

  const stepsOf = (planId: string) => server.plans.get(planId).then((p) => p.steps);

  it('before a step: committed running, its change not yet recorded (a slow device reads before it records)', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    await fault(2, { latencyMs: 1500 });
    const plan = await apply('192.0.2.81', {});
    await killWhen(plan.id, async () => {
      const step = (await stepsOf(plan.id))[2];
      return step.status === 'running' && !(await admin.changes.get(step.changeId!).catch(() => undefined));
    }, true);
    await simControl(fleet, 'DELETE', '/devices/2/faults');
    const done = await resume(plan.id);
    expect(done.status).toBe('completed');
    await checkInvariants(done, '192.0.2.81', before);
  }, 300_000);

  it('mid-write: the device holds the write; crash recovery settles the change, the step runs again under a new id', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    await fault(4, { latencyMs: 2000 });
    const plan = await apply('192.0.2.82', {});
    let first: string | undefined;
    await killWhen(plan.id, async () => {
      const step = (await stepsOf(plan.id))[4];
      first = step.changeId;
      return step.status === 'running' && (await admin.changes.get(step.changeId!).catch(() => undefined))?.status === 'applying';
    });
    await simControl(fleet, 'DELETE', '/devices/4/faults');
    const done = await resume(plan.id);
    expect(done.status).toBe('completed');
    expect(done.steps[4].changeId).not.toBe(first);
    expect((await admin.changes.get(first!)).status).toMatch(/reverted|failed/);
    await checkInvariants(done, '192.0.2.82', before);
  }, 300_000);

  it('after a step, before its commit: the change verified, the step still running', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    const plan = await apply('192.0.2.83', {});
    let caught: string | undefined;
    await killWhen(plan.id, async () => {
      const steps = await stepsOf(plan.id);
      for (const step of steps.filter((s) => s.status === 'running' && s.changeId)) {
        if ((await admin.changes.get(step.changeId!).catch(() => undefined))?.status === 'verified') return Boolean((caught = step.id));
      }
      return false;
    }, true);
    const done = await resume(plan.id);
    expect(done.status).toBe('completed');
    const log = done.executionLog.find((e) => e.stepId === caught)!;
    expect(log.message).toMatch(/found after a restart/);
    await checkInvariants(done, '192.0.2.83', before);
  }, 300_000);

  it('between batches: the gate recorded, in the pause', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    const plan = await apply('192.0.2.84', { pauseSeconds: 3 });
    await killWhen(plan.id, async () => (await server.plans.get(plan.id)).executionLog.some((e) => e.kind === 'gate' && e.batch === 1));
    const done = await resume(plan.id);
    expect(done.status).toBe('completed');
    // The gate of batch 2 was taken once, before the kill.
    expect(done.executionLog.filter((e) => e.kind === 'gate' && e.batch === 1)).toHaveLength(1);
    await checkInvariants(done, '192.0.2.84', before);
  }, 300_000);

  it('mid-rollback: a failed gate in batch 2 rolls back; killed after the first device was restored', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    await fault(5, { cpuLoadPercent: 99 });
    await fault(3, { latencyMs: 800 });
    const plan = await apply('192.0.2.85', { health: { maxCpuPercent: 80 } });
    await killWhen(plan.id, async () => (await server.plans.get(plan.id)).executionLog.some((e) => e.kind === 'rollback'));
    const done = await resume(plan.id);
    expect(done.status).toBe('rolled_back');
    expect(done.steps.map((s) => s.status)).toEqual([...Array(7).fill('rolled_back'), 'skipped', 'skipped', 'skipped']);
    await checkInvariants(done, '192.0.2.85', before);
  }, 300_000);
});
