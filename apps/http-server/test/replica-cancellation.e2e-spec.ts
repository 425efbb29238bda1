import { type AuditEvent, buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { Fleet, PostgresServer, simControl, startFleet, startPostgres, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createToken } from './http-auth';
import type { RunningHttpServer } from './http-server.harness';
import { Deployment, deploymentOn, enrollFleet, startReplica } from './replica-fleet';
import { deviceBusy, waitFor } from './wait-for';

/*
 * Issue 22 item 2 across replicas: a 2025-era stateless client's `notifications/cancelled` may reach another replica
 * than the request it names (no sticky sessions). The replica it reaches tells the others (PostgreSQL NOTIFY); the one
 * running that caller's request cancels it: the device request is abandoned, the request's stream ends without an
 * answer, and the audit record says cancelled.
 */
const dir = tempDir('http-replica-cancel-');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let pg: PostgresServer;
let fleet: Fleet;
let deployment: Deployment;
let a: RunningHttpServer;
let b: RunningHttpServer;
let reader: ServerServices;
let token: string;

beforeAll(async () => {
  pg = await startPostgres();
  fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
  deployment = deploymentOn(await pg.createDatabase());
  const adminDir = join(dir.path, 'admin');
  await enrollFleet(deployment, adminDir, fleet, ['r-1']);
  token = await createToken(adminDir, 'admin', 'replica-cancel', deployment.env);
  // Device requests never time out on their own: only the cancellation ends them. No health polls meanwhile.
  const env = { ROUTEROS_MCP_AUTH: 'tokens', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000', ROUTEROS_MCP_HEALTH_POLL_INTERVAL_MS: '3600000' };
  [a, b] = await Promise.all([startReplica(deployment, join(dir.path, 'a'), env), startReplica(deployment, join(dir.path, 'b'), env)]);
  // The one health round (by whichever replica holds the job) is over before a latency fault could hold it.
  await waitFor(() => ([...a.lines, ...b.lines].some((line) => line.includes('"health polled"')) ? true : undefined), 'the health round');
  reader = (await buildContainer(readServiceConfig({ env: { ...deployment.env, ROUTEROS_MCP_DATA_DIR: adminDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough(), migrate: false, runPlans: false })).get(ServerServices);
}, 180_000);
afterAll(async () => {
  await reader?.close();
  await simControl(fleet, 'DELETE', '/devices/0/faults').catch(() => undefined);
  await simControl(fleet, 'POST', '/reset').catch(() => undefined);
  await Promise.all([a?.stop(), b?.stop()]);
  await fleet?.stop();
  pg?.stop();
  dir.remove();
});

/** A 2025-era stateless POST of one JSON-RPC message to `server`. */
const post = (server: RunningHttpServer, message: Record<string, unknown>) =>
  fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` }, body: JSON.stringify(message) });

/** The JSON-RPC frames of an answer body (JSON, or the data events of an SSE stream). */
const framesOf = (text: string): any[] => (text.trimStart().startsWith('{') ? [JSON.parse(text)] : text.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5))));

it('cancels a request running on one replica from a notification posted to the other', async () => {
  await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 600_000 });
  const since = new Date();
  const body = post(a, { jsonrpc: '2.0', id: 'far-1', method: 'tools/call', params: { name: 'system_get_overview', arguments: { device_id: 'r-1' } } }).then((r) => r.text());
  await deviceBusy(fleet, 0);
  expect((await post(b, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'far-1', reason: 'the user pressed stop' } })).status).toBe(202);

  // Replica a ends the request's stream with no answer for it, and gives up what it asked of the device.
  expect(framesOf(await body).filter((f) => f.id === 'far-1')).toEqual([]);
  await waitFor(async () => {
    const stats = (await simControl(fleet, 'GET', '/devices/0/state')).rest_stats as { inFlight: number; abandoned: number };
    return stats.abandoned > 0 && stats.inFlight === 0 ? true : undefined;
  }, 'the device requests abandoned');
  const record = await waitFor(async () => (await reader.audit.recent({ action: 'tool.system_get_overview', since, limit: 10 })).find((e: AuditEvent) => e.outcome !== 'started'), 'the settled audit record');
  expect(record).toMatchObject({ outcome: 'cancelled', errorCode: 'CALL.CANCELLED', note: 'the client cancelled the call (notifications/cancelled)' });
  await a.waitForLine(/^(?=.*"message":"tool call cancelled")(?=.*"how":"notification")/);
}, 120_000);
