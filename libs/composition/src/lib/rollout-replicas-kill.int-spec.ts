import type { Principal } from '@routeros-mcp/application-ports';
import type { Plan } from '@routeros-mcp/domain-plans';
import type { Container } from '@routeros-mcp/inversify';
import { Fleet, PostgresServer, startFleet, startPostgres, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { AdminServices, ServerServices } from '../index';
import { killKit } from '../../test/kill-points';
import { pollUntil, RunnerProcess, startRunnerProcess } from '../../test/runner-process';
import { composeForSpec } from '../../test/spec-composition';

/*
 * Issue 26's kill points on PostgreSQL with two replicas: the replica running an 8-device rollout is SIGKILLed exactly
 * at a named step (after the lock, after the record, after safe mode is taken, after the last write before
 * verification, during rollback: after a device was restored, and with an undo in flight), reached by a committed
 * state and the device's own state, never by sleeping; the other replica takes the plan over and ends it. Then: every
 * device as the plan's record says, no step applied or undone twice (change records, and the devices' write logs),
 * every audit record present, the audit hash chain intact. The same points on SQLite with a fresh process:
 * rollout-kill.int-spec.ts (shared machinery: test/kill-points.ts); between two writes, and a kill mid-rollout:
 * rollout-replicas.int-spec.ts.
 */
const USER = { name: 'admin', password: 'sim-pw' };
const operator: Principal = { id: 'spec-operator', via: 'admin-cli' };
const model: Principal = { id: 'model', via: 'stdio' };
const approver: Principal = { id: 'os:alice', via: 'admin-cli' };
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true };
const DEVICES = 8;
const ids = Array.from({ length: DEVICES }, (_, i) => `r${i}`);
/** Canary r0, then r1–r2, r3–r4, r5–r6, r7. */
const ROLLOUT = { canarySize: 1, batchSize: 2, pauseSeconds: 0 };

/**
 * `npm test` runs the two most distinct points (after safe mode is taken: a device holds a session for the dead
 * replica; during rollback: undoes, not writes, are taken over); the other five with ROUTEROS_MCP_FULL_MATRIX=1.
 */
const fullMatrix = process.env['ROUTEROS_MCP_FULL_MATRIX'] === '1' ? it : it.skip;

describe('a rollout on PostgreSQL with two replicas: the replica running it killed (SIGKILL) inside a step; the other ends it', () => {
  let fleet: Fleet;
  let pg: PostgresServer;
  let dir: ReturnType<typeof tempDir>;
  let databaseUrl: string;
  let admin: AdminServices;
  let server: ServerServices;
  let container: Container;
  const children = new Set<RunnerProcess>();
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_DATABASE_URL: databaseUrl, ROUTEROS_MCP_LOG_LEVEL: 'info', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000' });
  const kit = killKit(() => ({ fleet, admin, server, container }), ids);
  const { fault, clearFaults, stepsOf, changeOf, points, closed, abandoned } = kit;

  const runsHere = (log: string, planId: string) => log.split('\n').filter((l) => l.includes('"plan runs here"') && l.includes(planId)).length;
  const endedHere = (log: string, planId: string) => log.split('\n').some((l) => l.includes('"plan run ended"') && l.includes(planId));

  function replica(): RunnerProcess {
    const started = startRunnerProcess(env());
    children.add(started);
    void started.exited.finally(() => children.delete(started));
    return started;
  }

  /** Two replicas on the database, both ready before the plan is applied (either may lead it). */
  async function replicas(): Promise<[RunnerProcess, RunnerProcess]> {
    const pair: [RunnerProcess, RunnerProcess] = [replica(), replica()];
    await pollUntil(async () => {
      for (const r of pair) if (/runner child failed/.test(r.log())) throw new Error(r.log());
      return pair.every((r) => /runner child ready/.test(r.log())) ? true : undefined;
    }, () => `both replicas ready: ${pair.map((r) => r.log()).join(' | ')}`);
    return pair;
  }

  /** `dns`, or `dns|ntp` (one step's change of two writes): created, approved and applied (committed `executing`). */
  async function applied(planned: string, rollout: Record<string, unknown> = {}): Promise<Plan> {
    const [dns, ntp] = planned.split('|');
    const change = { dns: { servers: [dns] }, ...(ntp ? { ntp: { servers: [ntp] } } : {}) };
    const plan = await server.plans.create('dns_ntp', { devices: ids, change, rollout: { ...ROLLOUT, ...rollout } }, model);
    await admin.plans.approve(plan.id, approver);
    return server.plans.apply(plan.id, model);
  }

  /**
   * Applies the plan with two replicas up; the one that leads it is killed when `reached` holds (with `freeze`, stopped
   * and read again first); `afterKill` runs right then (nothing settled what it left yet, the other replica runs on).
   * The other replica ends the plan and is stopped cleanly. Answers the plan at its end.
   */
  async function killLeader(planned: string, rollout: Record<string, unknown>, reached: (planId: string) => () => Promise<boolean>, freeze: boolean, afterKill: (plan: Plan) => Promise<void> = async () => undefined): Promise<Plan> {
    const [a, b] = await replicas();
    const plan = await applied(planned, rollout);
    const leader = await pollUntil(async () => (runsHere(a.log(), plan.id) ? a : runsHere(b.log(), plan.id) ? b : undefined), () => `a replica to lead the plan (a: ${a.log().slice(-1500)} b: ${b.log().slice(-1500)})`);
    const other = leader === a ? b : a;
    const bail = () =>
      /runner child failed/.test(leader.log() + other.log()) ? `${leader.log()} ${other.log()}`
        : endedHere(leader.log(), plan.id) ? `plan ${plan.id} ended before the kill point (leader: ${leader.log().slice(-2000)})`
          : runsHere(other.log(), plan.id) ? `both replicas ran plan ${plan.id}` : undefined;
    await kit.stopAt(leader.child, reached(plan.id), () => `plan ${plan.id} to reach the kill point (leader: ${leader.log().slice(-2000)})`, freeze, bail);
    await leader.exited;
    expect(endedHere(leader.log(), plan.id)).toBe(false);
    await afterKill(plan);
    // Right after the kill: the chain holds, the dead leader's stream ends in links no checkpoint signs.
    await kit.checkAuditChain([other.child.pid!]);
    await pollUntil(async () => (endedHere(other.log(), plan.id) ? true : undefined), () => `the other replica to end plan ${plan.id} (${other.log().slice(-3000)})`, 240_000);
    other.child.kill('SIGTERM');
    await other.exited;
    closed.add(other.child.pid!);
    // The other replica led it once, from where the dead one left it.
    expect(runsHere(other.log(), plan.id)).toBe(1);
    expect(runsHere(leader.log(), plan.id)).toBe(1);
    return server.plans.get(plan.id);
  }

  beforeAll(async () => {
    [fleet, pg] = await Promise.all([startFleet({ devices: DEVICES, profile: 'home', version: '7.20.5', users: [{ ...USER, group: 'full' }] }), startPostgres()]);
    databaseUrl = await pg.createDatabase();
    dir = tempDir();
    ({ admin, container, server } = await composeForSpec(env(), fleet, { operator, user: USER, capabilities: FULL }));
  }, 180_000);
  afterEach(async () => {
    for (const { child } of children) {
      child.kill('SIGKILL');
      abandoned.add(child.pid!);
    }
    for (let i = 0; i < DEVICES; i++) await clearFaults(i);
  });
  afterAll(async () => {
    await server?.close();
    await admin?.close();
    await fleet?.stop();
    pg?.stop();
    dir?.remove();
  });

  fullMatrix("after the lock: the device's lock held for the step's change, nothing recorded yet; the other replica runs the step under a new id", async () => {
    const before = await kit.snapshot();
    await fault(3, { latencyMs: 1500 });
    let first: string | undefined;
    const done = await killLeader('192.0.2.101', {}, (planId) => { const reached = points.afterLock(planId, 3); return async () => ((first = (await stepsOf(planId))[3].changeId), reached()); }, true, async () => {
      await clearFaults(3);
      // The dead leader's change was never recorded (nothing of it to settle); its lock runs out with its lease.
      expect(await changeOf(first)).toBeUndefined();
    });
    expect(done.status).toBe('completed');
    expect(done.steps[3].changeId).not.toBe(first);
    expect(await changeOf(first)).toBeUndefined();
    await kit.checkInvariants(done, '192.0.2.101', before);
  }, 420_000);

  fullMatrix('after the record: the change committed `proposed` with its audit record `started`, safe mode not yet taken; settled as never written', async () => {
    const before = await kit.snapshot();
    await fault(4, { latencyMs: 1500 });
    let first: string | undefined;
    const done = await killLeader('192.0.2.102', {}, (planId) => { const reached = points.afterRecord(planId, 4); return async () => ((first = (await stepsOf(planId))[4].changeId), reached()); }, true, async () => {
      await kit.expectStartedRecord(first);
      await clearFaults(4);
    });
    expect(done.status).toBe('completed');
    expect(done.steps[4].changeId).not.toBe(first);
    expect((await admin.changes.get(first!)).status).toBe('failed');
    await kit.checkInvariants(done, '192.0.2.102', before);
  }, 420_000);

  it('after safe mode is taken: the device holds safe mode for the dead replica, its write not landed; the other replica redoes the step', async () => {
    const before = await kit.snapshot();
    await fault(2, { latencyMs: 1500 });
    let first: string | undefined;
    const done = await killLeader('192.0.2.103', {}, (planId) => { const reached = points.afterSafeMode(planId, 2, before[2]); return async () => ((first = (await stepsOf(planId))[2].changeId), reached()); }, true, async () => {
      await kit.expectStartedRecord(first);
      await clearFaults(2);
    });
    expect(done.status).toBe('completed');
    expect(done.steps[2].changeId).not.toBe(first);
    expect((await admin.changes.get(first!)).status).toMatch(/reverted|failed/);
    // The step's write again guarded by safe mode: the device let go of the dead replica's session first.
    expect((await admin.changes.get(done.steps[2].changeId!)).protection).toBe('safe_mode');
    await kit.checkInvariants(done, '192.0.2.103', before);
  }, 420_000);

  fullMatrix('after the last write, before verification: both writes on the device, the change `applying`; RouterOS undoes it, the other replica redoes the step', async () => {
    const before = await kit.snapshot();
    await fault(5, { latencyMs: 1500 });
    let first: string | undefined;
    const planned = '192.0.2.104|192.0.2.134';
    const done = await killLeader(planned, {}, (planId) => { const reached = points.afterLastWrite(planId, 5, planned); return async () => ((first = (await stepsOf(planId))[5].changeId), reached()); }, true, async () => {
      await kit.expectStartedRecord(first);
      await clearFaults(5);
    });
    expect(done.status).toBe('completed');
    // Nobody verified it: undone (RouterOS dropped the dead session's safe mode), and the step ran again under a new id.
    expect(done.steps[5].changeId).not.toBe(first);
    expect((await admin.changes.get(first!)).status).toBe('reverted');
    await kit.checkInvariants(done, planned, before);
  }, 420_000);

  it('during rollback: a failed gate after batch 2 rolls the plan back; killed after its first device was restored, the other replica ends the rollback', async () => {
    const before = await kit.snapshot();
    await fault(4, { cpuLoadPercent: 99 });
    // A slow device: the rollback is still under way when the leader dies.
    await fault(2, { latencyMs: 800 });
    const done = await killLeader('192.0.2.105', { health: { maxCpuPercent: 80 } }, (planId) => points.inRollback(planId), false, async (plan) => {
      expect((await kit.planOf(plan.id)).status).toBe('rolling_back');
    });
    expect(done.status).toBe('rolled_back');
    expect(done.steps.map((s) => s.status)).toEqual([...Array(5).fill('rolled_back'), ...Array(3).fill('skipped')]);
    await kit.checkInvariants(done, '192.0.2.105', before);
  }, 420_000);

  fullMatrix('killed twice: the leader after safe mode is taken on r2, then the replica that took over after the last write on r5; a third replica ends the plan', async () => {
    const before = await kit.snapshot();
    await fault(2, { latencyMs: 1500 });
    await fault(5, { latencyMs: 1500 });
    const planned = '192.0.2.107|192.0.2.137';
    const [a, b] = await replicas();
    const plan = await applied(planned);
    const leaderOf = (x: RunnerProcess, y: RunnerProcess) => pollUntil(async () => (runsHere(x.log(), plan.id) ? x : runsHere(y.log(), plan.id) ? y : undefined), () => `a replica to lead the plan (${x.log().slice(-1500)} | ${y.log().slice(-1500)})`);
    const bailFor = (leader: RunnerProcess, others: RunnerProcess[]) => () =>
      endedHere(leader.log(), plan.id) ? `plan ${plan.id} ended before the kill point (${leader.log().slice(-2000)})` : others.some((o) => runsHere(o.log(), plan.id)) ? `two replicas ran plan ${plan.id}` : undefined;
    const first = await leaderOf(a, b);
    const second = first === a ? b : a;
    await kit.stopAt(first.child, points.afterSafeMode(plan.id, 2, before[2]), () => `r2 under safe mode (${first.log().slice(-2000)})`, true, bailFor(first, [second]));
    await first.exited;
    await clearFaults(2);
    // Two replicas again: the survivor and a fresh one; either takes the plan over.
    const third = replica();
    const next = await leaderOf(second, third);
    const last = next === second ? third : second;
    await kit.stopAt(next.child, points.afterLastWrite(plan.id, 5, planned), () => `r5 written, not verified (${next.log().slice(-2000)})`, true, bailFor(next, [last]));
    await next.exited;
    await clearFaults(5);
    await kit.checkAuditChain([last.child.pid!]);
    await pollUntil(async () => (endedHere(last.log(), plan.id) ? true : undefined), () => `the last replica to end plan ${plan.id} (${last.log().slice(-3000)})`, 240_000);
    last.child.kill('SIGTERM');
    await last.exited;
    closed.add(last.child.pid!);
    const done = await server.plans.get(plan.id);
    expect(done.status).toBe('completed');
    expect([runsHere(first.log(), plan.id), runsHere(next.log(), plan.id), runsHere(last.log(), plan.id)]).toEqual([1, 1, 1]);
    await kit.checkInvariants(done, planned, before);
  }, 420_000);

  fullMatrix("during rollback, an undo in flight: killed while a slow device holds its undo's write; the other replica settles it and ends the rollback", async () => {
    const before = await kit.snapshot();
    await fault(4, { cpuLoadPercent: 99 });
    await fault(3, { latencyMs: 1200 });
    let firstUndo: string | undefined;
    const done = await killLeader('192.0.2.106', { health: { maxCpuPercent: 80 } }, (planId) => { const reached = points.undoInFlight(planId, 3); return async () => ((firstUndo = (await kit.planOf(planId)).steps[3].rollbackChangeId), reached()); }, false, async () => {
      await kit.expectStartedRecord(firstUndo);
      await clearFaults(3);
    });
    expect(done.status).toBe('rolled_back');
    expect(done.steps.map((s) => s.status)).toEqual([...Array(5).fill('rolled_back'), ...Array(3).fill('skipped')]);
    // The undo in flight was settled by crash recovery; if it did not stick, a new one restored the device.
    if ((await admin.changes.get(firstUndo!)).status !== 'verified') expect(done.steps[3].rollbackChangeId).not.toBe(firstUndo);
    await kit.checkInvariants(done, '192.0.2.106', before);
  }, 420_000);
});
