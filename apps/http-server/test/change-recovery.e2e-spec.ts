import { connectHttp, EraClient, Fleet, simControl, startFleet, startPostgres, PostgresServer, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import type { RunningHttpServer } from './http-server.harness';
import { replicaAuth } from './replica-auth';
import { Deployment, deploymentOn, enrollFleet, startReplica } from './replica-fleet';
import { waitFor } from './wait-for';

// A replica that dies mid-change (SIGKILL) leaves nothing half-written: another replica on the same PostgreSQL
// finds the change its process left `applying`, undoes it on the device and says so in the change record.
const dir = tempDir('http-recovery-');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
/** Short, so the dead replica's device lock runs out soon; the sweep runs every lease. */
const LEASE_MS = '3000';
let pg: PostgresServer;
let fleet: Fleet;
let deployment: Deployment;
let a: RunningHttpServer;
let b: RunningHttpServer;
let token: string | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  pg = await startPostgres();
  fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
  deployment = deploymentOn(await pg.createDatabase());
  await enrollFleet(deployment, join(dir.path, 'admin'), fleet, ['r-1']);
  const auth = await replicaAuth(deployment, join(dir.path, 'admin'));
  token = auth.token;
  // The test polls change_list until the record settles: a budget a loaded CI machine cannot exhaust.
  env = { ...auth.env, ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: LEASE_MS, ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '100000' };
  // a waits on a device that does not answer for as long as it lives: it is killed in the middle of that wait.
  a = await startReplica(deployment, join(dir.path, 'a'), { ...env, ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000' });
  b = await startReplica(deployment, join(dir.path, 'b'), env);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await fleet?.stop();
  pg?.stop();
  dir.remove();
});

interface AuditItem {
  outcome: string;
  error_code: string | null;
  device_id: string | null;
  note: string | null;
  correlation_id: string | null;
}

/** The audit records of `action` once none is left `started` (b's sweep settles what a dead replica left). */
function settledRecords(client: EraClient, action: string): Promise<AuditItem[]> {
  return waitFor(
    async () => {
      const items = (await client.callTool('audit_list_events', { action, limit: 50 })).structuredContent.items as AuditItem[];
      return items.length > 0 && items.every((e) => e.outcome !== 'started') ? items : undefined;
    },
    `the records of ${action} settled`,
    90_000,
    500,
  );
}

describe('a replica killed in the middle of a write', () => {
  let viaA: EraClient;
  let viaB: EraClient;
  beforeAll(async () => {
    [viaA, viaB] = await Promise.all([connectHttp('modern', a.url, { token }), connectHttp('modern', b.url, { token })]);
  });
  afterAll(async () => {
    await Promise.all([viaA?.close().catch(() => undefined), viaB?.close()]);
  });

  it('leaves the device as it was, the record says so on the other replica, and the write then goes through there', async () => {
    const identity = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name as string;
    const before = await identity();
    // The write lands on the device, whose answer never comes: a holds the call at the write when it is killed.
    await simControl(fleet, 'PUT', '/devices/0/faults', { freezeAfterWrite: true });
    const from = a.lines.length;
    const held = viaA.callTool('system_set_identity', { device_id: 'r-1', name: 'half-written' }).catch((error: unknown) => error);
    await a.waitUntil((lines) => lines.slice(from).some((line) => line.includes('tool call received') && line.includes('system_set_identity')), 'a received the write');
    await waitFor(async () => ((await identity()) === 'half-written' ? true : undefined), 'the write on the device');
    expect(await a.stop('SIGKILL')).toBeNull();
    // The caller never saw the change verified: its call failed with the connection.
    expect(await held).toMatchObject({ message: expect.any(String) });
    await simControl(fleet, 'DELETE', '/devices/0/faults');

    // Read as a client would, through b: the change a left `applying` is settled once its lease ran out.
    // Polled at a pace a client would keep: a tight loop spends the caller's rate-limit budget.
    const settled = await waitFor(
      async () => {
        const list = await viaB.callTool('change_list', { device_id: 'r-1' });
        if (list.isError) throw new Error(`change_list failed: ${JSON.stringify(list.content)}`);
        const items = list.structuredContent.items as { change_id: string; status: string }[];
        return items.find((c) => c.status !== 'applying' && c.status !== 'proposed');
      },
      'the interrupted change settled',
      90_000,
      500,
    );
    expect(settled.status).toBe('reverted');
    const record = await viaB.callTool('change_get', { change_id: settled.change_id });
    expect(record.structuredContent).toMatchObject({ status: 'reverted', outcome: expect.stringMatching(/^interrupted \(the process ended mid-change\) and recovered/) });
    expect(await identity()).toBe(before);
    expect(b.lines.some((line) => line.includes('interrupted change settled') && line.includes(settled.change_id))).toBe(true);
    // The call left its record before it wrote, settled by b as interrupted, naming the change's end; the change's own too.
    const calls = await settledRecords(viaB, 'system_set_identity');
    expect(calls).toMatchObject([{ outcome: 'interrupted', error_code: 'CALL.INTERRUPTED', device_id: 'r-1', note: expect.stringContaining(`change ${settled.change_id} reverted`) }]);
    expect(await settledRecords(viaB, 'change.apply')).toMatchObject([{ outcome: 'interrupted', error_code: 'CHANGE.INTERRUPTED', device_id: 'r-1' }]);

    const again = await viaB.callTool('system_set_identity', { device_id: 'r-1', name: 'half-written' });
    expect(again.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    expect(await identity()).toBe('half-written');
  }, 180_000);
});

describe('a replica killed before its first write', () => {
  it('leaves the call and the change recorded; another replica settles both as interrupted, nothing written', async () => {
    const viaB = await connectHttp('modern', b.url, { token });
    // c holds the change `proposed` while the export before it never comes.
    const c = await startReplica(deployment, join(dir.path, 'c'), { ...env, ROUTEROS_MCP_SNAPSHOT_BEFORE_CHANGE_MAX_AGE_S: '0', ROUTEROS_MCP_SNAPSHOT_BEFORE_CHANGE_TIMEOUT_S: '600' });
    const viaC = await connectHttp('modern', c.url, { token });
    try {
      const identity = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name as string;
      const before = await identity();
      const known = new Set(((await viaB.callTool('change_list', { device_id: 'r-1' })).structuredContent.items as { change_id: string }[]).map((x) => x.change_id));
      await simControl(fleet, 'PUT', '/devices/0/faults', { slowExportMs: 600_000 });
      const held = viaC.callTool('system_set_identity', { device_id: 'r-1', name: 'never-written' }).catch((error: unknown) => error);
      const proposed = await waitFor(async () => {
        const items = (await viaB.callTool('change_list', { device_id: 'r-1', status: 'proposed' })).structuredContent.items as { change_id: string }[];
        return items.find((x) => !known.has(x.change_id));
      }, 'the change recorded proposed', 90_000, 200);
      expect(await c.stop('SIGKILL')).toBeNull();
      await held;
      await simControl(fleet, 'DELETE', '/devices/0/faults');

      const calls = await settledRecords(viaB, 'system_set_identity');
      const record = (await viaB.callTool('change_get', { change_id: proposed.change_id })).structuredContent;
      expect(record).toMatchObject({ status: 'failed', outcome: 'interrupted before its first write; nothing was written' });
      expect(calls.filter((e) => e.outcome === 'interrupted' && e.note?.includes(`change ${proposed.change_id} failed`))).toHaveLength(1);
      const applies = await settledRecords(viaB, 'change.apply');
      expect(applies.filter((e) => e.outcome === 'interrupted')).toHaveLength(2);
      expect(await identity()).toBe(before);
    } finally {
      await Promise.all([viaC.close().catch(() => undefined), viaB.close()]);
      await c.stop().catch(() => undefined);
    }
  }, 180_000);
});
