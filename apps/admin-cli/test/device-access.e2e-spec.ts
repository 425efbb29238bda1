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

/** Every successful `--json` output seen in this file, checked for snake_case keys by the last test. */
const jsonOutputs = new Map<string, unknown>();
const admin = async (args: string[], stdin?: string) => {
  const result = await runAdmin(args, { env, stdin });
  if (args.includes('--json') && result.code === 0) jsonOutputs.set(args.filter((a) => !a.startsWith('-') && !/^\d+$/.test(a)).slice(0, 2).join(' '), JSON.parse(result.stdout));
  return result;
};
const where = (i: number) => ['--host', '127.0.0.1', '--port', new URL(fleet.devices[i].restUrl).port, '--ssh-port', String(fleet.devices[i].sshPort)];
const add = (id: string, i: number, extra: string[], password = PASSWORD) =>
  admin(['device', 'add', '--id', id, '--name', id, ...where(i), '--environment', 'lab', '--username', 'admin', '--password-stdin', ...extra], password + '\n');
const pins = (i: number) => ['--tls-fingerprint', fleet.devices[i].keys.tlsFingerprint, '--ssh-host-key', fleet.devices[i].keys.sshHostKeyFingerprint];
const IMPORT_COMMANDS: string[] = [];
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
    ['no confirmation and no pins', [], /refusing to pin identities nobody confirmed: .* and pass --tls-fingerprint SHA256:\S+ --ssh-host-key SHA256:\S+, or --yes/],
    ['a certificate fingerprint the device does not present', ['--tls-fingerprint', 'SHA256:' + 'AB:'.repeat(31) + 'AB'], /the device presents SHA256:/],
  ])('refuses %s and enrolls nothing, showing what the device presents (text and --json)', async (_label, extra, message) => {
    const { tlsFingerprint, sshHostKeyFingerprint } = fleet.devices[0].keys;
    const result = await add('dev-x', 0, [...(extra as string[]), '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(`TLS certificate SHA-256: ${tlsFingerprint}`);
    expect(result.stderr).toContain(`SSH host key SHA-256: ${sshHostKeyFingerprint}`);
    expect(JSON.parse(result.stdout)).toEqual({ pinned: false, error: expect.stringMatching(message), presented: { tls_fingerprint: tlsFingerprint, ssh_host_key: sshHostKeyFingerprint } });
    expect(await listIds()).toEqual([]);
  });

  it('refuses wrong credentials before enrolling with advice that fits (nothing enrolled), without echoing them', async () => {
    const result = await add('dev-x', 0, [...pins(0)], 'wrong-password-123');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: device 'dev-x' rejected the password for user 'admin'; nothing was enrolled: run `routeros-mcp-admin device add` again with the right password/);
    expect(result.stderr).not.toContain('credentials set');
    expect(result.stderr + result.stdout).not.toContain('wrong-password-123');
    expect(await listIds()).toEqual([]);
  });

  it('enrolls offline, pins at the first test, and reports reachability and facts', async () => {
    expect((await add('dev-edge', 1, ['--offline'])).code).toBe(0);
    const shown = JSON.parse((await admin(['device', 'show', 'dev-edge', '--json'])).stdout);
    expect(shown).toMatchObject({ status: 'unknown', tls_fingerprint: null });
    const tested = await admin(['device', 'test', 'dev-edge', '--yes', '--json']);
    expect(tested.code).toBe(0);
    expect(tested.stderr).toContain(`TLS certificate SHA-256: ${fleet.devices[1].keys.tlsFingerprint}`);
    expect(JSON.parse(tested.stdout)).toMatchObject({ device_id: 'dev-edge', rest: { ok: true }, ssh: { ok: true }, status: 'healthy', facts: { version: '7.20.5', identity: 'sim-edge-002', board: 'CCR2004-16G-2S+', latency_ms: expect.any(Number) } });
    expect(JSON.parse((await admin(['device', 'show', 'dev-edge', '--json'])).stdout)).toMatchObject({ tls_fingerprint: fleet.devices[1].keys.tlsFingerprint, facts: { routeros_version: '7.20.5' } });
    const table = await admin(['device', 'test', 'dev-edge']);
    expect(table.stdout).toMatch(/^rest:\s+ok \(\d+ ms\)$/m);
  });

  it('--yes pins what the device presents and says so; an unreachable device then fails the test with exit 2', async () => {
    const added = await add('dev-home', 0, ['--yes']);
    expect(added.code).toBe(0);
    const { tlsFingerprint, sshHostKeyFingerprint } = fleet.devices[0].keys;
    expect(added.stderr).toContain(`TLS certificate SHA-256: ${tlsFingerprint}`);
    expect(added.stdout).toContain(`Pinned TLS certificate SHA-256 ${tlsFingerprint}; SSH host key SHA-256 ${sshHostKeyFingerprint}.`);
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
    expect(JSON.parse((await admin(['device', 'repin', 'dev-home', '--yes', '--json'])).stdout)).toMatchObject({ tls_fingerprint: fleet.devices[0].keys.tlsFingerprint });
    expect(JSON.parse((await admin(['device', 'test', 'dev-home', '--json'])).stdout)).toMatchObject({ rest: { ok: true } });
    // The remaining --json commands, for the snake_case check below.
    for (const args of [['device', 'list'], ['device', 'show', 'dev-home'], ['device', 'update', 'dev-home', '--tag', 'site=ber1'], ['keys', 'rotate'], ['db', 'status'], ['db', 'migrate']]) {
      expect((await admin([...args, '--json'])).code).toBe(0);
    }
  });

  it('every --json output uses snake_case keys', () => {
    const offending = (value: unknown, path: string): string[] => {
      if (Array.isArray(value)) return value.flatMap((v, i) => offending(v, `${path}[${i}]`));
      if (value === null || typeof value !== 'object') return [];
      // Tag keys are the operator's own words, not field names.
      return Object.entries(value).flatMap(([k, v]) => [...(/^[a-z][a-z0-9_]*$/.test(k) ? [] : [`${path}.${k}`]), ...(k === 'tags' ? [] : offending(v, `${path}.${k}`))]);
    };
    expect([...jsonOutputs.keys()].sort()).toEqual(['db migrate', 'db status', 'device add', 'device list', 'device repin', 'device show', 'device test', 'device update', 'keys rotate'].concat(IMPORT_COMMANDS).sort());
    expect([...jsonOutputs].flatMap(([command, output]) => offending(output, command))).toEqual([]);
  });
});
