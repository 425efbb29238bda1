import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { connectEra, EraClient, Fleet, simControl, tempDir, waitFor } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import * as sqlite3 from 'sqlite3';
import { runAdmin, startAdmin } from './cli-runner';
import { STDIO_SERVER, startWritableFleet } from './writable-fleet';

/*
 * Issue 22 (untested: CLI and stdio server on one SQLite file). `routeros-mcp-admin plan rollback` runs a plan's
 * rollback in its own process while a stdio server on the same data directory looks for plans to run: exactly one of
 * them may run it (the plan's job is a lease row in the SQLite file). The CLI leads the rollback; its first undo is
 * held by a device lock the spec holds (a row in the same file), so the server, started meanwhile, finds the plan
 * `rolling_back` at its start-up scan while the CLI's run is still going, whatever the machine's speed. The server
 * must leave it to the CLI; then the lock goes and the CLI finishes, each device undone once.
 */
const SIM_USER = { name: 'admin', password: 'shared-Pw-7' };
const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true };
const DEVICES = ['edge-0', 'edge-1'];
const dir = tempDir('shared-data-dir-');
const dataDir = join(dir.path, 'data');
const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '30000' };
let fleet: Fleet;

beforeAll(async () => {
  fleet = await startWritableFleet(dataDir, DEVICES, SIM_USER, FLAGS);
}, 180_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});

/** The built stdio server on the data directory, logging at `level` to the stderr answered alongside. */
async function stdioServer(level: string): Promise<{ client: EraClient; stderr: () => string }> {
  const client = await connectEra('modern', { command: process.execPath, args: [STDIO_SERVER], env: { PATH: process.env['PATH']!, ...env, ROUTEROS_MCP_TOOLSETS: 'all', ROUTEROS_MCP_LOG_LEVEL: level } });
  let stderr = '';
  client.transport.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return { client, stderr: () => stderr };
}
const ok = async (client: EraClient, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool(name, args);
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
};
const dnsOf = async (i: number) => (await simControl(fleet, 'GET', `/devices/${i}/state`)).config['ip/dns'][0]['servers'];
/** The log lines of `log` about `planId` that say `message`. */
const said = (log: string, message: string, planId: string) => log.split('\n').filter((line) => line.includes(`"${message}"`) && line.includes(planId));

/** The model's side makes a plan for both devices, a person approves it, the model applies it and waits for its end, then goes away. */
async function appliedAndCompleted(dns: string): Promise<string> {
  const model = await stdioServer('error');
  try {
    const plan = await ok(model.client, 'plan_dns_ntp', { devices: DEVICES, dns_servers: [dns], rollout: { canary_size: 1, batch_size: 1, pause_seconds: 0 } });
    const planId = plan.plan_id as string;
    expect((await runAdmin(['plan', 'approve', planId, '--yes'], { env })).code).toBe(0);
    await ok(model.client, 'plan_apply', { plan_id: planId });
    const status = await waitFor(async () => {
      const s = (await ok(model.client, 'plan_status', { plan_id: planId })).status as string;
      return ['executing', 'approved'].includes(s) ? undefined : s;
    }, `plan ${planId} to end`, 240_000, 500);
    expect(status).toBe('completed');
    return planId;
  } finally {
    await model.client.close();
  }
}

/** Another process's hold on the devices' write locks, as rows in the SQLite file: released by the function answered. */
async function holdDeviceLocks(deviceIds: string[]): Promise<() => Promise<void>> {
  const db = new sqlite3.Database(join(dataDir, 'routeros-mcp.sqlite'));
  const run = (sql: string, params: unknown[]) => new Promise<void>((resolve, reject) => db.run(sql, params, (error) => (error ? reject(error) : resolve())));
  await run('PRAGMA busy_timeout = 10000', []);
  const now = Date.now();
  for (const id of deviceIds) await run('INSERT INTO device_locks (device_id, change_id, holder, expires_at, acquired_at) VALUES (?, ?, ?, ?, ?)', [id, 'spec-hold', 'spec', now + 600_000, now]);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await run("DELETE FROM device_locks WHERE holder = 'spec'", []);
    await new Promise((resolve) => db.close(resolve));
  };
}

describe('the admin CLI and a stdio server on one SQLite data directory', () => {
  it('plan rollback runs in the CLI alone: the server started meanwhile finds the plan led and leaves it; every device is undone once', async () => {
    const before = await Promise.all(DEVICES.map((_d, i) => dnsOf(i)));
    const planId = await appliedAndCompleted('192.0.2.93');
    expect(await Promise.all(DEVICES.map((_d, i) => dnsOf(i)))).toEqual(['192.0.2.93', '192.0.2.93']);

    const releaseLocks = await holdDeviceLocks(DEVICES);
    // The CLI waits for the device lock as long as the spec holds it (within a generous bound), logging its run.
    const cli = startAdmin(['plan', 'rollback', planId, '--yes'], { env: { ...env, ROUTEROS_MCP_LOG_LEVEL: 'info', ROUTEROS_MCP_CHANGE_LOCK_WAIT_MS: '600000' } });
    let server: { client: EraClient; stderr: () => string } | undefined;
    try {
      await waitFor(() => (said(cli.stderr(), 'plan runs here', planId).length > 0 ? true : undefined), `the CLI to lead ${planId} (its stderr: ${cli.stderr().slice(-2000)})`, 120_000);
      // A stdio server on the same directory: its first scan at start looks at every rolling_back plan.
      server = await stdioServer('debug');
      expect((await ok(server.client, 'plan_status', { plan_id: planId })).status).toBe('rolling_back');
      const log = server.stderr;
      const looked = await waitFor(() => {
        const lines = [...said(log(), 'plan runs here', planId), ...said(log(), 'plan led by another process; not run here', planId)];
        return lines.length > 0 ? lines : undefined;
      }, `the server to look at ${planId} (its stderr: ${log().slice(-2000)})`, 120_000);
      expect([...new Set(looked.map((line) => JSON.parse(line).message))]).toEqual(['plan led by another process; not run here']);
      await releaseLocks();
      const done = await cli.done;
      expect(done.code).toBe(0);
      expect(done.stdout).toContain(`Plan ${planId} rolled back.`);
      expect((await ok(server.client, 'plan_status', { plan_id: planId })).status).toBe('rolled_back');
      expect(await Promise.all(DEVICES.map((_d, i) => dnsOf(i)))).toEqual(before);
      expect(said(log(), 'plan runs here', planId)).toEqual([]);
      expect(said(cli.stderr(), 'plan runs here', planId)).toHaveLength(1);
      // Each device's change of the plan undone by exactly one change, verified (read as the service reads records).
      const reader = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough().resume(), migrate: false })).get(AdminServices);
      try {
        for (const deviceId of DEVICES) {
          const undos = (await reader.changes.list({ deviceId, limit: 100 })).filter((c) => c.authority.kind === 'approved_plan' && c.authority.planId === planId && c.revertOf);
          expect([deviceId, undos.map((c) => c.status)]).toEqual([deviceId, ['verified']]);
        }
      } finally {
        await reader.close();
      }
    } finally {
      await releaseLocks();
      await server?.client.close();
      await cli.done;
    }
  }, 600_000);
});
