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
 * Issue 26, the paused replica (a long GC pause, a frozen VM, a stopped container): the replica running a rollout is
 * stopped (SIGSTOP) inside a step for longer than the device lock's lease (2 s here). The plan stays with it (its
 * advisory lock lives with its database session, still open), but the other replica's change recovery takes the
 * expired lock and settles the change. Then the paused replica is continued (SIGCONT): it must not go on writing or
 * recording a change recovery settled (a fencing check on its lease before each device write and each record), and
 * ends the step as a successor would: from the settled record, under a new change id. The same end-state invariants
 * as rollout-replicas-kill.int-spec.ts (test/kill-points.ts). The wait is for the recovery's committed record, never a
 * fixed sleep.
 */
const USER = { name: 'admin', password: 'sim-pw' };
const operator: Principal = { id: 'spec-operator', via: 'admin-cli' };
const model: Principal = { id: 'model', via: 'stdio' };
const approver: Principal = { id: 'os:alice', via: 'admin-cli' };
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true };
const DEVICES = 6;
const ids = Array.from({ length: DEVICES }, (_, i) => `r${i}`);
const ROLLOUT = { canarySize: 1, batchSize: 2, pauseSeconds: 0 };
const SETTLED = ['failed', 'reverted', 'verified', 'needs_attention'];
/** ROUTEROS_MCP_FULL_MATRIX=1 runs the rollback case too (the default run keeps CI's time). */
const fullMatrix = process.env['ROUTEROS_MCP_FULL_MATRIX'] === '1' ? it : it.skip;
/**
 * The sweeping replica's passes (recovery, and the re-check of changes needing attention) 15 s apart: its next
 * re-check comes long after the continued leader's own, so the leader's path is the one under test.
 */
const SLOW_SWEEPS = { ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '15000' };
const recheckedHere = (log: string, changeId: string) => log.split('\n').some((l) => l.includes('"plan step re-checks the change it stopped at its fence') && l.includes(changeId) && l.includes('"result":"reverted"'));


describe('a rollout on PostgreSQL with two replicas: the replica running it paused (SIGSTOP) past its lease inside a step, then continued', () => {
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
  const recoveredHere = (log: string, changeId: string) => log.split('\n').some((l) => l.includes('"interrupted change settled"') && l.includes(changeId));

  function replica(extra: Record<string, string> = {}): RunnerProcess {
    const started = startRunnerProcess({ ...env(), ...extra });
    children.add(started);
    void started.exited.finally(() => children.delete(started));
    return started;
  }

  /**
   * The recovering replica first (it takes the change-recovery job and never runs plans), then the one that will lead
   * the plan: the paused leader cannot be the one that sweeps.
   */
  async function replicas(sweeperEnv: Record<string, string> = {}): Promise<{ sweeper: RunnerProcess; leader: RunnerProcess }> {
    const sweeper = replica({ RUNNER_SPEC_PLANS: 'off', ...sweeperEnv });
    await pollUntil(async () => {
      if (/runner child failed/.test(sweeper.log())) throw new Error(sweeper.log());
      return sweeper.log().split('\n').some((l) => l.includes('"singular job led here"') && l.includes('change-recovery')) ? true : undefined;
    }, () => `the sweeping replica to lead change recovery: ${sweeper.log()}`);
    const leader = replica();
    await pollUntil(async () => {
      if (/runner child failed/.test(leader.log())) throw new Error(leader.log());
      return /runner child ready/.test(leader.log()) ? true : undefined;
    }, () => `the leading replica ready: ${leader.log()}`);
    return { sweeper, leader };
  }

  async function applied(planned: string, rollout: Record<string, unknown> = {}): Promise<Plan> {
    const [dns, ntp] = planned.split('|');
    const change = { dns: { servers: [dns] }, ...(ntp ? { ntp: { servers: [ntp] } } : {}) };
    const plan = await server.plans.create('dns_ntp', { devices: ids, change, rollout: { ...ROLLOUT, ...rollout } }, model);
    await admin.plans.approve(plan.id, approver);
    return server.plans.apply(plan.id, model);
  }

  /**
   * Applies the plan; its leader is paused when `reached` holds (stopped, the point read again: only a point that
   * still holds is kept), held until the sweeping replica settled the step's change, continued; it ends the plan.
   * Answers the plan at its end and the change recovery settled (device `device`'s step change, or its undo's with
   * `undo`), with the status it settled it in.
   */
  async function pauseLeader(
    planned: string, device: number, reached: (planId: string) => () => Promise<boolean>,
    options: { sweeperEnv?: Record<string, string>; rollout?: Record<string, unknown>; undo?: boolean } = {},
  ): Promise<{ done: Plan; first: string; recovered: string; leaderLog: string }> {
    const { sweeper, leader } = await replicas(options.sweeperEnv);
    const plan = await applied(planned, options.rollout);
    await pollUntil(async () => (runsHere(leader.log(), plan.id) ? true : undefined), () => `the leader to run the plan (${leader.log().slice(-1500)})`);
    const at = reached(plan.id);
    await pollUntil(async () => {
      if (endedHere(leader.log(), plan.id)) throw new Error(`plan ${plan.id} ended before the pause point (${leader.log().slice(-2000)})`);
      if (!(await at())) return undefined;
      leader.child.kill('SIGSTOP');
      if (await at()) return true;
      leader.child.kill('SIGCONT');
      return undefined;
    }, () => `plan ${plan.id} to reach the pause point (${leader.log().slice(-2000)})`, 180_000, 2);
    const step = (await stepsOf(plan.id))[device];
    const first = (options.undo ? step.rollbackChangeId : step.changeId)!;
    // Paused past the lease: the other replica's recovery takes the device's lock and settles the change (committed).
    const settled = await pollUntil(async () => {
      const record = await changeOf(first);
      return record && SETTLED.includes(record.status) && recoveredHere(sweeper.log(), first) ? record : undefined;
    }, () => `the sweeping replica to settle change ${first} (${sweeper.log().slice(-3000)})`, 120_000);
    await clearFaults(device);
    // Recovery's settlement committed with its audit (the change's own record settled interrupted, and change.recover).
    const recoveries = (await kit.audit().list({ action: 'change.recover', limit: 5000 })).filter((e) => e.arguments?.['change_id'] === first);
    expect(recoveries.length).toBe(1);
    leader.child.kill('SIGCONT');
    await pollUntil(async () => (endedHere(leader.log(), plan.id) ? true : undefined), () => `the continued leader to end plan ${plan.id} (${leader.log().slice(-3000)})`, 240_000);
    for (const r of [leader, sweeper]) {
      r.child.kill('SIGTERM');
      await r.exited;
      closed.add(r.child.pid!);
    }
    // The plan never changed hands: nobody but the paused leader ran it.
    expect([runsHere(leader.log(), plan.id), runsHere(sweeper.log(), plan.id)]).toEqual([1, 0]);
    // The continued leader found its lease gone at its next fencing check and stopped the change there.
    expect(leader.log().split('\n').filter((l) => l.includes('"device lock lost while the change was under way') && l.includes(first)).length).toBe(1);
    return { done: await server.plans.get(plan.id), first, recovered: settled.status, leaderLog: leader.log() };
  }

  beforeAll(async () => {
    [fleet, pg] = await Promise.all([startFleet({ devices: DEVICES, profile: 'home', version: '7.20.5', users: [{ ...USER, group: 'full' }] }), startPostgres()]);
    databaseUrl = await pg.createDatabase();
    dir = tempDir();
    ({ admin, container, server } = await composeForSpec(env(), fleet, { operator, user: USER, capabilities: FULL }));
  }, 180_000);
  afterEach(async () => {
    for (const { child } of children) {
      child.kill('SIGCONT');
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

  it('after the record (the change `proposed`, a device read in flight): recovery settles it never written; the continued leader writes nothing of it and redoes the step under a new id', async () => {
    const before = await kit.snapshot();
    await fault(2, { latencyMs: 1500 });
    const { done, first, recovered } = await pauseLeader('192.0.2.111', 2, (planId) => points.afterRecord(planId, 2));
    expect(recovered).toBe('failed');
    // Recovery's verdict stands: the continued leader neither wrote the change nor recorded another outcome over it.
    expect((await admin.changes.get(first)).status).toBe('failed');
    expect(done.status).toBe('completed');
    expect(done.steps[2].changeId).not.toBe(first);
    await kit.checkInvariants(done, '192.0.2.111', before);
  }, 420_000);

  /*
   * Paused after its last write under safe mode, the leader's session stays open, so RouterOS keeps the change and
   * recovery settles it needs_attention ("safe mode was held; RouterOS had not undone it"). The continued leader stops
   * at its fence and drops the session unreleased (RouterOS undoes the change), then re-checks that change itself (a
   * read): found at its before-state, it is settled `reverted` and the step redone under a new id, so the plan
   * completes and plan record and device agree (before the re-check, the step failed and the rollback met a device
   * already back as before).
   */
  it('after the last write, before verification (both writes on the device, the change `applying`): recovery settles it; the continued leader neither verifies nor undoes over it, re-checks it and redoes the step', async () => {
    const before = await kit.snapshot();
    await fault(4, { latencyMs: 1500 });
    const planned = '192.0.2.112|192.0.2.142';
    const { done, first, recovered, leaderLog } = await pauseLeader(planned, 4, (planId) => points.afterLastWrite(planId, 4, planned), { sweeperEnv: SLOW_SWEEPS });
    expect(recovered).toBe('needs_attention');
    // The continued leader re-checked it and found it undone.
    expect(recheckedHere(leaderLog, first)).toBe(true);
    const after = await admin.changes.get(first);
    expect(after.status).toBe('reverted');
    expect(after.recheck?.finding).toMatch(/before-state again/);
    expect(done.status).toBe('completed');
    expect(done.steps[4].changeId).not.toBe(first);
    await kit.checkInvariants(done, planned, before);
  }, 420_000);

  fullMatrix("during rollback, after an undo's last write (the device back as before, the undo `applying`): the continued leader re-checks the undo recovery found in effect, and writes it again", async () => {
    const before = await kit.snapshot();
    // The gate after batch 3 (r3, r4) fails on r4's CPU: the plan rolls back; r3 is slow, so its undo can be caught.
    await fault(4, { cpuLoadPercent: 99 });
    await fault(3, { latencyMs: 1500 });
    const planned = '192.0.2.113|192.0.2.143';
    const { done, first, recovered, leaderLog } = await pauseLeader(planned, 3, (planId) => points.undoLastWrite(planId, 3, before[3]), { sweeperEnv: SLOW_SWEEPS, rollout: { health: { maxCpuPercent: 80 } }, undo: true });
    expect(recovered).toBe('needs_attention');
    expect((await admin.changes.get(first)).status).toBe('reverted');
    expect(recheckedHere(leaderLog, first)).toBe(true);
    expect(done.status).toBe('rolled_back');
    expect(done.steps[3].rollbackChangeId).not.toBe(first);
    expect(done.steps.map((s) => s.status)).toEqual([...Array(5).fill('rolled_back'), 'skipped']);
    await kit.checkInvariants(done, planned, before);
  }, 420_000);
});
