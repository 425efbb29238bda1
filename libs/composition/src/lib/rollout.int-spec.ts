import type { DomainEvent } from '@routeros-mcp/application-ports';
import type { Plan } from '@routeros-mcp/domain-plans';
import { executionLogOf } from '@routeros-mcp/domain-plans';
import { Fleet, simControl } from '@routeros-mcp/testing';
import type { AdminServices, ServerServices } from '../index';
import { approver, model, planEnded, PlanRig, planWhere, startPlanRig } from '../../test/plan-rig';

const FULL = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true };
const DEVICES = 6;
const ids = Array.from({ length: DEVICES }, (_, i) => `r${i}`);

describe('the rollout runner against simulated devices, on SQLite', () => {
  let rig: PlanRig;
  let fleet: Fleet;
  let admin: AdminServices;
  let server: ServerServices;
  const events: DomainEvent[] = [];

  /** The device's configuration as the simulator holds it (read over its control API, not through the service). */
  const config = async (i: number) => (await simControl(fleet, 'GET', `/devices/${i}/state`)).config as Record<string, Record<string, string>[]>;
  const dnsOf = async (i: number) => (await config(i))['ip/dns'][0]['servers'];
  const listOf = async (i: number, list: string) => ((await config(i))['ip/firewall/address-list'] ?? []).filter((r) => r['list'] === list).map((r) => r['address']).sort();
  const fault = (i: number, faults: Record<string, unknown>) => simControl(fleet, 'PUT', `/devices/${i}/faults`, faults);

  const ended = (planId: string) => planEnded(server, planId);

  /** Created by the model, approved by a person at the admin CLI, applied by the model: the runner takes it from there. */
  async function applied(topic: string, change: Record<string, unknown>, rollout: Record<string, unknown>, devices = ids): Promise<Plan> {
    const plan = await server.plans.create(topic, { devices, change, rollout }, model);
    await admin.plans.approve(plan.id, approver);
    return server.plans.apply(plan.id, model);
  }

  /** Every change record the plan's steps made, by step. */
  async function recordsByStep(plan: Plan) {
    const all = (await Promise.all(plan.steps.map((s) => admin.changes.list({ deviceId: s.deviceId, limit: 200 })))).flat();
    return new Map(plan.steps.map((s) => [s.id, all.filter((r) => r.authority.kind === 'approved_plan' && r.authority.planId === plan.id && r.authority.stepId === s.id)]));
  }

  /** The plan's own audit records (not its device changes') as [action, outcome], sorted. */
  const planTrail = async (planId: string) =>
    (await server.audit.recent({ limit: 1000 })).filter((e) => e.planId === planId && e.action.startsWith('plan.')).map((e) => [e.action, e.outcome]).sort();

  beforeAll(async () => {
    rig = await startPlanRig({ fleet: { devices: DEVICES, profile: 'home', version: '7.20.5' }, logLevel: 'info', capabilities: () => FULL });
    ({ fleet, admin, server } = rig);
    server.events.subscribe('plan.progress', (e) => void events.push(e));
    server.events.subscribe('plan.changed', (e) => void events.push(e));
  }, 180_000);
  afterAll(() => rig?.close());
  afterEach(async () => {
    for (let i = 0; i < DEVICES; i++) await simControl(fleet, 'DELETE', `/devices/${i}/faults`);
  });

  it('dns_ntp: canary, then batches; every device applied, verified and read back; progress, log and one change per step', async () => {
    const plan = await applied('dns_ntp', { dns: { servers: ['192.0.2.53', '192.0.2.54'] } }, { canarySize: 1, batchSize: 2, pauseSeconds: 0 });
    const done = await ended(plan.id);
    expect(done.status).toBe('completed');
    expect(done.steps.map((s) => s.status)).toEqual(Array(DEVICES).fill('succeeded'));
    for (let i = 0; i < DEVICES; i++) expect(await dnsOf(i)).toBe('192.0.2.53,192.0.2.54');
    const gates = done.executionLog.filter((e) => e.kind === 'gate');
    expect(gates.map((g) => [g.batch, g.ok])).toEqual([[0, true], [1, true], [2, true], [3, true]]);
    expect(done.executionLog.filter((e) => e.kind === 'step' && e.ok)).toHaveLength(DEVICES);
    const log = executionLogOf({ transitions: done.transitions, executionLog: done.executionLog }).map((l) => l.message);
    expect(log[0]).toMatch(/pending → approved/);
    expect(log.at(-1)).toMatch(/executing → completed/);
    // Each step made exactly one change, verified, under its committed id.
    const records = await recordsByStep(done);
    for (const step of done.steps) {
      expect(records.get(step.id)!.map((r) => [r.id, r.status])).toEqual([[step.changeId, 'verified']]);
    }
    const mine = events.filter((e) => 'planId' in e && e.planId === plan.id);
    expect(mine.filter((e) => e.type === 'plan.progress').at(-1)).toMatchObject({ progress: DEVICES, total: DEVICES });
    expect(mine.filter((e) => e.type === 'plan.changed').map((e) => (e as { status: string }).status)).toContain('completed');
  }, 180_000);

  it('address_list_sync: the mcp- list equals the set on every device, other lists untouched', async () => {
    const others = await Promise.all(ids.map((_d, i) => config(i).then((c) => (c['ip/firewall/address-list'] ?? []).filter((r) => !r['list'].startsWith('mcp-')))));
    const plan = await applied('address_list_sync', { list: 'mcp-blocked', addresses: ['198.51.100.7', '203.0.113.0/24'] }, { canarySize: 2, batchSize: 2, pauseSeconds: 0 });
    expect((await ended(plan.id)).status).toBe('completed');
    for (let i = 0; i < DEVICES; i++) {
      expect(await listOf(i, 'mcp-blocked')).toEqual(['198.51.100.7', '203.0.113.0/24']);
      expect(((await config(i))['ip/firewall/address-list'] ?? []).filter((r) => !r['list'].startsWith('mcp-'))).toEqual(others[i]);
    }
  }, 180_000);

  it('a failing health gate in the second batch (CPU high on r2) halts and rolls every applied device back, newest first', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    await fault(2, { cpuLoadPercent: 99 });
    const plan = await applied('dns_ntp', { dns: { servers: ['192.0.2.71'] } }, { canarySize: 1, batchSize: 2, pauseSeconds: 0, health: { maxCpuPercent: 80 } });
    const done = await ended(plan.id);
    expect(done.status).toBe('rolled_back');
    expect(done.steps.map((s) => s.status)).toEqual(['rolled_back', 'rolled_back', 'rolled_back', 'skipped', 'skipped', 'skipped']);
    for (let i = 0; i < DEVICES; i++) expect(await dnsOf(i)).toBe(before[i]);
    const gate = done.executionLog.find((e) => e.kind === 'gate' && e.batch === 1)!;
    expect(gate).toMatchObject({ ok: false });
    expect(gate.message).toMatch(/r2 \(CPU load 99% > 80%\)/);
    // Newest first: the second batch's devices, then the canary.
    expect(done.executionLog.filter((e) => e.kind === 'rollback').map((e) => e.deviceId)).toEqual(['r2', 'r1', 'r0']);
    const records = await recordsByStep(done);
    for (const step of done.steps.slice(0, 3)) {
      const [undo] = records.get(step.id)!.filter((r) => r.revertOf);
      expect(undo).toMatchObject({ id: step.rollbackChangeId, status: 'verified', revertOf: step.changeId });
    }
    expect(await planTrail(plan.id)).toEqual(
      [['plan.create', 'success'], ['plan.approve', 'success'], ['plan.apply', 'success'], ['plan.rollout.rolling_back', 'success'], ['plan.rollout.rolled_back', 'success']].sort(),
    );
  }, 180_000);

  it('halt_and_hold stops with the devices as they are; plan_rollback later restores them', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    await fault(1, { cpuLoadPercent: 99 });
    const plan = await applied('dns_ntp', { dns: { servers: ['192.0.2.72'] } }, { canarySize: 1, batchSize: 2, pauseSeconds: 0, health: { maxCpuPercent: 80 }, haltPolicy: 'halt_and_hold' });
    const held = await ended(plan.id);
    expect(held.status).toBe('failed');
    expect(held.failureReason).toMatch(/halt_and_hold.*health gate failed on r1/);
    expect(held.steps.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'skipped', 'skipped', 'skipped']);
    expect(await Promise.all([0, 1, 2, 3].map(dnsOf))).toEqual(['192.0.2.72', '192.0.2.72', '192.0.2.72', before[3]]);

    const rolling = await server.rollouts.rollback(plan.id, model);
    expect(rolling.status).toBe('rolling_back');
    const done = await ended(plan.id);
    expect(done.status).toBe('rolled_back');
    for (let i = 0; i < DEVICES; i++) expect(await dnsOf(i)).toBe(before[i]);
    await expect(server.rollouts.rollback(plan.id, model)).rejects.toMatchObject({ code: 'PLAN.ILLEGAL_TRANSITION' });
    // The held halt, the operator's rollback (and its refused repeat) and the runner's end of it, each audited.
    expect(await planTrail(plan.id)).toEqual(
      [['plan.create', 'success'], ['plan.approve', 'success'], ['plan.apply', 'success'], ['plan.rollout.failed', 'error'], ['plan.rollback', 'success'], ['plan.rollout.rolled_back', 'success'], ['plan.rollback', 'error']].sort(),
    );
  }, 180_000);

  it('continue records the failed gate and goes on to the end', async () => {
    await fault(1, { cpuLoadPercent: 99 });
    const plan = await applied('dns_ntp', { dns: { servers: ['192.0.2.73'] } }, { canarySize: 1, batchSize: 2, pauseSeconds: 0, health: { maxCpuPercent: 80 }, haltPolicy: 'continue' });
    const done = await ended(plan.id);
    expect(done.status).toBe('completed');
    expect(done.executionLog.filter((e) => e.kind === 'gate').map((g) => g.ok)).toEqual([true, false, true, true]);
    for (let i = 0; i < DEVICES; i++) expect(await dnsOf(i)).toBe('192.0.2.73');
  }, 180_000);

  it('cancel mid-rollout stops before the next device step: applied devices verified, the rest untouched', async () => {
    const before = await Promise.all(ids.map((_d, i) => dnsOf(i)));
    const plan = await applied('dns_ntp', { dns: { servers: ['192.0.2.74'] } }, { canarySize: 1, batchSize: 2, pauseSeconds: 600 });
    // The canary's gate passed: the runner is in the pause.
    await planWhere(server, plan.id, (p) => p.executionLog.some((e) => e.kind === 'gate' && e.batch === 0));
    const asked = await server.plans.cancel(plan.id, model, 'wrong servers');
    expect(asked.status).toBe('executing');
    const done = await ended(plan.id);
    expect(done.status).toBe('cancelled');
    expect(done.transitions.at(-1)).toMatchObject({ from: 'executing', to: 'cancelled', by: 'model', reason: 'wrong servers' });
    const records = await recordsByStep(done);
    for (const [i, step] of done.steps.entries()) {
      if (step.status === 'succeeded') {
        expect(await dnsOf(i)).toBe('192.0.2.74');
        expect(records.get(step.id)!.map((r) => r.status)).toEqual(['verified']);
      } else {
        expect(step.status).toBe('skipped');
        expect(await dnsOf(i)).toBe(before[i]);
        expect(records.get(step.id)).toEqual([]);
      }
    }
    expect(done.steps[0].status).toBe('succeeded');
    expect(done.steps.at(-1)!.status).toBe('skipped');
  }, 180_000);
});
