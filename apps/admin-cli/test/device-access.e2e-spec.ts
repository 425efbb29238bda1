import { Fleet, simControl, startFleet, tempDir, useTestDatabases } from '@routeros-mcp/testing';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAdmin } from './cli-runner';

const PASSWORD = 'sim-Admin-pw7';
const OPS_PASSWORD = 'sim-Ops-pw42';
const databases = useTestDatabases();
let fleet: Fleet;
let env: Record<string, string>;

beforeAll(async () => (fleet = await startFleet({ devices: 3, profile: 'mixed', users: [{ name: 'admin', password: PASSWORD, group: 'full' }, { name: 'ops', password: OPS_PASSWORD, group: 'full' }] })));
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
const IMPORT_COMMANDS = ['device import'];
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

  it('REST hanging while SSH answers is degraded (exit 3) with what works, not unreachable; both back is healthy (exit 0)', async () => {
    await add('dev-home', 0, pins(0));
    await simControl(fleet, 'PUT', '/devices/0/faults', { hang: true });
    const tested = await admin(['device', 'test', 'dev-home', '--json']);
    expect(tested.code).toBe(3);
    expect(JSON.parse(tested.stdout)).toMatchObject({ rest: { ok: false }, ssh: { ok: true }, status: 'degraded', works: expect.stringMatching(/^SSH only: /) });
    const table = await admin(['device', 'test', 'dev-home']);
    expect(table.code).toBe(3);
    expect(table.stdout).toMatch(/^status:\s+degraded$/m);
    expect(table.stdout).toMatch(/^works:\s+SSH only: the device is up, but reads and writes need REST/m);
    // What the device said before is kept: a degraded device is still the same device.
    expect(JSON.parse((await admin(['device', 'show', 'dev-home', '--json'])).stdout)).toMatchObject({ status: 'degraded', facts: { routeros_version: '7.20.5' } });
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    const healthy = await admin(['device', 'test', 'dev-home', '--json']);
    expect(healthy.code).toBe(0);
    expect(JSON.parse(healthy.stdout)).toMatchObject({ status: 'healthy', works: null });
  }, 600_000);

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

  describe('credentials set', () => {
    const auditOf = async () => JSON.parse((await runAdmin(['audit', '--device', 'dev-home', '--action', 'credentials.set', '--json'], { env })).stdout);
    const restUser = async () => JSON.parse((await admin(['device', 'show', 'dev-home', '--json'])).stdout).credentials.map((c: { purpose: string; username: string }) => [c.purpose, c.username]);
    const set = (password: string, extra: string[] = []) => admin(['credentials', 'set', 'dev-home', '--username', 'ops', '--password-stdin', ...extra], password + '\n');

    it('refuses a password the device rejects (exit 1), stores nothing, and the device is still reached with the old one', async () => {
      await add('dev-home', 0, pins(0));
      const before = await restUser();
      const refused = await set('not-the-ops-password-1');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^error: device 'dev-home' rejected the password for user 'ops' over REST; nothing was stored, the stored credentials are unchanged/);
      expect(refused.stderr + refused.stdout).not.toContain('not-the-ops-password-1');
      expect(await restUser()).toEqual(before);
      expect(JSON.parse((await admin(['device', 'test', 'dev-home', '--json'])).stdout)).toMatchObject({ rest: { ok: true }, ssh: { ok: true }, status: 'healthy' });
      expect(await auditOf()).toEqual([expect.objectContaining({ outcome: 'error', error_code: 'DEVICE.AUTH_FAILED', arguments: { username: 'ops' } })]);
    });

    it('refuses when the device cannot check them (REST down), and stores them without contact with --offline', async () => {
      await add('dev-home', 0, pins(0));
      const before = await restUser();
      await simControl(fleet, 'PUT', '/devices/0/faults', { refuse: true });
      const unchecked = await set(OPS_PASSWORD);
      expect(unchecked.code).toBe(1);
      expect(unchecked.stderr).toMatch(/^error: cannot check the new credentials over REST: .*nothing was stored, the stored credentials are unchanged \(--offline stores them without asking the device\)/);
      expect(await restUser()).toEqual(before);
      const offline = await set(OPS_PASSWORD, ['--offline']);
      expect(offline).toMatchObject({ code: 0, stdout: expect.stringContaining('Stored new credentials for dev-home without asking the device (--offline)') });
      expect(await restUser()).toEqual([['rest_password', 'ops'], ['ssh_password', 'ops']]);
    });

    it('stores credentials the device accepts over REST and SSH, and the device is then reached with them', async () => {
      await add('dev-home', 0, pins(0));
      const stored = await set(OPS_PASSWORD);
      expect(stored).toMatchObject({ code: 0, stderr: '' });
      expect(stored.stdout).toContain('Stored new credentials for dev-home: the device accepted them over REST and SSH.');
      expect(await restUser()).toEqual([['rest_password', 'ops'], ['ssh_password', 'ops']]);
      expect(JSON.parse((await admin(['device', 'test', 'dev-home', '--json'])).stdout)).toMatchObject({ rest: { ok: true }, ssh: { ok: true }, status: 'healthy' });
      expect(await auditOf()).toEqual([expect.objectContaining({ outcome: 'success', arguments: { username: 'ops' } })]);
    });
  });

  describe('device import', () => {
    const files = tempDir('import-');
    afterAll(() => files.remove());
    const file = (name: string, content: string) => {
      const path = join(files.path, name);
      writeFileSync(path, content);
      return path;
    };
    const port = (i: number) => new URL(fleet.devices[i].restUrl).port;
    const keys = (i: number) => fleet.devices[i].keys;
    const csvRow = (i: number, env = 'lab', extra = '') =>
      `dev-${i},Router ${i},127.0.0.1,${port(i)},${fleet.devices[i].sshPort},${env},site=ber${i};role=edge,true,${keys(i).tlsFingerprint},${keys(i).sshHostKeyFingerprint}${extra}`;
    const CSV_HEADER = 'id,name,host,rest_port,ssh_port,environment,tags,allow_firewall_writes,tls_fingerprint,ssh_host_key';

    it('enrols 3 devices from a CSV with pins and one password from stdin, reporting each row as JSON', async () => {
      const csv = file('fleet.csv', [CSV_HEADER, csvRow(0, 'prod'), csvRow(1, 'staging'), csvRow(2)].join('\n') + '\n');
      const result = await admin(['device', 'import', csv, '--username', 'admin', '--password-stdin', '--json'], PASSWORD);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const rows = JSON.parse(result.stdout);
      expect(rows).toEqual([0, 1, 2].map((i) => expect.objectContaining({ row: i + 1, id: `dev-${i}`, result: 'enrolled', status: 'healthy', tls_fingerprint: keys(i).tlsFingerprint, ssh_host_key: keys(i).sshHostKeyFingerprint, routeros_version: '7.20.5', errors: [] })));
      const listed = JSON.parse((await admin(['device', 'list', '--json'])).stdout);
      expect(listed.map((d: { id: string; environment: string; tags: object; capabilities: { allow_firewall_writes: boolean } }) => [d.id, d.environment, d.tags, d.capabilities.allow_firewall_writes])).toEqual([
        ['dev-0', 'prod', { role: 'edge', site: 'ber0' }, true],
        ['dev-1', 'staging', { role: 'edge', site: 'ber1' }, true],
        ['dev-2', 'lab', { role: 'edge', site: 'ber2' }, true],
      ]);
    });

    it('enrols 3 lab devices from a YAML trusting them on first use, with per-row password variables, as a table', async () => {
      const yaml = file('fleet.yaml', 'devices:\n' + [0, 1, 2].map((i) => [
        `  - id: dev-${i}`, `    name: Router ${i}`, '    host: 127.0.0.1', `    rest_port: ${port(i)}`, `    ssh_port: ${fleet.devices[i].sshPort}`,
        '    environment: lab', '    username: admin', `    password_env: PW_${i}`, '    allow_advanced_writes: true', '    tags:', `      site: muc${i}`,
      ].join('\n')).join('\n') + '\n');
      const result = await runAdmin(['device', 'import', yaml, '--trust-on-first-use'], { env: { ...env, PW_0: PASSWORD, PW_1: PASSWORD, PW_2: PASSWORD } });
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^ROW\s+ID\s+NAME\s+HOST\s+ENV\s+RESULT$/);
      [0, 1, 2].forEach((i) => expect(lines[i + 1]).toContain(`enrolled, healthy, RouterOS 7.20.5, TLS ${keys(i).tlsFingerprint}, SSH ${keys(i).sshHostKeyFingerprint}`));
      const shown = JSON.parse((await admin(['device', 'show', 'dev-2', '--json'])).stdout);
      expect(shown).toMatchObject({ tags: { site: 'muc2' }, capabilities: { allow_advanced_writes: true }, tls_fingerprint: keys(2).tlsFingerprint });
    });

    it('enrols nothing when one row is bad (here: trust on first use for a prod row), naming the row and the field', async () => {
      const csv = file('tofu.csv', ['id,name,host,rest_port,ssh_port,environment', ...[0, 1, 2].map((i) => `dev-${i},Router ${i},127.0.0.1,${port(i)},${fleet.devices[i].sshPort},${i === 1 ? 'prod' : 'lab'}`)].join('\n'));
      const result = await admin(['device', 'import', csv, '--username', 'admin', '--password-stdin', '--trust-on-first-use'], PASSWORD);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe("error: row 2 (dev-1): environment: --trust-on-first-use is allowed for lab rows only, not prod; give tls_fingerprint and ssh_host_key; nothing was enrolled (1 of 3 rows need fixing)\n");
      expect(result.stdout).toMatch(/^1\s+dev-0 .*ok, not enrolled \(another row failed\)$/m);
      expect(await listIds()).toEqual([]);
    });

    it('names every bad field of every row, not only the first of each', async () => {
      const csv = file('many.csv', ['id,name,host,rest_port,environment,colour', 'dev-7,Router 7,https://x/,99999,lab,red', 'dev-8,Router 8,127.0.0.1,443,moon,'].join('\n'));
      const result = await admin(['device', 'import', csv, '--username', 'admin', '--offline', '--json']);
      expect(result.code).toBe(1);
      const rows = JSON.parse(result.stdout) as { errors: { field: string }[] }[];
      expect(rows[0].errors.map((e) => e.field)).toEqual(['colour', 'host', 'rest_port']);
      expect(rows[1].errors.map((e) => e.field)).toContain('environment');
      expect(await listIds()).toEqual([]);
    });

    it('enrols nothing when a device refuses one row\'s password, after checking every row on the device', async () => {
      const csv = file('badpw.csv', [CSV_HEADER + ',password_env', ...[0, 1, 2].map((i) => csvRow(i, 'lab', i === 2 ? ',WRONG_PW' : ',GOOD_PW'))].join('\n'));
      const result = await runAdmin(['device', 'import', csv, '--username', 'admin', '--json'], { env: { ...env, GOOD_PW: PASSWORD, WRONG_PW: 'not-the-password-9' } });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: row 3 \(dev-2\): password: device 'dev-2' rejected the password for user 'admin'; nothing was enrolled: fix row 3's password \(WRONG_PW\) and import again/);
      expect(result.stderr + result.stdout).not.toContain('not-the-password-9');
      expect(JSON.parse(result.stdout).map((r: { result: string }) => r.result)).toEqual(['not_enrolled', 'not_enrolled', 'invalid']);
      expect(await listIds()).toEqual([]);
    });
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
