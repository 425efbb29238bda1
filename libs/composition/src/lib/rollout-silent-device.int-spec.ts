import type { Plan } from '@routeros-mcp/domain-plans';
import { Fleet, simControl, waitFor } from '@routeros-mcp/testing';
import type { AdminServices, ServerServices } from '../index';
import { approver, model, planEnded, PlanRig, startPlanRig } from '../../test/plan-rig';

/*
 * Issue 26: a device that stops answering right after a plan's write (the simulator's freezeAfterWrite). A plan's
 * step and its rollback are written under protection like a single change on the management path (safe mode over
 * SSH, or the device's revert timer), so the device undoes an unconfirmed write by itself; the runner waits for the
 * change to settle (crash recovery confirms it once the device answers again) and the plan ends with the truth:
 * the step rolled back, the device holding its before-state. An undo the device did not keep is written again. Before, the step's write was unguarded (DNS is not on
 * the management path) and the plan ended `failed`, step `rollback_failed`, with the plan's value on the device.
 */
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true };
/** Short device timeouts (the frozen device fails the change soon) and a recovery sweep every second. */
const ENV = {
  ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000',
  ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000',
  ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '1500',
  ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: '3000',
};

describe('a plan whose device goes silent right after a write (SQLite)', () => {
  let rig: PlanRig;
  let fleet: Fleet;
  let admin: AdminServices;
  let server: ServerServices;

  const state = (i: number) => simControl(fleet, 'GET', `/devices/${i}/state`);
  const dnsOf = async (i: number) => ((await state(i)).config['ip/dns'][0] as Record<string, string>)['servers'];
  const freeze = (i: number) => simControl(fleet, 'PUT', `/devices/${i}/faults`, { freezeAfterWrite: true });
  const thaw = (i: number) => simControl(fleet, 'DELETE', `/devices/${i}/faults`);

  async function applied(device: string, servers: string[]): Promise<Plan> {
    const plan = await server.plans.create('dns_ntp', { devices: [device], change: { dns: { servers } }, rollout: { pauseSeconds: 0 } }, model);
    await admin.plans.approve(plan.id, approver);
    return server.plans.apply(plan.id, model);
  }

  beforeAll(async () => {
    rig = await startPlanRig({ fleet: { devices: 2, profile: 'home', version: '7.20.5' }, logLevel: 'info', capabilities: () => FULL, env: ENV, recovery: true });
    ({ fleet, admin, server } = rig);
  }, 180_000);
  afterAll(async () => {
    for (const i of [0, 1]) await thaw(i).catch(() => undefined);
    await rig?.close();
  });

  it('a step: written under safe mode, undone by the device itself; once it answers, the plan ends rolled_back and the device as before', async () => {
    const before = await dnsOf(0);
    await freeze(0);
    const plan = await applied('r0', ['192.0.2.81']);
    // The write landed, the device froze: the step failed with the device's own undo pending, and the halt policy's
    // rollback waits for it (nothing can be confirmed while the device is silent).
    const waiting = await waitFor(async () => {
      const p = await server.plans.get(plan.id);
      return p.status === 'rolling_back' ? p : undefined;
    }, 'the step to fail and the rollback to begin', 120_000, 200);
    expect(waiting.steps[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/revert pending/) });
    const change = await admin.changes.get(waiting.steps[0].changeId!);
    expect(change).toMatchObject({ status: 'revert_pending', protection: 'safe_mode' });
    expect(waiting.status).toBe('rolling_back');

    await thaw(0);
    const done = await planEnded(server, plan.id);
    expect(done.status).toBe('rolled_back');
    expect(done.steps.map((s) => s.status)).toEqual(['rolled_back']);
    expect(await dnsOf(0)).toBe(before);
    // Crash recovery confirmed the device's undo; the rollback had nothing left to write.
    expect(await admin.changes.get(change.id)).toMatchObject({ status: 'reverted' });
    expect(done.steps[0].rollbackChangeId).toBeUndefined();
    expect(done.executionLog.filter((e) => e.kind === 'rollback').map((e) => e.message)).toEqual([expect.stringMatching(/r0 had nothing to undo \(its change reverted/)]);
  }, 300_000);

  it("a rollback: its undo written under safe mode, undone by the device itself; once it answers, the undo is written again and verified", async () => {
    const before = await dnsOf(1);
    const plan = await applied('r1', ['192.0.2.82']);
    expect((await planEnded(server, plan.id)).status).toBe('completed');
    expect(await dnsOf(1)).toBe('192.0.2.82');

    await freeze(1);
    await server.rollouts.rollback(plan.id, model);
    // The undo landed, the device froze and undid the undo by itself: the rollback waits for that to be confirmed.
    const firstUndo = await waitFor(async () => {
      const id = (await server.plans.get(plan.id)).steps[0].rollbackChangeId;
      const undo = id ? await admin.changes.get(id) : undefined;
      return undo?.status === 'revert_pending' ? undo : undefined;
    }, 'the first undo to end with the device undoing it by itself', 120_000, 200);
    expect(firstUndo.protection).toBe('safe_mode');
    expect((await server.plans.get(plan.id)).status).toBe('rolling_back');

    await thaw(1);
    const done = await planEnded(server, plan.id);
    expect(done.status).toBe('rolled_back');
    expect(done.steps.map((s) => s.status)).toEqual(['rolled_back']);
    expect(await dnsOf(1)).toBe(before);
    expect(await admin.changes.get(firstUndo.id)).toMatchObject({ status: 'reverted' });
    // A second undo, under safe mode again, verified.
    expect(done.steps[0].rollbackChangeId).not.toBe(firstUndo.id);
    expect(await admin.changes.get(done.steps[0].rollbackChangeId!)).toMatchObject({ status: 'verified', protection: 'safe_mode', revertOf: done.steps[0].changeId });
  }, 300_000);

  it('a rollback whose undo the device undid at once (every connection dropped right after it): written again and verified', async () => {
    const before = await dnsOf(0);
    const plan = await applied('r0', ['192.0.2.83']);
    expect((await planEnded(server, plan.id)).status).toBe('completed');
    await simControl(fleet, 'PUT', '/devices/0/faults', { dropConnectionsAfterWrites: 1 });
    await server.rollouts.rollback(plan.id, model);
    const done = await planEnded(server, plan.id);
    expect(done.status).toBe('rolled_back');
    expect(await dnsOf(0)).toBe(before);
    const undos = (await admin.changes.list({ deviceId: 'r0', limit: 50 })).filter((c) => c.revertOf === done.steps[0].changeId);
    expect(undos.map((c) => c.status).sort()).toEqual(['reverted', 'verified']);
    expect(undos.find((c) => c.status === 'verified')?.id).toBe(done.steps[0].rollbackChangeId);
  }, 300_000);
});
