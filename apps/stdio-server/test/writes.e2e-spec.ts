import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters, serverStderr, TRANSPORT, WriterEnrolment } from './fleet-setup';

// The write tier end to end: the SDK client over stdio, the built server, the simulated fleet as the judge.
const dir = tempDir('stdio-writes-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let old: Fleet;

const WRITES = { allow_advanced_writes: true };

const enroll = (devices: WriterEnrolment[]) => enrollWriters(dataDir, USERS[0], devices);

/** The device's configuration as the simulator holds it (its own verdict, never the product's). */
async function config(f: Fleet, index: number): Promise<Record<string, Record<string, string>[]>> {
  return (await simControl(f, 'GET', `/devices/${index}/state`)).config;
}

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'edge', version: '7.20.5', users: USERS, safeModeRevertMs: 300 });
  old = await startFleet({ devices: 1, profile: 'edge', version: '7.15.3', users: USERS });
  await enroll([
    { id: 'dev-lab', device: fleet.devices[0], environment: 'lab', capabilities: WRITES },
    { id: 'dev-crit', device: fleet.devices[1], environment: 'lab', capabilities: WRITES, critical: true },
    { id: 'dev-off', device: fleet.devices[2], environment: 'lab' },
    { id: 'dev-prod', device: fleet.devices[2], environment: 'prod', capabilities: WRITES },
    { id: 'dev-stage', device: fleet.devices[2], environment: 'staging', capabilities: WRITES },
    { id: 'dev-old', device: old.devices[0], environment: 'lab', capabilities: WRITES, critical: true },
    // SSH unreachable (a closed port): protection falls back to the device-side revert timer.
    { id: 'dev-nossh', device: fleet.devices[2], environment: 'lab', capabilities: WRITES, critical: true, sshPort: 1 },
  ]);
});
afterAll(async () => {
  await fleet?.stop();
  await old?.stop();
  dir.remove();
});
afterEach(async () => {
  await simControl(fleet, 'POST', '/reset');
  await simControl(old, 'POST', '/reset');
});

describe.each(ERAS)('write tools over %s', (_label, era) => {
  let client: EraClient;
  const call = (name: string, args: Record<string, unknown>) => client.callTool(name, args);
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  });
  afterAll(() => client?.close());

  it('dry-runs, applies, verifies and then answers changed:false for the same request', async () => {
    const dry = await call('dns_set_servers', { device_id: 'dev-lab', servers: ['1.1.1.1', '9.9.9.9'], dry_run: true });
    expect(dry.structuredContent).toMatchObject({
      changed: true, dry_run: true, change_id: null, protection: null, verification: { status: 'not_run' },
      diff: ['/ip dns set servers=1.1.1.1,9.9.9.9'],
      touched: [{ menu: 'ip/dns', before: expect.objectContaining({ servers: '192.0.2.53,198.51.100.53' }), after: expect.objectContaining({ servers: '1.1.1.1,9.9.9.9' }) }],
    });
    expect(dry.structuredContent.verdicts).toEqual(expect.arrayContaining([{ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass', reason: expect.any(String) }, { rule: 'DNS_NTP_LIMITS', status: 'pass', reason: expect.any(String) }]));
    expect((await config(fleet, 0))['ip/dns'][0].servers).toBe('192.0.2.53,198.51.100.53');

    const applied = await call('dns_set_servers', { device_id: 'dev-lab', servers: ['1.1.1.1', '9.9.9.9'] });
    expect(applied.structuredContent).toMatchObject({ changed: true, dry_run: false, change_id: expect.stringMatching(/^[0-9a-f-]{36}$/), protection: 'none_needed', verification: { status: 'verified' } });
    expect(applied.content[0].text).toContain('/ip dns set servers=1.1.1.1,9.9.9.9');
    expect((await config(fleet, 0))['ip/dns'][0].servers).toBe('1.1.1.1,9.9.9.9');

    const again = await call('dns_set_servers', { device_id: 'dev-lab', servers: ['1.1.1.1', '9.9.9.9'] });
    expect(again.structuredContent).toMatchObject({ changed: false, change_id: null, diff: [] });
  });

  it('sets the identity and the NTP servers (names and addresses), each verified on the device', async () => {
    const identity = await call('system_set_identity', { device_id: 'dev-lab', name: 'core 1' });
    expect(identity.structuredContent).toMatchObject({ changed: true, diff: ['/system identity set name="core 1"'], verification: { status: 'verified' } });
    expect((await config(fleet, 0))['system/identity'][0].name).toBe('core 1');
    const ntp = await call('ntp_set_servers', { device_id: 'dev-lab', servers: ['pool.ntp.org', '192.0.2.7'], enabled: true });
    expect(ntp.structuredContent).toMatchObject({ changed: true, diff: ['/system ntp client set servers=pool.ntp.org,192.0.2.7'] });
    expect((await config(fleet, 0))['system/ntp/client'][0]).toMatchObject({ servers: 'pool.ntp.org,192.0.2.7', enabled: 'true' });
  });

  it('flushes the DNS cache once; the change is recorded as not revertible', async () => {
    const flushed = await call('dns_flush_cache', { device_id: 'dev-lab' });
    expect(flushed.structuredContent).toMatchObject({ changed: true, diff: ['/ip dns cache flush'] });
    expect((await config(fleet, 0))['ip/dns/cache'] ?? []).toEqual([]);
    expect((await call('dns_flush_cache', { device_id: 'dev-lab' })).structuredContent.changed).toBe(false);
    const refused = await client.failure('change_revert', { change_id: flushed.structuredContent.change_id });
    expect(refused.data).toMatchObject({ mcp_error_code: 'CONFLICT', reason: expect.stringContaining('ip/dns/cache/flush') });
  });

  it('refuses without the write flag, on a device of another environment and on prod, writing nothing', async () => {
    const before = await config(fleet, 2);
    const noFlag = await client.failure('system_set_identity', { device_id: 'dev-off', name: 'x' });
    expect(noFlag.data).toMatchObject({ mcp_error_code: 'FORBIDDEN', safety_rule: 'TIER_CAPABILITY', required_flag: 'allow_advanced_writes' });
    const staging = await client.failure('system_set_identity', { device_id: 'dev-stage', name: 'x' });
    expect(staging.data.mcp_error_code).toBe('FORBIDDEN');
    // A prod device is out of a lab server's reach altogether; a prod server refuses single-device writes.
    expect((await client.failure('system_set_identity', { device_id: 'dev-prod', name: 'x' })).data.mcp_error_code).toBe('FORBIDDEN');
    const prodServer = await connectStdio(dataDir, { ROUTEROS_MCP_ENVIRONMENT: 'prod' }, era);
    try {
      const prod = await prodServer.failure('system_set_identity', { device_id: 'dev-prod', name: 'x' });
      expect(prod.data).toMatchObject({ mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROD_REQUIRES_APPROVAL' });
      // A dry run answers the same refusal the write would meet.
      expect((await prodServer.failure('system_set_identity', { device_id: 'dev-prod', name: 'x', dry_run: true })).data.safety_rule).toBe('PROD_REQUIRES_APPROVAL');
    } finally {
      await prodServer.close();
    }
    const tooMany = await client.failure('dns_set_servers', { device_id: 'dev-lab', servers: ['1.1.1.1', '1.0.0.1', '9.9.9.9', '8.8.8.8'] });
    expect(tooMany.data.mcp_error_code).toBe('INVALID_PARAMS');
    expect(await config(fleet, 2)).toEqual(before);
  });
});

describe('write tools on one connection', () => {
  let client: EraClient;
  const call = (name: string, args: Record<string, unknown>) => client.callTool(name, args);
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, 'legacy');
  });
  afterAll(() => client?.close());

  it('holds safe mode over SSH on a critical 7.20 device, and releases it after verifying', async () => {
    const applied = await call('system_set_identity', { device_id: 'dev-crit', name: 'crit-1' });
    expect(applied.structuredContent).toMatchObject({ changed: true, protection: 'safe_mode', verification: { status: 'verified' } });
    const state = await simControl(fleet, 'GET', '/devices/1/state');
    expect(state.management.safe_mode_holder).toBeNull();
    expect(state.config['system/identity'][0].name).toBe('crit-1');
  });

  it('holds safe mode with Ctrl+X on the console of a critical 7.15 device', async () => {
    const applied = await call('ntp_set_servers', { device_id: 'dev-old', servers: ['192.0.2.9'] });
    expect(applied.structuredContent).toMatchObject({ changed: true, protection: 'safe_mode', verification: { status: 'verified' } });
    const state = await simControl(old, 'GET', '/devices/0/state');
    expect(state.management.safe_mode_holder).toBeNull();
    expect(state.config['system/ntp/client'][0].servers).toBe('192.0.2.9');
  });

  it('arms a device-side revert timer where SSH is unavailable, and disarms it after verifying', async () => {
    const applied = await call('system_set_identity', { device_id: 'dev-nossh', name: 'timed' });
    expect(applied.structuredContent).toMatchObject({ changed: true, protection: 'device_revert_timer', verification: { status: 'verified' } });
    const cfg = await config(fleet, 2);
    expect(cfg['system/identity'][0].name).toBe('timed');
    expect((cfg['system/scheduler'] ?? []).filter((e) => e.name.startsWith('mcp-revert-'))).toEqual([]);
  });

  it('lists and shows changes, and reverts one from its recorded before-state through the same pipeline', async () => {
    const applied = await call('system_set_identity', { device_id: 'dev-lab', name: 'to-undo' });
    const id = applied.structuredContent.change_id;
    const listed = await call('change_list', { device_id: 'dev-lab', limit: 5 });
    expect(listed.structuredContent.items[0]).toMatchObject({ change_id: id, tool: 'system_set_identity', status: 'verified', principal: expect.stringContaining(`(${TRANSPORT})`) });
    // device_id is optional: without it, every device's changes (issue 22: it said "device 'undefined' is not enrolled").
    const all = await call('change_list', {});
    expect(all.isError).toBeFalsy();
    expect(all.structuredContent.items[0]).toMatchObject({ change_id: id });
    const shown = await call('change_get', { change_id: id });
    expect(shown.structuredContent).toMatchObject({ status: 'verified', diff: ['/system identity set name=to-undo'], revert: ['/system identity set name=sim-edge-001'], not_revertible: null });

    const dry = await call('change_revert', { change_id: id, dry_run: true });
    expect(dry.structuredContent).toMatchObject({ changed: true, dry_run: true, diff: ['/system identity set name=sim-edge-001'] });
    const reverted = await call('change_revert', { change_id: id });
    expect(reverted.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    expect((await config(fleet, 0))['system/identity'][0].name).toBe('sim-edge-001');
    expect((await call('change_get', { change_id: id })).structuredContent).toMatchObject({ status: 'reverted', reverted_by: reverted.structuredContent.change_id });
    expect((await call('change_revert', { change_id: id })).structuredContent.changed).toBe(false);
  });

  it('refuses to revert a change whose rows moved on since', async () => {
    const applied = await call('system_set_identity', { device_id: 'dev-lab', name: 'first' });
    await simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'system/identity', props: { name: 'someone-else' } });
    const refused = await client.failure('change_revert', { change_id: applied.structuredContent.change_id });
    expect(refused.data).toMatchObject({ mcp_error_code: 'CONFLICT', differences: [expect.stringContaining('someone-else')] });
    expect((await config(fleet, 0))['system/identity'][0].name).toBe('someone-else');
  });

  it('runs the other write tools through the same pipeline: an address added with the management path evaluated live, under safe mode, then reverted', async () => {
    const dry = await call('ip_add_address', { device_id: 'dev-lab', address: '10.99.0.1/24', interface: 'ether2', dry_run: true });
    expect(dry.structuredContent.verdicts).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass' })]));
    const added = await call('ip_add_address', { device_id: 'dev-lab', address: '10.99.0.1/24', interface: 'ether2' });
    // ip/address is a menu the management path depends on: safe mode is held while it is written.
    expect(added.structuredContent).toMatchObject({ changed: true, protection: 'safe_mode', verification: { status: 'verified' } });
    expect((await config(fleet, 0))['ip/address'].map((r) => r.address)).toContain('10.99.0.1/24');
    const reverted = await call('change_revert', { change_id: added.structuredContent.change_id });
    expect(reverted.structuredContent).toMatchObject({ changed: true, diff: [expect.stringMatching(/^\/ip address remove \*/)] });
    expect((await config(fleet, 0))['ip/address'].map((r) => r.address)).not.toContain('10.99.0.1/24');
  });

  it('reads the management path for a write without a MaxListenersExceededWarning (a dozen reads share the call signal)', async () => {
    const stderr = serverStderr(client);
    const added = await call('ip_add_address', { device_id: 'dev-lab', address: '10.98.0.1/24', interface: 'ether2' });
    expect(added.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    // A refused call logs 'tool call failed' after the write: once that line is read, all the write printed was.
    await client.failure('system_set_identity', { device_id: 'dev-off', name: 'x' });
    const until = Date.now() + 60_000;
    while (!stderr().includes('tool call failed') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(stderr()).toContain('tool call failed');
    expect(stderr()).not.toMatch(/MaxListenersExceededWarning|memory leak/);
  });

  it('audits the change with its principal, diff and verdicts', async () => {
    const applied = await call('system_set_identity', { device_id: 'dev-lab', name: 'audited' });
    const events = await call('audit_list_events', { device_id: 'dev-lab', action: 'change.apply', limit: 1 });
    expect(events.structuredContent.items[0]).toMatchObject({ action: 'change.apply', outcome: 'success', principal: expect.stringContaining(`(${TRANSPORT})`) });
    expect(applied.structuredContent.change_id).toBeTruthy();
  });
});

describe('faults mid-change (the simulator decides what the device did)', () => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, { ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '1500' });
  });
  afterAll(() => client?.close());
  afterEach(async () => {
    for (const i of [0, 1, 2]) await simControl(fleet, 'DELETE', `/devices/${i}/faults`);
  });

  it('a write that answers but does not stick fails at verify, reported reverted, the device as it was', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { writesDoNotStick: true });
    const failed = await client.failure('system_set_identity', { device_id: 'dev-lab', name: 'ghost' });
    expect(failed.data).toMatchObject({ mcp_error_code: 'DEVICE_ERROR', step: 'verify', end_state: 'reverted', cause_code: 'CHANGE.NOT_HELD', change_id: expect.any(String) });
    expect((await config(fleet, 0))['system/identity'][0].name).toBe('sim-edge-001');
    const record = await client.callTool('change_get', { change_id: failed.data.change_id });
    expect(record.structuredContent).toMatchObject({ status: 'reverted', step: 'verify', error_code: 'CHANGE.NOT_HELD' });
  });

  it('every connection dropped right after the write under safe mode: the device undoes it, reported reverted', async () => {
    await simControl(fleet, 'PUT', '/devices/1/faults', { dropConnectionsAfterWrites: 1 });
    const failed = await client.failure('system_set_identity', { device_id: 'dev-crit', name: 'dropped' });
    expect(failed.data).toMatchObject({ step: 'write', end_state: 'reverted' });
    expect((await config(fleet, 1))['system/identity'][0].name).toBe('sim-edge-002');
  });

  it('connections dropped right after the write with a revert timer armed: the inverse written over REST, the timer removed', async () => {
    // Write 1 arms the timer, write 2 is the change: its answer is lost.
    await simControl(fleet, 'PUT', '/devices/2/faults', { dropConnectionsAfterWrites: 2 });
    const failed = await client.failure('system_set_identity', { device_id: 'dev-nossh', name: 'dropped' });
    expect(failed.data).toMatchObject({ step: 'write', end_state: 'reverted', outcome: expect.stringContaining('the inverse written over REST') });
    const cfg = await config(fleet, 2);
    expect(cfg['system/identity'][0].name).toBe('sim-edge-003');
    expect((cfg['system/scheduler'] ?? []).filter((e) => e.name.startsWith('mcp-revert-'))).toEqual([]);
  });

  it('a device frozen right after the revert timer was armed: the change is not made, and the entry left behind runs the recorded revert and removes itself', async () => {
    await simControl(fleet, 'PUT', '/devices/2/faults', { freezeAfterWrite: true });
    const failed = await client.failure('system_set_identity', { device_id: 'dev-nossh', name: 'frozen' });
    expect(failed.data).toMatchObject({ step: 'protect', end_state: 'unchanged', outcome: expect.stringContaining(`mcp-revert-${failed.data.change_id}`) });
    await simControl(fleet, 'DELETE', '/devices/2/faults');
    expect((await config(fleet, 2))['system/identity'][0].name).toBe('sim-edge-003');
    // Someone renames it meanwhile; when the device's clock reaches the entry, its script (the shared grammar)
    // restores the recorded before-state and removes itself.
    await simControl(fleet, 'POST', '/devices/2/config', { action: 'set', path: 'system/identity', props: { name: 'meanwhile' } });
    await simControl(fleet, 'POST', '/devices/2/clock', { advance_seconds: 180 });
    const cfg = await config(fleet, 2);
    expect(cfg['system/identity'][0].name).toBe('sim-edge-003');
    expect((cfg['system/scheduler'] ?? []).filter((e) => e.name.startsWith('mcp-revert-'))).toEqual([]);
  });
});

describe('two writers on one device', () => {
  it('serializes them across two server processes: the second waits, or gets CONFLICT naming the change in progress', async () => {
    const [a, b] = await Promise.all([connectStdio(dataDir, { ROUTEROS_MCP_CHANGE_LOCK_WAIT_MS: '0' }), connectStdio(dataDir, { ROUTEROS_MCP_CHANGE_LOCK_WAIT_MS: '0' })]);
    try {
      // Latency keeps the first change in flight long enough for the second to meet its lock.
      await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 800 });
      const outcomes = await Promise.allSettled([a.callTool('system_set_identity', { device_id: 'dev-lab', name: 'writer-a' }), b.callTool('system_set_identity', { device_id: 'dev-lab', name: 'writer-b' })]);
      const results = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { data: Record<string, unknown> }).data : o.value.isError ? o.value.structuredContent.error : o.value.structuredContent));
      const applied = results.filter((r) => r.changed === true);
      const conflicts = results.filter((r) => r.mcp_error_code === 'CONFLICT');
      expect(applied).toHaveLength(1);
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]).toMatchObject({ device_id: 'dev-lab', change_in_progress: applied[0].change_id });
      await simControl(fleet, 'DELETE', '/devices/0/faults');
      expect((await config(fleet, 0))['system/identity'][0].name).toBe(applied[0].summary.replace('set the identity to ', ''));
    } finally {
      await simControl(fleet, 'DELETE', '/devices/0/faults');
      await a.close();
      await b.close();
    }
  });

  it('lets a second writer wait for the first and then apply its own change; reads are not blocked', async () => {
    const wait = { ROUTEROS_MCP_CHANGE_LOCK_WAIT_MS: '120000' };
    const [a, b] = await Promise.all([connectStdio(dataDir, wait), connectStdio(dataDir, wait)]);
    try {
      await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 150 });
      const logsA = serverStderr(a);
      const logsB = serverStderr(b);
      const order: string[] = [];
      const done = (name: string) => (value: any) => (order.push(name), value);
      const [first, second, read] = await Promise.all([
        a.callTool('system_set_identity', { device_id: 'dev-lab', name: 'one' }).then(done('first write')),
        b.callTool('dns_set_servers', { device_id: 'dev-lab', servers: ['9.9.9.9'] }).then(done('second write')),
        b.callTool('dns_get_status', { device_id: 'dev-lab' }).then(done('read')),
      ]);
      if (!first.structuredContent.changed || !second.structuredContent.changed) throw new Error(`a writer failed; the servers logged:\n${logsA().split('\n').filter((l) => /error|warn/i.test(l)).join('\n')}\n----\n${logsB().split('\n').filter((l) => /error|warn/i.test(l)).join('\n')}`);
      // Whole answers compared, so a failure shows the error a writer got.
      expect([first.structuredContent, second.structuredContent]).toMatchObject([{ changed: true }, { changed: true }]);
      expect(read.isError ?? false).toBe(false);
      // The read took its one request while a writer held the lock, not after both writes.
      expect(order.indexOf('read')).toBeLessThan(order.indexOf('second write'));
      await simControl(fleet, 'DELETE', '/devices/0/faults');
      const cfg = await config(fleet, 0);
      expect([cfg['system/identity'][0].name, cfg['ip/dns'][0].servers]).toEqual(['one', '9.9.9.9']);
    } finally {
      await simControl(fleet, 'DELETE', '/devices/0/faults');
      await a.close();
      await b.close();
    }
  });
});

describe('a read-only server', () => {
  it('hides every write tool and the change history (the read tier budget is checked by tools.e2e-spec)', async () => {
    const client = await connectStdio(dataDir, { ROUTEROS_MCP_READ_ONLY: 'true' });
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const write of ['system_set_identity', 'dns_set_servers', 'dns_flush_cache', 'ntp_set_servers']) expect(names).not.toContain(write);
      expect(names.filter((n) => n.startsWith('change_'))).toEqual([]);
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      // Switched off, not unknown: it says so and what an operator sets to enable it.
      const refused = await client.failure('system_set_identity', { device_id: 'dev-lab', name: 'x' });
      expect(refused.data).toMatchObject({ mcp_error_code: 'TOOL_NOT_ENABLED', recovery_strategy: 'user_action_required', enable_with: { ROUTEROS_MCP_READ_ONLY: 'false' } });
      expect(refused.message).toMatch(/^Tool not enabled: 'system_set_identity' is a write tool \(single-device writes\) and this server is read-only \(ROUTEROS_MCP_READ_ONLY=true\); an operator enables it with ROUTEROS_MCP_READ_ONLY=false/);
      expect(refused.message + JSON.stringify(refused.data)).not.toMatch(/did you mean|system_get_/);
    } finally {
      await client.close();
    }
  });

  it('lists the write tools with their hints on a writable server', async () => {
    const client = await connectStdio(dataDir);
    try {
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      // destructiveHint is true when absent (the spec's default).
      expect(byName.get('dns_flush_cache')!.annotations).toEqual({ idempotentHint: true });
      // Replacing the identity is not additive (MCP: destructiveHint false means only additive updates).
      expect(byName.get('system_set_identity')!.annotations).toEqual({ idempotentHint: true });
      expect(byName.get('ip_add_address')!.annotations).toEqual({ destructiveHint: false, idempotentHint: true });
      expect(Object.keys(byName.get('ntp_set_servers')!.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['device_id', 'dry_run', 'servers']));
    } finally {
      await client.close();
    }
  });
});
