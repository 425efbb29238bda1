import { type AuditEvent, ServerServices } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { enrollWriters, serviceReader } from './fleet-setup';
import { initialize, initialized, RawSession, requestFor } from './raw-session';

/*
 * Issue 22 item 2 over stdio: a call the client cancels (notifications/cancelled) is abandoned, its device request
 * included, gets no answer, is audited as cancelled, and never holds shutdown: closing stdin right after the
 * cancellation ends the server at once, not after the 30 s grace with SERVER_SHUTTING_DOWN for the cancelled id.
 */
const dir = tempDir('stdio-cancel-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
/** Device requests never time out on their own here: only the cancellation can end them. */
const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000', ROUTEROS_MCP_LOG_LEVEL: 'info' };
/** What the stdio server waits for calls still running once stdin closed (run-stdio-server's SHUTDOWN_GRACE_MS). */
const SHUTDOWN_GRACE_MS = 30_000;
let fleet: Fleet;
let reader: ServerServices;

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'slow', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true } }]);
  reader = await serviceReader(dataDir);
}, 120_000);
afterAll(async () => {
  RawSession.killAll();
  await reader?.close();
  await fleet?.stop();
  dir.remove();
});
afterEach(async () => {
  RawSession.killAll();
  await simControl(fleet, 'POST', '/reset');
});

const restStats = async () => (await simControl(fleet, 'GET', '/devices/0/state')).rest_stats as { inFlight: number; abandoned: number };

/** The settled audit record of the call with these arguments (a cancelled one settles once its abort went through). */
const settledRecord = (action: string, match: (e: AuditEvent) => boolean) =>
  waitFor(async () => (await reader.audit.recent({ action, limit: 50 })).find((e) => match(e) && e.outcome !== 'started'), `the settled record of ${action}`);

describe.each([['2025-11-25', 'legacy'], ['2026-07-28', 'modern']] as const)('protocol %s', (_version, era) => {
  const request = requestFor(era);
  const open = async (session: RawSession) => {
    session.send(era === 'legacy' ? initialize(0) : request(0, 'prompts/list', {}));
    if (era === 'legacy') session.send(initialized);
    await session.until(() => session.byId(0) !== undefined);
  };
  const cancel = (requestId: unknown) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'the user pressed stop' } });

  it('abandons a cancelled read at the device, never answers it, audits it cancelled, and exits at once on stdin close', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 600_000 });
    const session = new RawSession(env);
    await open(session);
    session.send(request(5, 'tools/call', { name: 'system_get_overview', arguments: { device_id: 'slow' } }));
    await waitFor(async () => ((await restStats()).inFlight > 0 ? true : undefined), 'the device request in flight');

    session.send(cancel(5));
    // The device sees its requests given up (system_get_overview reads several menus; none is left waiting).
    await waitFor(async () => {
      const stats = await restStats();
      return stats.abandoned > 0 && stats.inFlight === 0 ? true : undefined;
    }, 'the device requests abandoned');
    // The session goes on serving.
    session.send(request(6, 'tools/list', era === 'legacy' ? undefined : {}));
    await session.until(() => session.byId(6) !== undefined);

    const closedAt = Date.now();
    session.close();
    expect(await session.exited).toBe(0);
    // Nothing held shutdown: it did not sit out the grace period meant for calls still running.
    expect(Date.now() - closedAt).toBeLessThan(SHUTDOWN_GRACE_MS);
    expect(session.byId(5)).toBeUndefined();
    expect(session.frames.map((f) => f.id)).toEqual([0, 6]);

    const record = await settledRecord('tool.system_get_overview', () => true);
    expect(record).toMatchObject({ outcome: 'cancelled', errorCode: 'CALL.CANCELLED', note: 'the client cancelled the call (notifications/cancelled)' });
    expect(session.logLines().some((l) => l.message === 'tool call cancelled' && l.how === 'notification')).toBe(true);
    expect(session.logLines().some((l) => /failed/.test(l.message ?? ''))).toBe(false);
  }, 120_000);

  it('abandons a cancelled resource read the same way', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 600_000 });
    const since = new Date();
    const session = new RawSession(env);
    await open(session);
    session.send(request('r', 'resources/read', { uri: 'device://slow/overview' }));
    await waitFor(async () => ((await restStats()).inFlight > 0 ? true : undefined), 'the device request in flight');
    session.send(cancel('r'));
    await waitFor(async () => {
      const stats = await restStats();
      return stats.abandoned > 0 && stats.inFlight === 0 ? true : undefined;
    }, 'the device requests abandoned');
    session.close();
    expect(await session.exited).toBe(0);
    expect(session.byId('r')).toBeUndefined();
    const record = await waitFor(async () => (await reader.audit.recent({ action: 'resource.device-overview', since, limit: 5 })).find((e) => e.outcome !== 'started'), 'the read record');
    expect(record).toMatchObject({ outcome: 'cancelled', errorCode: 'CALL.CANCELLED' });
  }, 120_000);

  it('settles the durable record of a cancelled write as cancelled and changes nothing on the device', async () => {
    const before = (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name;
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 600_000 });
    const session = new RawSession(env);
    await open(session);
    const name = `cancelled-${era}`;
    session.send(request(9, 'tools/call', { name: 'system_set_identity', arguments: { device_id: 'slow', name } }));
    // The write's record is committed `started` before it reaches the device (durable audit), then the device is read.
    await waitFor(async () => ((await restStats()).inFlight > 0 ? true : undefined), 'the device request in flight');
    session.send(cancel(9));
    await waitFor(async () => ((await restStats()).inFlight === 0 ? true : undefined), 'the device requests abandoned');
    session.close();
    expect(await session.exited).toBe(0);
    expect(session.byId(9)).toBeUndefined();

    const record = await settledRecord('tool.system_set_identity', (e) => e.arguments?.['name'] === name);
    expect(record).toMatchObject({ outcome: 'cancelled', errorCode: 'CALL.CANCELLED' });
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    expect((await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name).toBe(before);
  }, 120_000);

  it('ignores a cancellation of an unknown or answered id, and of initialize', async () => {
    const session = new RawSession(env);
    await open(session);
    session.send(cancel(0), cancel('never-sent'), request(3, 'tools/call', { name: 'device_list', arguments: {} }));
    await session.until(() => session.byId(3) !== undefined);
    session.send(cancel(3));
    session.close();
    expect(await session.exited).toBe(0);
    expect(session.byId(3).result.structuredContent.total_count).toBe(1);
  }, 60_000);
});
