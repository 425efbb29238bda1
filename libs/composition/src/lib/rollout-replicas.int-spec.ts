import type { AuditChainReport, Principal } from '@routeros-mcp/application-ports';
import type { Plan } from '@routeros-mcp/domain-plans';
import { Fleet, PostgresServer, simControl, startFleet, startPostgres, tempDir } from '@routeros-mcp/testing';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { AdminServices, ServerServices } from '../index';
import { pollUntil, RunnerProcess, startRunnerProcess } from '../../test/runner-process';
import { composeForSpec } from '../../test/spec-composition';

const USER = { name: 'admin', password: 'sim-pw' };
const model: Principal = { id: 'model', via: 'stdio' };
const approver: Principal = { id: 'os:alice', via: 'admin-cli' };
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true };
const DEVICES = 6;
const ids = Array.from({ length: DEVICES }, (_, i) => `r${i}`);

describe('replicas on one PostgreSQL: exactly one runs a plan; another takes over when it dies', () => {
  let fleet: Fleet;
  let pg: PostgresServer;
  let dir: ReturnType<typeof tempDir>;
  let databaseUrl: string;
  let admin: AdminServices;
  let server: ServerServices;
  const children: RunnerProcess[] = [];
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_DATABASE_URL: databaseUrl, ROUTEROS_MCP_LOG_LEVEL: 'info' });

  function replica(): RunnerProcess {
    const entry = startRunnerProcess(env());
    children.push(entry);
    return entry;
  }
  const runsHere = (log: string, planId: string) => log.split('\n').filter((l) => l.includes('"plan runs here"') && l.includes(planId)).length;
  const endedHere = (log: string, planId: string) => log.split('\n').some((l) => l.includes('"plan run ended"') && l.includes(planId));

  /** `dns`, or `dns|ntp` (one step's change of two writes). */
  async function applied(planned: string, rollout: Record<string, unknown>): Promise<Plan> {
    const [dns, ntp] = planned.split('|');
    const change = { dns: { servers: [dns] }, ...(ntp ? { ntp: { servers: [ntp] } } : {}) };
    const plan = await server.plans.create('dns_ntp', { devices: ids, change, rollout: { canarySize: 1, batchSize: 2, pauseSeconds: 0, ...rollout } }, model);
    await admin.plans.approve(plan.id, approver);
    return server.plans.apply(plan.id, model);
  }
  const verifiedPerStep = async (plan: Plan) => {
    const all = (await Promise.all(ids.map((deviceId) => admin.changes.list({ deviceId, limit: 200 })))).flat();
    return plan.steps.map((s) => all.filter((r) => r.authority.kind === 'approved_plan' && r.authority.stepId === s.id && r.status === 'verified').length);
  };

  const stateOf = (i: number) => simControl(fleet, 'GET', `/devices/${i}/state`);
  const confOf = async (i: number) => {
    const { config } = await stateOf(i);
    return `${config['ip/dns'][0]['servers']}|${config['system/ntp/client'][0]['servers']}`;
  };
  /** Replicas killed (their streams end unsigned) and stopped cleanly (signed to the end). */
  const killed = new Set<number>();
  const closed = new Set<number>();
  const writer = (pid: number) => `${hostname()}:${pid}`;

  /** The audit chain holds: no finding; links no checkpoint signs yet only in killed replicas' streams and live processes'. */
  async function checkAuditChain(live: RunnerProcess[]): Promise<AuditChainReport> {
    const report = await admin.auditChain.verify();
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    const labels = new Set(report.uncovered.map((u) => u.label));
    for (const pid of closed) expect([pid, labels.has(writer(pid))]).toEqual([pid, false]);
    const known = new Set([...[...killed, ...live.map((r) => r.child.pid!), process.pid].map(writer)]);
    expect(report.uncovered.filter((u) => !known.has(u.label))).toEqual([]);
    return report;
  }

  beforeAll(async () => {
    [fleet, pg] = await Promise.all([startFleet({ devices: DEVICES, profile: 'home', version: '7.20.5', users: [{ ...USER, group: 'full' }] }), startPostgres()]);
    databaseUrl = await pg.createDatabase();
    dir = tempDir();
    ({ admin, server } = await composeForSpec(env(), fleet, { operator: { id: 'spec', via: 'admin-cli' }, user: USER, capabilities: FULL }));
  }, 180_000);
  afterAll(async () => {
    for (const { child } of children) child.kill('SIGKILL');
    await server?.close();
    await admin?.close();
    await fleet?.stop();
    pg?.stop();
    dir?.remove();
  });

  it('two replicas both see the executing plan; one runs it, every step applied once', async () => {
    const [a, b] = [replica(), replica()];
    await pollUntil(async () => (/runner child ready/.test(a.log()) && /runner child ready/.test(b.log()) ? true : undefined), () => `both replicas ready: ${a.log()} ${b.log()}`);
    const plan = await applied('192.0.2.91', {});
    await pollUntil(async () => (endedHere(a.log(), plan.id) || endedHere(b.log(), plan.id) ? true : undefined), () => `the plan to end (a: ${a.log().slice(-1500)} b: ${b.log().slice(-1500)})`);
    const done = await server.plans.get(plan.id);
    expect(`${done.status} ${done.executionLog.map((e) => e.message).join(' | ')}`).toMatch(/^completed/);
    expect(runsHere(a.log(), plan.id) + runsHere(b.log(), plan.id)).toBe(1);
    expect(await verifiedPerStep(done)).toEqual(Array(DEVICES).fill(1));
    for (let i = 0; i < DEVICES; i++) expect((await simControl(fleet, 'GET', `/devices/${i}/state`)).config['ip/dns'][0]['servers']).toBe('192.0.2.91');
  }, 240_000);

  it('the replica running a plan is killed (SIGKILL) mid-rollout: the other leads it next and finishes it', async () => {
    const [a, b] = children;
    const plan = await applied('192.0.2.92', { pauseSeconds: 2 });
    // Whoever leads it: wait for its first gate, then kill it in the pause.
    const leader = await pollUntil(async () => (runsHere(a.log(), plan.id) ? a : runsHere(b.log(), plan.id) ? b : undefined), () => 'a replica to lead the plan');
    const other = leader === a ? b : a;
    await pollUntil(async () => ((await server.plans.get(plan.id)).executionLog.some((e) => e.kind === 'gate') ? true : undefined), () => 'the canary gate');
    leader.child.kill('SIGKILL');
    killed.add(leader.child.pid!);
    await leader.exited;
    await pollUntil(async () => (endedHere(other.log(), plan.id) ? true : undefined), () => `the other replica to finish it (${other.log().slice(-2000)})`, 180_000);
    const done = await server.plans.get(plan.id);
    expect(done.status).toBe('completed');
    expect(runsHere(other.log(), plan.id)).toBe(1);
    expect(await verifiedPerStep(done)).toEqual(Array(DEVICES).fill(1));
    other.child.kill('SIGTERM');
    await other.exited;
    closed.add(other.child.pid!);
    await checkAuditChain([]);
  }, 300_000);

  it("a replica killed inside a step, between the two writes of a device's change: the other settles it and finishes; the audit chain holds", async () => {
    const [a, b] = [replica(), replica()];
    await pollUntil(async () => (/runner child ready/.test(a.log()) && /runner child ready/.test(b.log()) ? true : undefined), () => `both replicas ready: ${a.log()} ${b.log()}`);
    const before = await confOf(3);
    await simControl(fleet, 'PUT', '/devices/3/faults', { latencyMs: 1500 });
    const plan = await applied('192.0.2.93|192.0.2.133', {});
    const leader = await pollUntil(async () => (runsHere(a.log(), plan.id) ? a : runsHere(b.log(), plan.id) ? b : undefined), () => 'a replica to lead the plan');
    const other = leader === a ? b : a;
    // r3 (batch 2) has its DNS written, its NTP write held by the slow device: the leader is stopped there, checked again, killed.
    let first: string | undefined;
    const between = async () => {
      const step = (await server.plans.get(plan.id)).steps[3];
      first = step.changeId;
      const device = await stateOf(3);
      return step.status === 'running' && device.config['ip/dns'][0]['servers'] === '192.0.2.93' && device.config['system/ntp/client'][0]['servers'] !== '192.0.2.133' && device.rest_stats.inFlight > 0;
    };
    await pollUntil(async () => {
      if (!(await between())) return undefined;
      leader.child.kill('SIGSTOP');
      if (await between()) return true;
      leader.child.kill('SIGCONT');
      return undefined;
    }, () => `r3 between its two writes (leader: ${leader.log().slice(-1500)})`, 180_000, 2);
    leader.child.kill('SIGKILL');
    killed.add(leader.child.pid!);
    await leader.exited;
    expect(endedHere(leader.log(), plan.id)).toBe(false);
    // Right after the kill: the chain holds, the dead leader's stream ends in links no checkpoint signs.
    const right = await checkAuditChain([other]);
    expect(right.uncovered.map((u) => u.label)).toContain(writer(leader.child.pid!));
    await simControl(fleet, 'DELETE', '/devices/3/faults');
    await pollUntil(async () => (endedHere(other.log(), plan.id) ? true : undefined), () => `the other replica to finish it (${other.log().slice(-2000)})`, 180_000);
    const done = await server.plans.get(plan.id);
    expect(`${done.status} ${done.executionLog.map((e) => e.message).join(' | ')}`).toMatch(/^completed/);
    expect(runsHere(other.log(), plan.id)).toBe(1);
    expect(await verifiedPerStep(done)).toEqual(Array(DEVICES).fill(1));
    // The half-written change was settled (undone or failed), never kept: the step ran again under a new id.
    expect(done.steps[3].changeId).not.toBe(first);
    expect((await admin.changes.get(first!)).status).toMatch(/reverted|failed/);
    for (let i = 0; i < DEVICES; i++) expect([i, await confOf(i)]).toEqual([i, '192.0.2.93|192.0.2.133']);
    // Every change of the plan audited once by its own record, settled (none left `started`), the one killed too.
    const records = (await Promise.all(ids.map((deviceId) => admin.changes.list({ deviceId, limit: 200 })))).flat().filter((r) => r.authority.kind === 'approved_plan' && r.authority.planId === plan.id);
    const events = await admin.audit.recent({ action: 'change.apply', limit: 5000 });
    expect(records.map((r) => r.id)).toContain(first);
    for (const record of records) expect([record.id, events.filter((e) => e.arguments?.['change_id'] === record.id).map((e) => e.outcome === 'started')]).toEqual([record.id, [false]]);
    expect(before).not.toBe('192.0.2.93|192.0.2.133');
    other.child.kill('SIGTERM');
    await other.exited;
    closed.add(other.child.pid!);
    const after = await checkAuditChain([]);
    expect(after.uncovered.map((u) => u.label)).toContain(writer(leader.child.pid!));
  }, 300_000);
});
