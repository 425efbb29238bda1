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
  env = { ...auth.env, ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: LEASE_MS };
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
    const settled = await waitFor(
      async () => {
        const list = await viaB.callTool('change_list', { device_id: 'r-1' });
        const items = list.structuredContent.items as { change_id: string; status: string }[];
        return items.find((c) => c.status !== 'applying' && c.status !== 'proposed');
      },
      'the interrupted change settled',
      90_000,
    );
    expect(settled.status).toBe('reverted');
    const record = await viaB.callTool('change_get', { change_id: settled.change_id });
    expect(record.structuredContent).toMatchObject({ status: 'reverted', outcome: expect.stringMatching(/^interrupted \(the process ended mid-change\) and recovered/) });
    expect(await identity()).toBe(before);
    expect(b.lines.some((line) => line.includes('interrupted change settled') && line.includes(settled.change_id))).toBe(true);

    const again = await viaB.callTool('system_set_identity', { device_id: 'r-1', name: 'half-written' });
    expect(again.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    expect(await identity()).toBe('half-written');
  }, 180_000);
});
