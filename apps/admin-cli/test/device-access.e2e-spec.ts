import { Fleet, simControl, startFleet, useTestDatabases } from '@routeros-mcp/testing';
import { runAdmin } from './cli-runner';

const PASSWORD = 'sim-Admin-pw7';
const databases = useTestDatabases();
let fleet: Fleet;
let env: Record<string, string>;

beforeAll(async () => (fleet = await startFleet({ devices: 2, profile: 'mixed', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] })));
afterAll(() => fleet.stop());
beforeEach(async () => {
  env = { ROUTEROS_MCP_DATA_DIR: databases.dataDir(), ROUTEROS_MCP_DEVICE_CONNECT_TIMEOUT_MS: '1500', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '3000' };
  await simControl(fleet, 'POST', '/reset');
});

const admin = (args: string[], stdin?: string) => runAdmin(args, { env, stdin });
const where = (i: number) => ['--host', '127.0.0.1', '--port', new URL(fleet.devices[i].restUrl).port, '--ssh-port', String(fleet.devices[i].sshPort)];
const add = (id: string, i: number, extra: string[], password = PASSWORD) =>
  admin(['device', 'add', '--id', id, '--name', id, ...where(i), '--environment', 'lab', '--username', 'admin', '--password-stdin', ...extra], password + '\n');
const pins = (i: number) => ['--tls-fingerprint', fleet.devices[i].keys.tlsFingerprint, '--ssh-host-key', fleet.devices[i].keys.sshHostKeyFingerprint];
const listIds = async () => JSON.parse((await admin(['device', 'list', '--json'])).stdout).map((d: { id: string }) => d.id);

describe('device add, test and repin against the simulator', () => {
  it('enrolls online with the fingerprints openssl and ssh-keygen print, recording what the device says', async () => {
    const added = await add('dev-home', 0, [...pins(0), '--json']);
    expect(added).toMatchObject({ code: 0 });
    expect(JSON.parse(added.stdout)).toMatchObject({
      status: 'healthy',
      tls_fingerprint: fleet.devices[0].keys.tlsFingerprint,
      ssh_host_key: fleet.devices[0].keys.sshHostKeyFingerprint,
      facts: { routeros_version: '7.20.5', identity: 'sim-home-001', board: 'hAP ax^3' },
    });
  });

  it.each([
    ['no confirmation and no pins', [], /refusing to pin identities nobody confirmed/],
    ['a certificate fingerprint the device does not present', ['--tls-fingerprint', 'SHA256:' + 'AB:'.repeat(31) + 'AB'], /the device presents SHA256:/],
  ])('refuses %s and enrolls nothing', async (_label, extra, message) => {
    const result = await add('dev-x', 0, extra as string[]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(await listIds()).toEqual([]);
  });

  it('refuses wrong credentials before enrolling, without echoing them', async () => {
    const result = await add('dev-x', 0, [...pins(0)], 'wrong-password-123');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/rejected the stored credentials/);
    expect(result.stderr + result.stdout).not.toContain('wrong-password-123');
    expect(await listIds()).toEqual([]);
  });

  it('enrolls offline, pins at the first test, and reports reachability and facts', async () => {
    expect((await add('dev-edge', 1, ['--offline'])).code).toBe(0);
    const shown = JSON.parse((await admin(['device', 'show', 'dev-edge', '--json'])).stdout);
    expect(shown).toMatchObject({ status: 'unknown', tls_fingerprint: null });
    const tested = await admin(['device', 'test', 'dev-edge', '--yes', '--json']);
    expect(tested.code).toBe(0);
    expect(JSON.parse(tested.stdout)).toMatchObject({ rest: { ok: true }, ssh: { ok: true }, status: 'healthy', facts: { version: '7.20.5', identity: 'sim-edge-002', board: 'CCR2004-16G-2S+' } });
    expect(JSON.parse((await admin(['device', 'show', 'dev-edge', '--json'])).stdout)).toMatchObject({ tls_fingerprint: fleet.devices[1].keys.tlsFingerprint, facts: { routeros_version: '7.20.5' } });
    const table = await admin(['device', 'test', 'dev-edge']);
    expect(table.stdout).toMatch(/^rest:\s+ok \(\d+ ms\)$/m);
  });

  it('an unreachable device fails the test with exit 2 and is marked unreachable', async () => {
    await add('dev-home', 0, pins(0));
    await simControl(fleet, 'PUT', '/devices/0/faults', { refuse: true });
    const tested = await admin(['device', 'test', 'dev-home', '--json']);
    expect(tested.code).toBe(2);
    expect(JSON.parse(tested.stdout)).toMatchObject({ rest: { ok: false, code: 'DEVICE.UNREACHABLE' }, status: 'unreachable' });
  });

  it('a changed certificate fails the test until it is re-pinned, showing old and new', async () => {
    await add('dev-home', 0, pins(0));
    const old = fleet.devices[0].keys.tlsFingerprint;
    await simControl(fleet, 'PUT', '/devices/0/faults', { tlsCertificateChanged: true });
    const failing = JSON.parse((await admin(['device', 'test', 'dev-home', '--json'])).stdout);
    expect(failing.rest).toMatchObject({ ok: false, code: 'DEVICE.AUTH_FAILED', error: expect.stringContaining('device repin dev-home') });

    const wrong = await admin(['device', 'repin', 'dev-home', '--tls-fingerprint', old]);
    expect(wrong.code).toBe(1);
    const repinned = await admin(['device', 'repin', 'dev-home', '--yes']);
    expect(repinned).toMatchObject({ code: 0 });
    expect(repinned.stdout).toContain(`certificate ${old} -> ${fleet.devices[0].keys.tlsFingerprint}`);
    expect(JSON.parse((await admin(['device', 'test', 'dev-home', '--json'])).stdout)).toMatchObject({ rest: { ok: true } });
  });
});
