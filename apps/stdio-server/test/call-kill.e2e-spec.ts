import { type AuditEvent, ServerServices } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient } from './era-client';
import { connectStdio, enrollWriters, killServer, serviceReader } from './fleet-setup';

/*
 * kill -9 of the real stdio server in the middle of a write call, at three points: while it reads the device (no
 * change recorded yet), before its first write (the change `proposed`, the snapshot before it held up), and after
 * the write landed (the device's answer never comes). Every call leaves an audit record from before it reached the
 * device; a new server on the same data settles each as `interrupted`, naming its change's end state, and the
 * change's own record with it. No call is left without a trace, and none stays `started`.
 */
const dir = tempDir('call-kill-e2e-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const WRITES = { allow_advanced_writes: true };
/**
 * Short leases, so a dead server's records are soon taken up (the sweep runs every second); device requests that
 * never time out, so the killed server is still waiting where it was held; a snapshot before every change, waited
 * for as long as it takes (the `proposed` point holds there).
 */
const ENV = {
  ROUTEROS_MCP_LOG_LEVEL: 'warn',
  ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000',
  ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000',
  ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000',
  ROUTEROS_MCP_SNAPSHOT_BEFORE_CHANGE_MAX_AGE_S: '0',
  ROUTEROS_MCP_SNAPSHOT_BEFORE_CHANGE_TIMEOUT_S: '600',
};
let fleet: Fleet;
let reader: ServerServices;

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [0, 1, 2].map((i) => ({ id: `w${i}`, device: fleet.devices[i], environment: 'lab' as const, capabilities: WRITES })));
  // Reads the audit log and the change records; never sweeps (migrate: false) nor runs plans: the servers under test do.
  reader = await serviceReader(dataDir);
}, 180_000);
afterAll(async () => {
  await reader?.close();
  for (let i = 0; i < 3; i++) await simControl(fleet, 'DELETE', `/devices/${i}/faults`).catch(() => undefined);
  await fleet?.stop();
  dir.remove();
});

const stateOf = (i: number) => simControl(fleet, 'GET', `/devices/${i}/state`);
const identityOf = async (i: number) => (await stateOf(i)).config['system/identity'][0].name as string;

/** The audit records of the identity calls and of the changes made for them. */
async function auditOf(): Promise<AuditEvent[]> {
  return (await Promise.all(['tool.system_set_identity', 'change.apply', 'change.recover'].map((action) => reader.audit.recent({ action, limit: 500 })))).flat();
}
const callRecords = (events: AuditEvent[], name: string) => events.filter((e) => e.action === 'tool.system_set_identity' && e.arguments?.['name'] === name);

/** Starts the server, calls system_set_identity, and SIGKILLs the server once `reached` holds; waits until it is gone. */
async function killMidCall(device: string, name: string, reached: () => Promise<boolean>): Promise<void> {
  const client: EraClient = await connectStdio(dataDir, ENV);
  const call = client.callTool('system_set_identity', { device_id: device, name }).then(
    () => 'answered',
    () => 'no answer',
  );
  await waitFor(async () => ((await reached()) ? true : undefined), `${name}: the kill point`);
  await killServer(client);
  expect(await call).toBe('no answer');
}

describe('the stdio server killed with SIGKILL in the middle of write calls, then started again', () => {
  it('leaves a record of every call before it reaches the device, settled as interrupted with its change by the next server', async () => {
    const before = await Promise.all([0, 1, 2].map(identityOf));
    /** Right after a kill, before another server starts (each sweeps at start): the call's record, still `started`, and its change's. */
    const leftBy = async (name: string, deviceId: string) => {
      const events = await auditOf();
      const [change] = deviceId === 'w0' ? [] : await reader.changes.list({ deviceId, limit: 1 });
      expect([name, callRecords(events, name).map((e) => e.outcome)]).toEqual([name, ['started']]);
      if (change) expect([change.id, events.filter((e) => e.action === 'change.apply' && e.arguments?.['change_id'] === change.id).map((e) => e.outcome)]).toEqual([change.id, ['started']]);
      return change;
    };

    // 1. Reading the device: it never answers. Nothing is recorded as a change yet.
    await simControl(fleet, 'PUT', '/devices/0/faults', { hang: true });
    await killMidCall('w0', 'kill-reading', async () => (await stateOf(0)).rest_stats.inFlight > 0);
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    expect(await reader.changes.list({ deviceId: 'w0', limit: 1 })).toEqual([]);
    await leftBy('kill-reading', 'w0');

    // 2. Before the first write: the change recorded `proposed`, the export before it held up.
    await simControl(fleet, 'PUT', '/devices/1/faults', { slowExportMs: 600_000 });
    await killMidCall('w1', 'kill-proposed', async () => (await reader.changes.list({ deviceId: 'w1', status: 'proposed', limit: 1 })).length > 0);
    await simControl(fleet, 'DELETE', '/devices/1/faults');
    const proposed = await leftBy('kill-proposed', 'w1');
    expect(proposed.status).toBe('proposed');

    // 3. The write landed; the device's answer never comes.
    await simControl(fleet, 'PUT', '/devices/2/faults', { freezeAfterWrite: true });
    await killMidCall('w2', 'kill-written', async () => (await identityOf(2)) === 'kill-written');
    await simControl(fleet, 'DELETE', '/devices/2/faults');
    const written = await leftBy('kill-written', 'w2');
    expect(written.status).toBe('applying');

    // A new server on the same data settles them once the dead one's leases ran out.
    const client = await connectStdio(dataDir, ENV);
    try {
      const settled = await waitFor(async () => {
        const events = await auditOf();
        const changes = await Promise.all([proposed.id, written.id].map((id) => reader.changes.get(id)));
        const pending = events.some((e) => e.outcome === 'started') || changes.some((c) => c.status === 'proposed' || c.status === 'applying');
        return pending ? undefined : events;
      }, 'every record of the killed calls settled');

      const [failed, reverted] = await Promise.all([proposed.id, written.id].map((id) => reader.changes.get(id)));
      expect([failed.status, reverted.status]).toEqual(['failed', 'reverted']);
      const calls = ['kill-reading', 'kill-proposed', 'kill-written'].map((name) => callRecords(settled, name));
      // One record per call (0 calls without a trace), each interrupted, saying what became of its change.
      expect(calls.map((records) => records.length)).toEqual([1, 1, 1]);
      for (const [record] of calls) expect(record).toMatchObject({ outcome: 'interrupted', errorCode: 'CALL.INTERRUPTED', deviceId: expect.stringMatching(/^w[012]$/) });
      expect(calls[0][0].note).toMatch(/no change was recorded for it/);
      expect(calls[1][0].note).toContain(`change ${failed.id} failed`);
      expect(calls[2][0].note).toContain(`change ${reverted.id} reverted`);
      // The changes' own records: interrupted, with the recovery's record beside them.
      for (const change of [failed, reverted]) {
        const apply = settled.filter((e) => e.action === 'change.apply' && e.arguments?.['change_id'] === change.id);
        expect([change.id, apply.map((e) => [e.outcome, e.errorCode])]).toEqual([change.id, [['interrupted', 'CHANGE.INTERRUPTED']]]);
        expect(apply[0].note).toContain(change.status);
        expect(settled.filter((e) => e.action === 'change.recover' && e.arguments?.['change_id'] === change.id)).toHaveLength(1);
      }
      expect(await Promise.all([0, 1, 2].map(identityOf))).toEqual(before);

      // The audit tool shows them as such.
      const listed = (await client.callTool('audit_list_events', { action: 'system_set_identity', limit: 10 })).structuredContent.items as { outcome: string; note: string | null }[];
      expect(listed.filter((e) => e.outcome === 'interrupted')).toHaveLength(3);
      expect(listed.every((e) => e.outcome !== 'interrupted' || (e.note ?? '').length > 0)).toBe(true);
    } finally {
      await client.close();
    }
  }, 300_000);
});
