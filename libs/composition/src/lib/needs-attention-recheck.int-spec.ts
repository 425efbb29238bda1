import { AuditLog, ChangeLock, type ChangeLock as ChangeLockPort } from '@routeros-mcp/application-ports';
import { ChangeService, NeedsAttentionRecheck } from '@routeros-mcp/application-use-cases';
import { loadConfig } from '@routeros-mcp/config';
import { ChangeFailedError, systemIdentityPlanner } from '@routeros-mcp/domain-changes';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import type { Container } from '@routeros-mcp/inversify';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, Lifecycle } from '../index';

/*
 * The re-check of a change left needing attention, sweep by sweep, against the simulator (HTTPS) and SQLite: a device
 * that does not answer is passed by; once it answers, what it holds is recorded once (and again only when it differs);
 * a writer holding the device is not raced; the before-state back settles the change reverted. Nothing is written.
 */
const USER = { name: 'admin', password: 'sim-pw' };

describe('changes needing attention, re-checked by the sweep (simulator, SQLite)', () => {
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let container: Container;
  let recheck: NeedsAttentionRecheck;
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'error', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '1500', ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: '1500' });
  const identity = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name as string;
  const setIdentity = (name: string) => simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'system/identity', props: { name } });
  const rechecks = async () => (await container.get<AuditLog>(AuditLog).list({ action: 'change.recheck', limit: 100 })).reverse();

  beforeAll(async () => {
    fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: [{ ...USER, group: 'full' }] });
    dir = tempDir();
    const admin = (await buildContainer(loadConfig({ env: env(), homeDir: '/nonexistent' }), { logStream: new PassThrough() })).get(AdminServices);
    await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(fleet.devices[0], 'na', USER, { capabilities: { allow_advanced_writes: true }, critical: false }));
    await admin.close();
    // migrate: false: no sweep of its own; the spec sweeps by hand.
    container = await buildContainer(loadConfig({ env: env(), homeDir: '/nonexistent' }), { logStream: new PassThrough(), migrate: false });
    recheck = container.get(NeedsAttentionRecheck);
  }, 180_000);
  afterAll(async () => {
    await container?.get<Lifecycle>(Lifecycle).close();
    await fleet?.stop();
    dir?.remove();
  });

  it('passes by while the device is silent, records what it holds once, again only when that differs, and settles it reverted once the before-state is back', async () => {
    const before = await identity();
    await simControl(fleet, 'PUT', '/devices/0/faults', { freezeAfterWrite: true });
    const failed = await container
      .get(ChangeService)
      .run({ principal: { id: 'spec', via: 'test' }, correlationId: 'corr-na', environment: 'lab', deviceId: 'na', tool: 'system_set_identity', planner: systemIdentityPlanner, input: { name: 'half-there' }, dryRun: false })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ChangeFailedError);
    const changeId = (failed as ChangeFailedError).details()['change_id'] as string;
    expect((failed as ChangeFailedError).details()).toMatchObject({ end_state: 'needs_attention' });
    const changes = container.get(ChangeService);

    // Silent device: nothing recorded.
    expect(await recheck.sweep()).toEqual([{ changeId, deviceId: 'na', result: 'skipped', reason: 'the device does not answer' }]);
    expect(await rechecks()).toEqual([]);

    await simControl(fleet, 'DELETE', '/devices/0/faults');
    expect(await identity()).toBe('half-there');
    // A writer holds the device: not raced.
    const held = await container.get<ChangeLockPort>(ChangeLock).acquire('na', { changeId: 'someone-else', waitMs: 0, leaseMs: 30_000 });
    expect(await recheck.sweep()).toEqual([{ changeId, deviceId: 'na', result: 'skipped', reason: 'a writer holds the device' }]);
    await held.release();

    // The device answers again (once the REST adapter's circuit lets requests through again).
    const first = await waitFor(async () => {
      const [result] = await recheck.sweep();
      return result.result === 'skipped' && result.reason === 'the device does not answer' ? undefined : result;
    }, 'a sweep to reach the device again');
    expect(first).toMatchObject({ changeId, result: 'recorded', finding: expect.stringContaining('the device holds the change as it was to be made') });
    expect(await changes.get(changeId)).toMatchObject({ status: 'needs_attention', recheck: { finding: first.result === 'recorded' ? first.finding : '' } });
    // The same finding again: nothing recorded twice.
    expect(await recheck.sweep()).toEqual([{ changeId, deviceId: 'na', result: 'unchanged' }]);
    expect((await rechecks()).map((e) => [e.outcome, e.errorCode])).toEqual([['error', 'CHANGE.NEEDS_ATTENTION']]);

    // Someone changes it further: a new finding.
    await setIdentity('third-name');
    expect(await recheck.sweep()).toMatchObject([{ result: 'recorded', finding: expect.stringContaining('nor the whole change') }]);
    expect(await identity()).toBe('third-name');

    // And restores it: the before-state is back.
    await setIdentity(before);
    expect(await recheck.sweep()).toMatchObject([{ result: 'reverted', finding: expect.stringContaining('the device holds the before-state again') }]);
    expect(await changes.get(changeId)).toMatchObject({ status: 'reverted', outcome: expect.stringContaining('re-checked once the device answered again') });
    expect((await rechecks()).map((e) => [e.outcome, e.arguments?.['change_id'], e.arguments?.['status']])).toEqual([
      ['error', changeId, 'needs_attention'],
      ['error', changeId, 'needs_attention'],
      ['success', changeId, 'reverted'],
    ]);
    expect(await recheck.sweep()).toEqual([]);
    expect(await identity()).toBe(before);
  }, 120_000);
});
