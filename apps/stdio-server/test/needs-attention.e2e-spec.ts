import { Fleet, simControl, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';

/*
 * A change left `needs_attention` (the write landed, then the device stopped answering, so its undo could not be
 * confirmed) is re-checked by the server once the device answers again: settled `reverted` when the device holds the
 * before-state, else kept with the re-check recorded (what is left, what to do); never written to by the re-check.
 * Either way an audit record and a device://{id}/config notification. The simulator's write fault freezes the device.
 */
const dir = tempDir('needs-attention-e2e-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
/** Short device timeouts (the frozen device fails the change soon); a sweep every second; polls within the rate limit. */
const ENV = {
  ROUTEROS_MCP_LOG_LEVEL: 'warn',
  ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000',
  ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000',
  ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000',
  ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '1500',
  ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: '1500',
};
let fleet: Fleet;
let client: EraClient;
const log: string[] = [];

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [0, 1].map((i) => ({ id: `n${i}`, device: fleet.devices[i], environment: 'lab' as const, capabilities: { allow_advanced_writes: true } })));
  client = await connectStdio(dataDir, ENV);
  let partial = '';
  client.transport.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    log.push(...lines);
  });
}, 180_000);
afterAll(async () => {
  await client?.close();
  for (const i of [0, 1]) await simControl(fleet, 'DELETE', `/devices/${i}/faults`).catch(() => undefined);
  await fleet?.stop();
  dir.remove();
});

const identityOf = async (i: number) => (await simControl(fleet, 'GET', `/devices/${i}/state`)).config['system/identity'][0].name as string;
const changeGet = async (changeId: string) => (await client.callTool('change_get', { change_id: changeId })).structuredContent;

/**
 * The write lands and the device freezes: the change fails with its undo unconfirmed. Answers its id once the
 * snapshot the pipeline takes after it has given up on the frozen device (its event is out of the way).
 */
async function needsAttention(device: number, name: string): Promise<string> {
  await simControl(fleet, 'PUT', `/devices/${device}/faults`, { freezeAfterWrite: true });
  const failed = await client.failure('system_set_identity', { device_id: `n${device}`, name });
  expect(failed.data).toMatchObject({ step: 'write', end_state: 'needs_attention' });
  const changeId = failed.data.change_id as string;
  expect(await changeGet(changeId)).toMatchObject({ status: 'needs_attention', recheck: null });
  await waitFor(async () => (log.some((line) => line.includes('config snapshot after a change failed') && line.includes(changeId)) ? true : undefined), 'the snapshot after the change to give up');
  return changeId;
}

/** Watches device://n{device}/config; answers the updates as they come. */
async function watch(device: number): Promise<{ updates: { uri: string; _meta?: { etag?: string } }[]; stop: () => Promise<void> }> {
  const updates: { uri: string; _meta?: { etag?: string } }[] = [];
  const stop = await client.watch(`device://n${device}/config`, (params) => void updates.push(params));
  return { updates, stop };
}

describe('a change left needing attention, re-checked once its device answers again', () => {
  it('keeps it needing attention when the device holds the change, records the re-check and tells watchers; change_revert then undoes it', async () => {
    const before = await identityOf(0);
    const changeId = await needsAttention(0, 'stuck-write');
    const watcher = await watch(0);
    await simControl(fleet, 'DELETE', '/devices/0/faults');

    const detail = await waitFor(async () => {
      const c = await changeGet(changeId);
      return c.recheck ? c : undefined;
    }, 'the re-check');
    expect(detail).toMatchObject({ status: 'needs_attention', recheck: { finding: expect.stringContaining('the device holds the change as it was to be made') } });
    expect(detail.recheck.finding).toContain(`change_revert ${changeId}`);
    // The re-check wrote nothing.
    expect(await identityOf(0)).toBe('stuck-write');
    await waitFor(async () => (watcher.updates.some((u) => u.uri === 'device://n0/config' && u._meta?.etag === changeId) ? true : undefined), 'the device://n0/config notification');
    await watcher.stop();
    const audit = (await client.callTool('audit_list_events', { action: 'change.recheck', device_id: 'n0' })).structuredContent.items;
    expect(audit).toMatchObject([{ action: 'change.recheck', outcome: 'error', error_code: 'CHANGE.NEEDS_ATTENTION', principal: 'system:recovery (recovery)' }]);

    // What is left is the operator's: the recorded inverse through the pipeline.
    const reverted = await client.callTool('change_revert', { change_id: changeId });
    expect(reverted.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    expect(await identityOf(0)).toBe(before);
    expect(await changeGet(changeId)).toMatchObject({ status: 'reverted' });
  }, 180_000);

  it('settles it reverted when the device holds the before-state again (someone restored it), and tells watchers', async () => {
    const before = await identityOf(1);
    const changeId = await needsAttention(1, 'stuck-again');
    // Restored at the console while the service cannot reach the device.
    await simControl(fleet, 'POST', '/devices/1/config', { action: 'set', path: 'system/identity', props: { name: before } });
    const watcher = await watch(1);
    await simControl(fleet, 'DELETE', '/devices/1/faults');

    const detail = await waitFor(async () => {
      const c = await changeGet(changeId);
      return c.status !== 'needs_attention' ? c : undefined;
    }, 'the re-check to settle the change');
    expect(detail).toMatchObject({ status: 'reverted', outcome: expect.stringMatching(/^re-checked once the device answered again: the device holds the before-state again/), recheck: { finding: expect.stringContaining('nothing was written') } });
    expect(await identityOf(1)).toBe(before);
    await waitFor(async () => (watcher.updates.some((u) => u.uri === 'device://n1/config') ? true : undefined), 'the device://n1/config notification');
    await watcher.stop();
    const audit = (await client.callTool('audit_list_events', { action: 'change.recheck', device_id: 'n1' })).structuredContent.items;
    expect(audit).toMatchObject([{ outcome: 'success', error_code: null }]);
    // Settled: a revert has nothing left to undo.
    expect((await client.callTool('change_revert', { change_id: changeId })).structuredContent).toMatchObject({ changed: false, summary: `change ${changeId} is already reverted` });
  }, 180_000);
});
