import { AdminServices, buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { enrollmentOf, Fleet, simControl, startFleet, useTestDatabases } from '@routeros-mcp/testing';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { MAIN, runAdmin } from './cli-runner';

const SIM_USER = { name: 'admin', password: 'sim-pw' };
const MODEL = { id: 'model', via: 'stdio' };
const DEVICES = ['r0', 'r1', 'r2', 'r3'];
// A canary, then batches of two: [r0] [r1 r2] [r3], a pause between them so the rollout has something to watch.
const ROLLOUT = { canarySize: 1, batchSize: 2, pauseSeconds: 1 };
const databases = useTestDatabases();
let fleet: Fleet;

beforeAll(async () => (fleet = await startFleet({ devices: DEVICES.length, profile: 'home', version: '7.20.5', users: [{ ...SIM_USER, group: 'full' }] })), 60_000);
afterAll(() => fleet.stop());

/** `plan status --watch` as a separate process off a terminal: its output line by line, as the lines arrive. */
function watch(planId: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN, 'plan', 'status', planId, '--watch', '--interval', '100'], {
    env: { PATH: process.env['PATH']!, HOME: process.env['HOME'] ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  const waiters: { test: RegExp; resolve: (line: string) => void }[] = [];
  child.stderr.on('data', (d) => (stderr += d));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters.filter((x) => x.test.test(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    lines,
    exited,
    stderr: () => stderr,
    /** The first line matching, already printed or still to come; fails if the watch exits first. */
    line: (test: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const seen = lines.find((l) => test.test(l));
        if (seen) return resolve(seen);
        waiters.push({ test, resolve });
        void exited.then((code) => reject(new Error(`watch exited (${code}) before a line matched ${test}:\n${lines.join('\n')}\n${stderr}`)));
      }),
  };
}

/** `done/total` of every batch in a `status` line, in batch order. */
const batchCounts = (line: string) => [...line.matchAll(/batch \d\/\d(?: \(canary\))?: (\d+)\/(\d+) done/g)].map((m) => Number(m[1]));
const statusLines = (lines: string[]) => lines.filter((l) => l.startsWith('status '));
const logLines = (lines: string[]) => lines.filter((l) => l.startsWith('log '));

describe.each([
  ['SQLite', async () => ({ ROUTEROS_MCP_DATA_DIR: databases.dataDir() })],
  ['PostgreSQL', async () => ({ ROUTEROS_MCP_DATA_DIR: databases.dataDir(), ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() })],
])('plan status --watch on %s, while a server process runs the rollout', (engine, envOf) => {
  let env: Record<string, string>;
  let server: ServerServices;

  /** Created by the model, approved at the admin CLI (a separate process): ready for plan_apply. */
  async function approvedPlan(servers: string[]): Promise<string> {
    const plan = await server.plans.create('dns_ntp', { devices: DEVICES, change: { dns: { servers } }, rollout: ROLLOUT }, MODEL);
    expect(await runAdmin(['plan', 'approve', plan.id, '--yes'], { env })).toMatchObject({ code: 0 });
    return plan.id;
  }

  beforeAll(async () => {
    env = await envOf();
    const logStream = new PassThrough();
    logStream.resume();
    const config = readServiceConfig({ env: { ...env, ROUTEROS_MCP_LOG_LEVEL: 'warn' } });
    const admin = (await buildContainer(config, { logStream })).get(AdminServices);
    try {
      for (const device of fleet.devices) {
        await admin.devices.enroll({ id: 'spec', via: 'admin-cli' }, ...enrollmentOf(device, `r${device.index}`, SIM_USER, { capabilities: { allow_professional_workflows: true } }));
      }
    } finally {
      await admin.close();
    }
    // The server side: this process's composition with its rollout runner started (as the MCP servers have it).
    server = (await buildContainer(config, { logStream, migrate: false })).get(ServerServices);
  }, 120_000);
  afterAll(() => server?.close());
  afterEach(async () => {
    for (const device of fleet.devices) await simControl(fleet, 'DELETE', `/devices/${device.index}/faults`);
  });

  it('prints a line per change as the batches advance, and exits 0 when the plan completed', async () => {
    const planId = await approvedPlan(engine === 'SQLite' ? ['192.0.2.61'] : ['192.0.2.62']);
    const watching = watch(planId, env);
    // Watching from before the start: the first state it shows is the approved plan, nothing done.
    expect(await watching.line(/^status /)).toMatch(new RegExp(`^status ${planId} approved 0/4 \\| batch 1/3 \\(canary\\): 0/1 done \\| batch 2/3: 0/2 done \\| batch 3/3: 0/1 done$`));
    await server.plans.apply(planId, MODEL);

    expect(await watching.exited).toBe(0);
    const lines = watching.lines;
    expect(watching.stderr()).toBe('');
    expect(lines.at(-1)).toBe(`Plan ${planId} completed.`);

    // The runner's log, in order: each batch applied and its gate passed before the next batch starts.
    const log = logLines(lines).map((l) => l.replace(/^log \S+ {2}/, ''));
    expect(log[0]).toMatch(/^pending → approved by os:/);
    expect(log[1]).toBe('approved → executing by model');
    const at = (re: RegExp) => log.findIndex((l) => re.test(l));
    const gates = [1, 2, 3].map((n) => at(new RegExp(`^batch ${n}/3: health gate passed`)));
    expect(gates.every((i) => i > 0)).toBe(true);
    expect(at(/^batch 1\/3: r0 applied and verified/)).toBeLessThan(gates[0]);
    for (const device of ['r1', 'r2']) expect(at(new RegExp(`^batch 2/3: ${device} applied and verified`))).toBeGreaterThan(gates[0]);
    for (const device of ['r1', 'r2']) expect(at(new RegExp(`^batch 2/3: ${device} applied and verified`))).toBeLessThan(gates[1]);
    expect(at(/^batch 3\/3: r3 applied and verified/)).toBeGreaterThan(gates[1]);
    expect(at(/executing → completed by system/)).toBeGreaterThan(gates[2]);

    // One status line per change, each batch's count only ever rising, ending with every batch done and its gate passed.
    const statuses = statusLines(lines);
    expect(new Set(statuses).size).toBe(statuses.length);
    const counts = statuses.map(batchCounts);
    for (let i = 1; i < counts.length; i++) counts[i].forEach((n, b) => expect(n).toBeGreaterThanOrEqual(counts[i - 1][b]));
    expect(statuses.at(-1)).toBe(
      `status ${planId} completed 4/4 | batch 1/3 (canary): 1/1 done (1 applied, gate passed) | batch 2/3: 2/2 done (2 applied, gate passed) | batch 3/3: 1/1 done (1 applied, gate passed)`,
    );

    // The plain status of the ended plan, and the same as JSON.
    const shown = await runAdmin(['plan', 'status', planId], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^status: +completed$/m);
    expect(shown.stdout).toMatch(/^2\/3 +r1,r2 +2\/2 +2 +0 +0 +passed$/m);
    const json = JSON.parse((await runAdmin(['plan', 'status', planId, '--json'], { env })).stdout);
    expect(json).toMatchObject({ plan_id: planId, status: 'completed', final: true, progress: { done: 4, total: 4 } });
    expect(json.batches.map((b: { applied: number; gate: string }) => [b.applied, b.gate])).toEqual([[1, 'passed'], [2, 'passed'], [1, 'passed']]);
  }, 240_000);

  it('exits non-zero when the health gate of the second batch fails and the plan is rolled back', async () => {
    const planId = await approvedPlan(engine === 'SQLite' ? ['192.0.2.71'] : ['192.0.2.72']);
    await simControl(fleet, 'PUT', '/devices/2/faults', { cpuLoadPercent: 99 });
    const watching = watch(planId, env);
    await watching.line(/^status .* approved /);
    await server.plans.apply(planId, MODEL);

    expect(await watching.exited).toBe(3);
    const log = logLines(watching.lines).map((l) => l.replace(/^log \S+ {2}/, ''));
    const at = (re: RegExp) => log.findIndex((l) => re.test(l));
    expect(at(/^batch 2\/3: health gate failed: r2 \(/)).toBeGreaterThan(at(/^batch 1\/3: health gate passed/));
    expect(at(/executing → rolling_back by system: halted: batch 2\/3/)).toBeGreaterThan(at(/^batch 2\/3: health gate failed/));
    // Newest first: batch 2's devices, then the canary.
    const rollbacks = log.filter((l) => l.startsWith('rollback: ')).map((l) => l.split(' ')[1]);
    expect(rollbacks.slice(-1)).toEqual(['r0']);
    expect(rollbacks.slice(0, 2).sort()).toEqual(['r1', 'r2']);
    expect(at(/rolling_back → rolled_back by system/)).toBeGreaterThan(at(/^rollback: r0 /));
    expect(statusLines(watching.lines).at(-1)).toBe(
      `status ${planId} rolled_back 4/4 | batch 1/3 (canary): 1/1 done (1 rolled back, gate passed) | batch 2/3: 2/2 done (2 rolled back, gate failed) | batch 3/3: 1/1 done (1 skipped)`,
    );
    expect(watching.lines.at(-1)).toBe(`Plan ${planId} ended rolled_back.`);
  }, 240_000);
});
