import { type AuditEvent, buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
// eslint-disable-next-line @nx/enforce-module-boundaries -- test code reusing the stdio app's e2e fleet helpers, not a dependency
import { enrollWriters } from '../../stdio-server/test/fleet-setup';
import { createToken } from './http-auth';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { MODERN_META } from './raw-rpc';
import { deviceBusy, waitFor } from './wait-for';

/*
 * Issue 22 item 2 over HTTP, each revision by its own rule. 2026-07-28: closing the response stream cancels its
 * request. 2025-era (stateless): a `notifications/cancelled` from the same caller cancels the request it names; a
 * client that hangs up cancels its request too. Either way the call is abandoned at the device and audited as
 * cancelled (never as a device timeout), and a cancelled request gets no answer.
 */
const dir = tempDir('http-cancel-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;
let reader: ServerServices;
let alice: string;
let mallory: string;

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'slow', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true } }]);
  [alice, mallory] = await Promise.all([createToken(dataDir, 'admin', 'alice'), createToken(dataDir, 'admin', 'mallory')]);
  server = await startHttpServer({
    ROUTEROS_MCP_DATA_DIR: dataDir,
    ROUTEROS_MCP_AUTH: 'tokens',
    ROUTEROS_MCP_LOG_LEVEL: 'debug',
    // Device requests never time out on their own: only a cancellation ends them. One health round, at start.
    ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000',
    ROUTEROS_MCP_HEALTH_POLL_INTERVAL_MS: '3600000',
  });
  await server.waitForLine(/"health polled"/);
  reader = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough(), migrate: false, runPlans: false })).get(ServerServices);
}, 120_000);
afterAll(async () => {
  await reader?.close();
  await server?.stop();
  await fleet?.stop();
  dir.remove();
});
afterEach(async () => {
  await simControl(fleet, 'DELETE', '/devices/0/faults');
  // Requests still waiting out a latency fault end with the reset; its counters start again from zero.
  await simControl(fleet, 'POST', '/reset');
});

type Era = 'legacy' | 'modern';
const restStats = async () => (await simControl(fleet, 'GET', '/devices/0/state')).rest_stats as { inFlight: number; abandoned: number };
const abandonedAtDevice = () => waitFor(async () => {
  const stats = await restStats();
  return stats.abandoned > 0 && stats.inFlight === 0 ? true : undefined;
}, 'the device requests abandoned');

/** A POST of one JSON-RPC message, as a client of `era` sends it. */
function post(era: Era, token: string, message: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  const method = String(message['method']);
  const params = (message['params'] ?? {}) as Record<string, unknown>;
  const body = era === 'modern' ? { ...message, params: { ...params, _meta: MODERN_META } } : message;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${token}`,
    ...(era === 'modern' ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {}) } : {}),
  };
  return fetch(server.url, { method: 'POST', headers, body: JSON.stringify(body), signal });
}

const overview = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'system_get_overview', arguments: { device_id: 'slow' } } });
const cancel = (requestId: string | number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'the user pressed stop' } });

/** The JSON-RPC frames of an answer body (JSON, or the data events of an SSE stream). */
const framesOf = (text: string): any[] => (text.trimStart().startsWith('{') ? [JSON.parse(text)] : text.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5))));

/** The settled record of the newest call of system_get_overview that started at or after `since`. */
const settledOverview = (since: Date) =>
  waitFor(async () => (await reader.audit.recent({ action: 'tool.system_get_overview', since, limit: 10 })).find((e: AuditEvent) => e.outcome !== 'started'), 'the settled audit record');

describe.each([['2026-07-28', 'modern'], ['2025-11-25', 'legacy']] as const)('a client that closes its request over %s', (_label, era) => {
  it('has its call abandoned at the device and audited as cancelled, not as a device timeout', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 600_000 });
    const since = new Date();
    const hangUp = new AbortController();
    const answer = post(era, alice, overview(1), hangUp.signal).then((r) => r.text());
    await deviceBusy(fleet, 0);
    hangUp.abort();
    await expect(answer).rejects.toThrow();
    await abandonedAtDevice();
    const record = await settledOverview(since);
    expect(record).toMatchObject({ outcome: 'cancelled', errorCode: 'CALL.CANCELLED', note: 'the client closed the connection or stream before the answer' });
    expect(record.principal.id).toBe('token:alice');
  }, 90_000);
});

describe('2025-era notifications/cancelled over stateless HTTP', () => {
  it("cancels the caller's own request: its stream ends without an answer, the device request is abandoned, the audit says cancelled", async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 600_000 });
    const since = new Date();
    // (Its SSE headers come with its first event: the body is read whole, not awaited before the cancellation.)
    const body = post('legacy', alice, overview('call-7')).then((r) => r.text());
    await deviceBusy(fleet, 0);
    const notified = await post('legacy', alice, cancel('call-7'));
    expect(notified.status).toBe(202);
    // The stream of the cancelled request ends, carrying no result and no error for it.
    expect(framesOf(await body).filter((f) => f.id === 'call-7')).toEqual([]);
    await abandonedAtDevice();
    expect(await settledOverview(since)).toMatchObject({ outcome: 'cancelled', errorCode: 'CALL.CANCELLED', note: 'the client cancelled the call (notifications/cancelled)' });
    await server.waitForLine(/^(?=.*"message":"tool call cancelled")(?=.*"how":"notification")/);
  }, 90_000);

  it("never cancels another caller's request, whatever id it names", async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 3_000 });
    const since = new Date();
    const body = post('legacy', alice, overview(42)).then((r) => r.text());
    await deviceBusy(fleet, 0);
    // Another principal (its own token) names the same id: nothing is cancelled, the call ends with its answer.
    expect((await post('legacy', mallory, cancel(42))).status).toBe(202);
    const frames = framesOf(await body);
    expect(frames.find((f) => f.id === 42)?.result?.structuredContent).toMatchObject({ routeros_version: expect.stringMatching(/^7\./) });
    expect(await settledOverview(since)).toMatchObject({ outcome: 'success' });
  }, 90_000);
});
