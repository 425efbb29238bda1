import type { Principal } from '@routeros-mcp/application-ports';
import { loadConfig } from '@routeros-mcp/config';
import type { Plan } from '@routeros-mcp/domain-plans';
import { enrollmentOf, Fleet, PostgresServer, simControl, startFleet, startPostgres, tempDir } from '@routeros-mcp/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, ServerServices } from '../index';

const USER = { name: 'admin', password: 'sim-pw' };
const WORKSPACE = join(__dirname, '..', '..', '..', '..');
const model: Principal = { id: 'model', via: 'stdio' };
const approver: Principal = { id: 'os:alice', via: 'admin-cli' };
const FULL = { allow_advanced_writes: true, allow_professional_workflows: true };
const DEVICES = 6;
const ids = Array.from({ length: DEVICES }, (_, i) => `r${i}`);

/** A server replica (the built libraries): runs every plan it can lead. */
const CHILD = `
const { buildContainer, ServerServices } = require('@routeros-mcp/composition');
const { loadConfig } = require('@routeros-mcp/config');
(async () => {
  const services = (await buildContainer(loadConfig({ env: process.env, homeDir: '/nonexistent' }), { changeRecovery: 'periodic' })).get(ServerServices);
  process.on('SIGTERM', () => services.close().then(() => process.exit(0)));
  process.stderr.write('runner child ready\\n');
})().catch((e) => process.stderr.write('runner child failed: ' + e.message + '\\n'));
`;

async function waitFor<T>(read: () => Promise<T | undefined>, what: () => string, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what()}`);
    await new Promise((next) => setTimeout(next, 50));
  }
}

describe('replicas on one PostgreSQL: exactly one runs a plan; another takes over when it dies', () => {
  let fleet: Fleet;
  let pg: PostgresServer;
  let dir: ReturnType<typeof tempDir>;
  let databaseUrl: string;
  let admin: AdminServices;
  let server: ServerServices;
  const children: { child: ChildProcess; log: () => string; exited: Promise<unknown> }[] = [];
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_DATABASE_URL: databaseUrl, ROUTEROS_MCP_LOG_LEVEL: 'info' });

  function replica() {
    const child = spawn(process.execPath, ['-e', CHILD], {
      cwd: WORKSPACE,
      env: { PATH: process.env['PATH']!, ...env(), ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000', ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
    const entry = { child, log: () => log, exited: new Promise((resolve) => child.once('exit', resolve)) };
    children.push(entry);
    return entry;
  }
  const runsHere = (log: string, planId: string) => log.split('\n').filter((l) => l.includes('"plan runs here"') && l.includes(planId)).length;
  const endedHere = (log: string, planId: string) => log.split('\n').some((l) => l.includes('"plan run ended"') && l.includes(planId));

  async function applied(dns: string, rollout: Record<string, unknown>): Promise<Plan> {
    const plan = await server.plans.create('dns_ntp', { devices: ids, change: { dns: { servers: [dns] } }, rollout: { canarySize: 1, batchSize: 2, pauseSeconds: 0, ...rollout } }, model);
    await admin.plans.approve(plan.id, approver);
    return server.plans.apply(plan.id, model);
  }
  const verifiedPerStep = async (plan: Plan) => {
    const all = (await Promise.all(ids.map((deviceId) => admin.changes.list({ deviceId, limit: 200 })))).flat();
    return plan.steps.map((s) => all.filter((r) => r.authority.kind === 'approved_plan' && r.authority.stepId === s.id && r.status === 'verified').length);
  };

  beforeAll(async () => {
    [fleet, pg] = await Promise.all([startFleet({ devices: DEVICES, profile: 'home', version: '7.20.5', users: [{ ...USER, group: 'full' }] }), startPostgres()]);
    databaseUrl = await pg.createDatabase();
    dir = tempDir();
    const logStream = new PassThrough();
    logStream.resume();
    const config = loadConfig({ env: env(), homeDir: '/nonexistent' });
    admin = (await buildContainer(config, { logStream })).get(AdminServices);
    server = (await buildContainer(config, { logStream, migrate: false, runPlans: false })).get(ServerServices);
    for (const device of fleet.devices) await admin.devices.enroll({ id: 'spec', via: 'admin-cli' }, ...enrollmentOf(device, `r${device.index}`, USER, { capabilities: FULL }));
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
    await waitFor(async () => (/runner child ready/.test(a.log()) && /runner child ready/.test(b.log()) ? true : undefined), () => `both replicas ready: ${a.log()} ${b.log()}`);
    const plan = await applied('192.0.2.91', {});
    await waitFor(async () => (endedHere(a.log(), plan.id) || endedHere(b.log(), plan.id) ? true : undefined), () => `the plan to end (a: ${a.log().slice(-1500)} b: ${b.log().slice(-1500)})`);
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
    const leader = await waitFor(async () => (runsHere(a.log(), plan.id) ? a : runsHere(b.log(), plan.id) ? b : undefined), () => 'a replica to lead the plan');
    const other = leader === a ? b : a;
    await waitFor(async () => ((await server.plans.get(plan.id)).executionLog.some((e) => e.kind === 'gate') ? true : undefined), () => 'the canary gate');
    leader.child.kill('SIGKILL');
    await leader.exited;
    await waitFor(async () => (endedHere(other.log(), plan.id) ? true : undefined), () => `the other replica to finish it (${other.log().slice(-2000)})`, 180_000);
    const done = await server.plans.get(plan.id);
    expect(done.status).toBe('completed');
    expect(runsHere(other.log(), plan.id)).toBe(1);
    expect(await verifiedPerStep(done)).toEqual(Array(DEVICES).fill(1));
    other.child.kill('SIGTERM');
    await other.exited;
  }, 300_000);
});
