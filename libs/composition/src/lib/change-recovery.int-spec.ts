import { AuditLog, type AuditEvent, type ChangeRepository, ChangeRepository as ChangeRepositoryToken } from '@routeros-mcp/application-ports';
import { ChangeService, InterruptedChangeRecovery, type RecoveryResult } from '@routeros-mcp/application-use-cases';
import { loadConfig, sqlitePath } from '@routeros-mcp/config';
import { type ChangeRecord, type RowOperation, systemIdentityPlanner, transition } from '@routeros-mcp/domain-changes';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Container } from '@routeros-mcp/inversify';
import { AdminServices, buildContainer, Lifecycle } from '../index';

const USER = { name: 'admin', password: 'sim-pw' };
const WORKSPACE = join(__dirname, '..', '..', '..', '..');
const STATIC = { kind: 'add', menu: 'ip/dns/static', props: { name: 'recovery.example', address: '192.0.2.77' } } as const satisfies RowOperation;
const DNS = { kind: 'set', menu: 'ip/dns', props: { servers: '9.9.9.9' } } as const satisfies RowOperation;

/**
 * The change pipeline in a process of its own (the built libraries), running one change of `operations` against
 * `deviceId`: the spec kills it with SIGKILL at the point it wants, as a crash would.
 */
const CHILD = `
const { buildContainer, ServerServices } = require('@routeros-mcp/composition');
const { loadConfig } = require('@routeros-mcp/config');
(async () => {
  const spec = JSON.parse(process.env.RECOVERY_SPEC_CHANGE);
  const services = (await buildContainer(loadConfig({ env: process.env, homeDir: '/nonexistent' }))).get(ServerServices);
  const planner = {
    reads: () => spec.operations.map((op) => op.menu),
    propose: (live) => ({ kind: 'change', proposal: { summary: 'recovery spec change', risk: 'low', operations: spec.operations,
      touched: spec.operations.map((op) => {
        if (op.kind === 'add') return { menu: op.menu, after: op.props };
        const row = op.id ? live[op.menu].find((r) => r['.id'] === op.id) : live[op.menu][0];
        return { menu: op.menu, ...(op.id ? { id: op.id } : {}), before: row, after: { ...row, ...op.props } };
      }) } }),
  };
  await services.changes.run({ principal: { id: 'spec-user', via: 'test' }, correlationId: 'corr-spec', environment: 'lab', deviceId: spec.deviceId, tool: 'dns_set_servers', planner, input: {}, dryRun: false });
  process.stderr.write('the change returned\\n');
})().catch((e) => process.stderr.write('the change failed: ' + e.message + '\\n'));
`;

describe('changes interrupted by a dead process, settled by recovery (simulator over HTTPS and SSH, SQLite)', () => {
  let fleet: Fleet;
  /** One legacy-wireless access point: a change of its pre-shared key, undone by recovery. */
  let apFleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let container: Container;
  let recovery: InterruptedChangeRecovery;
  let changes: ChangeRepository;
  let child: ChildProcess | undefined;
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'error' });
  /** The device's configuration as the simulator holds it; a menu without rows reads as empty. */
  const state = async (index: number) => {
    const config = (await simControl(fleet, 'GET', `/devices/${index}/state`)).config as Record<string, Record<string, string>[]>;
    return new Proxy(config, { get: (target, menu: string) => target[menu] ?? [] });
  };

  /** Starts the change in a child process; answers once `reached` holds, then kills the child with SIGKILL. */
  async function interrupt(deviceId: string, operations: readonly RowOperation[], reached: () => Promise<boolean>, extraEnv: Record<string, string> = {}): Promise<ChangeRecord> {
    const known = new Set((await changes.list({ deviceId, limit: 100 })).map((c) => c.id));
    child = spawn(process.execPath, ['-e', CHILD], {
      cwd: WORKSPACE,
      env: { PATH: process.env['PATH']!, ...env(), ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '600000', ...extraEnv, RECOVERY_SPEC_CHANGE: JSON.stringify({ deviceId, operations }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    await waitFor(async () => ((await reached()) ? true : undefined), `the change to reach its point (child log: ${log})`);
    child.kill('SIGKILL');
    await exited;
    child = undefined;
    expect(log).not.toMatch(/the change (returned|failed)/);
    const left = (await changes.list({ deviceId, limit: 100 })).filter((c) => !known.has(c.id));
    expect(left).toHaveLength(1);
    return left[0];
  }

  /** Sweeps until the change is settled: its lock's lease must run out first. */
  async function settle(changeId: string): Promise<RecoveryResult> {
    return waitFor(async () => (await recovery.sweep()).find((r) => r.changeId === changeId && r.result === 'settled'), `change ${changeId} settled`);
  }

  async function audited(changeId: string): Promise<AuditEvent[]> {
    return (await container.get<AuditLog>(AuditLog).list({ action: 'change.recover', limit: 100 })).filter((e) => e.arguments?.['change_id'] === changeId);
  }

  beforeAll(async () => {
    fleet = await startFleet({ devices: 2, profile: 'edge', version: '7.20.5', users: [{ ...USER, group: 'full' }], safeModeRevertMs: 300 });
    dir = tempDir();
    const admin = (await buildContainer(loadConfig({ env: env(), homeDir: '/nonexistent' }), { logStream: new PassThrough() })).get(AdminServices);
    const writes = { capabilities: { allow_advanced_writes: true } };
    await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(fleet.devices[0], 'plain', USER, { ...writes, critical: false }));
    await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(fleet.devices[1], 'safe', USER, { ...writes, critical: true }));
    // SSH unreachable (a closed port): the pipeline arms a device-side revert timer instead of safe mode.
    await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(fleet.devices[1], 'timer', USER, { ...writes, critical: true, sshPort: 1 }));
    apFleet = await startFleet({ devices: 1, profile: 'legacy-ap', version: '7.20.5', users: [{ ...USER, group: 'full' }] });
    await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(apFleet.devices[0], 'ap', USER, { capabilities: { allow_advanced_writes: true, allow_wireless_writes: true }, critical: false }));
    // The same AP with SSH unreachable: a radio change is protected by a device-side revert timer.
    await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(apFleet.devices[0], 'ap-timer', USER, { capabilities: { allow_advanced_writes: true, allow_wireless_writes: true }, critical: false, sshPort: 1 }));
    await admin.close();
    // migrate: false: the spec sweeps by hand (no background sweep of its own at start).
    container = await buildContainer(loadConfig({ env: env(), homeDir: '/nonexistent' }), { logStream: new PassThrough(), migrate: false });
    recovery = container.get(InterruptedChangeRecovery);
    changes = container.get<ChangeRepository>(ChangeRepositoryToken);
  }, 180_000);
  afterEach(async () => {
    child?.kill('SIGKILL');
    await simControl(fleet, 'POST', '/reset');
    if (apFleet) await simControl(apFleet, 'POST', '/reset');
  });
  afterAll(async () => {
    await container?.get<Lifecycle>(Lifecycle).close();
    await fleet?.stop();
    await apFleet?.stop();
    dir?.remove();
  });

  it('fails a change that died before its first write, and leaves the device as it was', async () => {
    const before = await state(0);
    await simControl(fleet, 'PUT', '/devices/0/faults', { slowExportMs: 600_000 });
    // The snapshot before the first write never comes: the record is `proposed` while the child waits for it.
    const record = await interrupt('plain', [DNS], async () => (await changes.list({ deviceId: 'plain', status: 'proposed', limit: 1 })).length > 0, {
      ROUTEROS_MCP_SNAPSHOT_BEFORE_CHANGE_MAX_AGE_S: '0',
      ROUTEROS_MCP_SNAPSHOT_BEFORE_CHANGE_TIMEOUT_S: '600',
    });
    expect(record.status).toBe('proposed');
    await simControl(fleet, 'DELETE', '/devices/0/faults');

    expect(await settle(record.id)).toMatchObject({ status: 'failed', outcome: 'interrupted before its first write; nothing was written' });
    expect((await state(0))['ip/dns']).toEqual(before['ip/dns']);
    expect(await changes.get(record.id)).toMatchObject({ status: 'failed', outcome: 'interrupted before its first write; nothing was written', error: { code: 'CHANGE.INTERRUPTED' } });
    expect(await audited(record.id)).toMatchObject([{ principal: { id: 'system:recovery', via: 'recovery' }, deviceId: 'plain', outcome: 'success', arguments: { was: 'proposed', status: 'failed' } }]);
    expect((await recovery.sweep()).filter((r) => r.changeId === record.id)).toEqual([]);
  }, 120_000);

  it('undoes a change without device-side protection that died after its add landed and before its answer came', async () => {
    const before = await state(0);
    // The add lands, then the device answers nothing more: the child never learns the new row's id.
    await simControl(fleet, 'PUT', '/devices/0/faults', { freezeAfterWrite: true });
    const record = await interrupt('plain', [STATIC, DNS], async () => (await state(0))['ip/dns/static'].some((r) => r['name'] === 'recovery.example'));
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    expect(record).toMatchObject({ status: 'applying', protection: 'none_needed', addedIds: [] });
    expect(record.beforeIds?.['ip/dns/static']).toEqual(before['ip/dns/static'].map((r) => r['.id']));

    const settled = await settle(record.id);
    expect(settled).toMatchObject({ status: 'reverted' });
    expect(settled.result === 'settled' && settled.outcome).toMatch(/^interrupted \(the process ended mid-change\) and recovered: the inverse written over REST/);
    const after = await state(0);
    expect(after['ip/dns/static']).toEqual(before['ip/dns/static']);
    expect(after['ip/dns']).toEqual(before['ip/dns']);
    const stored = await changes.get(record.id);
    expect(stored).toMatchObject({ status: 'reverted', step: 'revert' });
    expect(stored!.addedIds[0]).toMatch(/^\*/);
    expect(await audited(record.id)).toMatchObject([{ principal: { id: 'system:recovery' }, arguments: { was: 'applying', status: 'reverted' } }]);
    expect((await recovery.sweep()).filter((r) => r.changeId === record.id)).toEqual([]);
  }, 120_000);

  it('writes nothing over a change made on the device after the interrupted one: the record needs attention', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { freezeAfterWrite: true });
    const record = await interrupt('plain', [STATIC, DNS], async () => (await state(0))['ip/dns/static'].some((r) => r['name'] === 'recovery.example'));
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    // Another writer gets the device once the dead process's lease ran out, before any sweep came.
    const later = await container.get(ChangeService).run({ principal: { id: 'spec', via: 'test' }, correlationId: 'corr-later', environment: 'lab', deviceId: 'plain', tool: 'system_set_identity', planner: systemIdentityPlanner, input: { name: 'later-1' }, dryRun: false });
    expect(later.changed).toBe(true);

    expect(await settle(record.id)).toMatchObject({ status: 'needs_attention' });
    expect(await changes.get(record.id)).toMatchObject({ status: 'needs_attention', outcome: expect.stringContaining(`change ${later.changeId} was made on the device since`) });
    const after = await state(0);
    expect(after['ip/dns/static'].some((r) => r['name'] === 'recovery.example')).toBe(true);
    expect(after['system/identity'][0]['name']).toBe('later-1');
    expect(await audited(record.id)).toMatchObject([{ outcome: 'error', arguments: { status: 'needs_attention' } }]);
  }, 120_000);

  it('removes the revert timer first, then undoes the write, for a change that died with a timer armed', async () => {
    const before = await state(1);
    // Every answer takes 2 s: once the timer entry is seen, the device freezes after the next write (the set).
    await simControl(fleet, 'PUT', '/devices/1/faults', { latencyMs: 2_000 });
    const record = await interrupt('timer', [DNS, STATIC], async () => {
      const now = await state(1);
      if (now['ip/dns'][0]['servers'] === '9.9.9.9') return true;
      if (now['system/scheduler'].some((r) => String(r['name']).startsWith('mcp-revert-'))) await simControl(fleet, 'PUT', '/devices/1/faults', { freezeAfterWrite: true });
      return false;
    });
    await simControl(fleet, 'DELETE', '/devices/1/faults');
    expect(record).toMatchObject({ status: 'applying', protection: 'device_revert_timer' });
    expect((await state(1))['system/scheduler'].some((r) => String(r['name']).includes(record.id))).toBe(true);

    expect(await settle(record.id)).toMatchObject({ status: 'reverted' });
    const after = await state(1);
    expect(after['system/scheduler']).toEqual(before['system/scheduler']);
    expect(after['ip/dns']).toEqual(before['ip/dns']);
    expect(after['ip/dns/static']).toEqual(before['ip/dns/static']);
    // Time passing on the device runs nothing: the entry that would have re-applied the inverse is gone.
    await simControl(fleet, 'POST', '/devices/1/clock', { advance_seconds: 3_600 });
    expect((await state(1))['ip/dns']).toEqual(before['ip/dns']);
    expect(await changes.get(record.id)).toMatchObject({ status: 'reverted' });
    expect(await audited(record.id)).toHaveLength(1);
    expect((await recovery.sweep()).filter((r) => r.changeId === record.id)).toEqual([]);
  }, 120_000);

  it('confirms RouterOS undid a safe-mode change whose session died with the process', async () => {
    const before = await state(1);
    await simControl(fleet, 'PUT', '/devices/1/faults', { freezeAfterWrite: true });
    const record = await interrupt('safe', [DNS, STATIC], async () => (await state(1))['ip/dns'][0]['servers'] === '9.9.9.9');
    await simControl(fleet, 'DELETE', '/devices/1/faults');
    expect(record).toMatchObject({ status: 'applying', protection: 'safe_mode' });

    const settled = await settle(record.id);
    expect(settled).toMatchObject({ status: 'reverted' });
    expect(settled.result === 'settled' && settled.outcome).toMatch(/RouterOS undid the safe-mode changes/);
    expect((await state(1))['ip/dns']).toEqual(before['ip/dns']);
    expect(await audited(record.id)).toHaveLength(1);
    expect((await recovery.sweep()).filter((r) => r.changeId === record.id)).toEqual([]);
  }, 120_000);

  // A radio's settings are on the management path (issue 21): a passphrase change is made under safe mode, so the
  // device undoes it when the dead process's session drops; recovery opens the sealed old passphrase only to check it.
  it('confirms the device undid an interrupted wireless change made under safe mode; its inverse keeps the old passphrase sealed, stored nowhere in the clear', async () => {
    const NEW_KEY = 'recovery-new-psk-2026';
    const OLD_KEY = 'factory-ac-key';
    const profiles = async () => ((await simControl(apFleet, 'GET', '/devices/0/state')).config as Record<string, Record<string, string>[]>)['interface/wireless/security-profiles'];
    const before = await profiles();
    const row = before.find((p) => p['name'] === 'default')!;
    expect(row['wpa2-pre-shared-key']).toBe(OLD_KEY);
    // The key lands, then the device answers nothing more: the child never learns its write went through.
    await simControl(apFleet, 'PUT', '/devices/0/faults', { freezeAfterWrite: true });
    const set = { kind: 'set', menu: 'interface/wireless/security-profiles', id: row['.id'], props: { 'wpa2-pre-shared-key': NEW_KEY } } as const satisfies RowOperation;
    const record = await interrupt('ap', [set], async () => (await profiles()).some((p) => p['wpa2-pre-shared-key'] === NEW_KEY));
    await simControl(apFleet, 'DELETE', '/devices/0/faults');
    expect(record).toMatchObject({ status: 'applying', protection: 'safe_mode' });
    expect(JSON.stringify(record.inverse)).toMatch(/"wpa2-pre-shared-key":"sealed:/);

    const settled = await settle(record.id);
    expect(settled).toMatchObject({ status: 'reverted', outcome: expect.stringMatching(/RouterOS undid the safe-mode changes/) });
    expect(await profiles()).toEqual(before);
    const file = sqlitePath(loadConfig({ env: env(), homeDir: '/nonexistent' }));
    for (const f of [file, `${file}-wal`]) if (existsSync(f)) for (const key of [NEW_KEY, OLD_KEY]) expect(readFileSync(f).toString('latin1')).not.toContain(key);
    expect(JSON.stringify(await audited(record.id))).not.toMatch(/recovery-new-psk|factory-ac-key/);
  }, 120_000);

  // Issue 21: the undo recovery writes is a write like any other, judged on the management path as it is now.
  it("does not write the undo of an interrupted SSID change once the service is on that radio: it would cut it off", async () => {
    const ap = async () => (await simControl(apFleet, 'GET', '/devices/0/state')) as { config: Record<string, Record<string, string>[]>; management: Record<string, { verdict: string }> };
    const wlan1 = (config: Record<string, Record<string, string>[]>) => config['interface/wireless'].find((r) => r['name'] === 'wlan1')!;
    const id = wlan1((await ap()).config)['.id'];
    await simControl(apFleet, 'PUT', '/devices/0/faults', { latencyMs: 2_000 });
    const set = { kind: 'set', menu: 'interface/wireless', id, props: { ssid: 'Lab-AC' } } as const satisfies RowOperation;
    const record = await interrupt('ap-timer', [set], async () => {
      const now = (await ap()).config;
      if (wlan1(now)['ssid'] === 'Lab-AC') return true;
      if ((now['system/scheduler'] ?? []).some((r) => String(r['name']).startsWith('mcp-revert-'))) await simControl(apFleet, 'PUT', '/devices/0/faults', { freezeAfterWrite: true });
      return false;
    });
    await simControl(apFleet, 'DELETE', '/devices/0/faults');
    expect(record).toMatchObject({ status: 'applying', protection: 'device_revert_timer' });
    // Meanwhile the service's laptop joined the renamed network on wlan1.
    await simControl(apFleet, 'PUT', '/devices/0/management', { clientAddress: '192.168.88.20', deviceAddress: '192.168.88.1', clientPort: 'wlan1' });

    const settled = await settle(record.id);
    expect(settled).toMatchObject({ status: 'needs_attention', outcome: expect.stringMatching(/undo failed: not written, PROTECT_MANAGEMENT_PATH: the change would alter wlan1 \(ssid\).*cannot be judged/) });
    const after = await ap();
    expect(wlan1(after.config)['ssid']).toBe('Lab-AC');
    expect(after.management).toMatchObject({ rest: { verdict: 'ok' }, ssh: { verdict: 'ok' } });
    // Its timer is gone too: nothing on the device will write the undo later.
    expect((after.config['system/scheduler'] ?? []).filter((r) => String(r['name']).startsWith('mcp-revert-'))).toEqual([]);
  }, 120_000);

  it('settles a revert left pending on the device (its timer armed by a process that died): confirmed once the device undid it', async () => {
    const before = await state(1);
    await simControl(fleet, 'PUT', '/devices/1/faults', { latencyMs: 2_000 });
    const interrupted = await interrupt('timer', [DNS, STATIC], async () => {
      const now = await state(1);
      if (now['ip/dns'][0]['servers'] === '9.9.9.9') return true;
      if (now['system/scheduler'].some((r) => String(r['name']).startsWith('mcp-revert-'))) await simControl(fleet, 'PUT', '/devices/1/faults', { freezeAfterWrite: true });
      return false;
    });
    await simControl(fleet, 'DELETE', '/devices/1/faults');
    expect(interrupted).toMatchObject({ status: 'applying', protection: 'device_revert_timer' });
    // As the pipeline leaves a change whose undo it handed to the device's timer: failed, revert pending. Its process
    // is gone: nobody else would ever confirm the device's own revert.
    const error = { code: 'CHANGE.NOT_HELD', message: 'the device does not hold the change' };
    const pending = transition(interrupted, 'revert_pending', new Date(), { error, outcome: 'revert pending on the device within 60 s (its scheduler entry restores the before-state)' });
    await changes.save(pending);
    // The device's timer runs: it restores the before-state and removes itself.
    await simControl(fleet, 'POST', '/devices/1/clock', { advance_seconds: 3_600 });
    await waitFor(async () => ((await state(1))['ip/dns'][0]['servers'] === before['ip/dns'][0]['servers'] ? true : undefined), 'the device timer to restore the DNS servers');

    const settled = await settle(pending.id);
    expect(settled).toMatchObject({ status: 'reverted' });
    expect(settled.result === 'settled' && settled.outcome).toMatch(/^its revert was pending on the device and is settled: the device undid it by itself/);
    const after = await state(1);
    expect(after['ip/dns']).toEqual(before['ip/dns']);
    expect(after['ip/dns/static']).toEqual(before['ip/dns/static']);
    expect(after['system/scheduler']).toEqual(before['system/scheduler']);
    // The record keeps the error that failed the change.
    expect(await changes.get(pending.id)).toMatchObject({ status: 'reverted', error });
    expect(await audited(pending.id)).toMatchObject([{ arguments: { was: 'revert_pending', status: 'reverted' }, errorCode: 'CHANGE.NOT_HELD' }]);
    expect((await recovery.sweep()).filter((r) => r.changeId === pending.id)).toEqual([]);
  }, 120_000);
});
