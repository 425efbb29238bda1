import { useTestDatabases } from '@routeros-mcp/testing';
import { runAdmin } from './cli-runner';

const databases = useTestDatabases();
const sqliteEnv = async (): Promise<Record<string, string>> => ({ ROUTEROS_MCP_DATA_DIR: databases.dataDir() });
const postgresEnv = async (): Promise<Record<string, string>> => ({ ...(await sqliteEnv()), ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() });

describe.each([
  ['SQLite', sqliteEnv],
  ['PostgreSQL', postgresEnv],
])('routeros-mcp-admin on %s', (_engine, makeEnv) => {
  let env: Record<string, string>;
  const admin = (args: string[], stdin?: string) => runAdmin(args, { env, stdin });
  const add = (id: string, extra: string[] = [], password = 'pw-' + id, run = admin) =>
    run(['device', 'add', '--id', id, '--name', `Router ${id}`, '--host', '192.0.2.1', '--environment', 'lab', '--username', 'admin', '--password-stdin', '--offline', ...extra], password + '\n');
  const listJson = async () => JSON.parse((await admin(['device', 'list', '--json'])).stdout);

  beforeEach(async () => (env = await makeEnv()));

  it('enrolls, lists, shows, updates and removes a device', async () => {
    const added = await add('dev-lab-01', ['--tag', 'site=ber1', '--tag', 'role=edge', '--port', '8443', '--allow-advanced-writes', '--critical', '--json']);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(added.stdout)).toMatchObject({ id: 'dev-lab-01', port: 8443, ssh_port: 22, status: 'unknown', critical: true, tags: { role: 'edge', site: 'ber1' }, capabilities: { allow_advanced_writes: true, allow_firewall_writes: false } });
    await add('dev-lab-02', ['--tag', 'site=muc1']);

    const table = await admin(['device', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+HOST\s+PORT\s+ENV\s+STATUS\s+ROUTEROS\s+TAGS$/);
    expect(table.stdout).toContain('dev-lab-02');
    expect((await listJson()).map((d: { id: string }) => d.id)).toEqual(['dev-lab-01', 'dev-lab-02']);
    const bySite = JSON.parse((await admin(['device', 'list', '--tag', 'site=ber1', '--environment', 'lab', '--status', 'unknown', '--json'])).stdout);
    expect(bySite.map((d: { id: string }) => d.id)).toEqual(['dev-lab-01']);

    const shown = JSON.parse((await admin(['device', 'show', 'dev-lab-01', '--json'])).stdout);
    expect(shown.credentials.map((c: { purpose: string; username: string }) => [c.purpose, c.username])).toEqual([['rest_password', 'admin'], ['ssh_password', 'admin']]);
    expect((await admin(['device', 'show', 'dev-lab-01'])).stdout).toMatch(/^environment:\s+lab$/m);

    const updated = await admin(['device', 'update', 'dev-lab-01', '--name', 'Edge Berlin', '--remove-tag', 'role', '--no-allow-advanced-writes', '--allow-firewall-writes', '--no-critical', '--json']);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ name: 'Edge Berlin', tags: { site: 'ber1' }, critical: false, capabilities: { allow_advanced_writes: false, allow_firewall_writes: true } });
    // Without --json it says what changed, and when nothing did.
    expect(await admin(['device', 'update', 'dev-lab-01', '--tag', 'site=ham1', '--critical'])).toMatchObject({ code: 0, stdout: 'Updated dev-lab-01:\n  tags.site: ber1 -> ham1\n  critical: false -> true\n' });
    expect(await admin(['device', 'update', 'dev-lab-01', '--critical'])).toMatchObject({ code: 0, stdout: 'dev-lab-01: already as given; nothing changed.\n' });

    expect(await admin(['device', 'remove', 'dev-lab-01', '--yes'])).toMatchObject({ code: 0, stdout: 'Removed dev-lab-01.\n' });
    expect((await listJson()).map((d: { id: string }) => d.id)).toEqual(['dev-lab-02']);
  });

  // The refusals share one database with one device enrolled (each case checks it is left exactly as it was): a CLI
  // process is what these cases cost (seconds each on a loaded machine), and this spares two of them per case.
  describe('refusals, on one enrolled device', () => {
    let shared: Record<string, string>;
    let listed: string;
    let shown: string;
    const refuse = (args: string[], stdin?: string) => runAdmin(args, { env: shared, stdin });
    beforeAll(async () => {
      shared = await makeEnv();
      expect((await add('dev-lab-01', [], 'pw-dev-lab-01', refuse)).code).toBe(0);
      listed = (await refuse(['device', 'list', '--json'])).stdout;
      shown = (await refuse(['device', 'show', 'dev-lab-01', '--json'])).stdout;
    });

    it.each([
      ['a duplicate id', ['--id', 'dev-lab-01', '--name', 'Other'], "error: id: a device with id 'dev-lab-01' is already enrolled"],
      ['a duplicate name', ['--id', 'dev-lab-09', '--name', 'Router dev-lab-01'], "error: name: a device with name 'Router dev-lab-01' is already enrolled"],
      ['a name with a bidirectional override', ['--id', 'dev-lab-09', '--name', 'core\u202E10-ved'], 'error: name: must not contain control, invisible or direction-changing characters (found U+202E)'],
      ['a bad host', ['--id', 'dev-lab-09', '--name', 'N', '--host', 'https://x/'], "error: host: 'https://x/' is not an IP address or host name"],
      ['a bad port', ['--id', 'dev-lab-09', '--name', 'N', '--port', '70000'], "error: port: '70000' is not a TCP port; expected an integer from 1 to 65535"],
      ['an unknown environment', ['--id', 'dev-lab-09', '--name', 'N', '--environment', 'production'], "error: environment: unknown environment 'production'; expected one of lab, staging, prod"],
      ['a bad tag', ['--id', 'dev-lab-09', '--name', 'N', '--tag', 'novalue'], "error: option '--tag <key=value>' argument 'novalue' is invalid. tag: 'novalue' is not key=value"],
      ['a password on the command line', ['--id', 'dev-lab-09', '--name', 'N', '--password', 'x'], "error: unknown option '--password'"],
      ['an empty password', ['--id', 'dev-lab-09', '--name', 'N', '--stdin-empty'], 'error: password: nothing was given on stdin'],
      ['an unreadable SSH key', ['--id', 'dev-lab-09', '--name', 'N', '--ssh-key-file', '/nonexistent/key'], 'error: ssh_key_file: cannot read /nonexistent/key (ENOENT)'],
    ])('refuses %s with exit 1 and one clear line, changing nothing', async (_label, overrides, message) => {
      const base: Record<string, string> = { '--id': '', '--name': '', '--host': '192.0.2.9', '--port': '443', '--environment': 'lab', '--username': 'admin' };
      const args = [...overrides];
      const emptyStdin = args.includes('--stdin-empty');
      for (const [flag, value] of Object.entries(base)) if (!args.includes(flag) && value) args.push(flag, value);
      const result = await refuse(['device', 'add', ...args.filter((a) => a !== '--stdin-empty'), '--password-stdin', '--offline'], emptyStdin ? '' : 'secret\n');
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toContain(message);
      expect((await refuse(['device', 'list', '--json'])).stdout).toBe(listed);
    });

    it.each([
      [['device', 'show', 'dev-x'], "error: device 'dev-x' is not enrolled"],
      [['device', 'update', 'dev-x', '--name', 'y'], "error: device 'dev-x' is not enrolled"],
      [['device', 'remove', 'dev-x', '--yes'], "error: device 'dev-x' is not enrolled"],
      [['credentials', 'set', 'dev-x', '--username', 'a', '--password-stdin'], "error: device 'dev-x' is not enrolled"],
      [['device', 'update', 'dev-lab-01'], 'error: nothing to update: give at least one option'],
      [['device', 'update', 'dev-lab-01', '--ssh-port', '0'], "error: ssh_port: '0' is not a TCP port"],
      [['device', 'update', 'dev-lab-01', '--status', 'gone'], "error: status: unknown status 'gone'"],
      [['device', 'remove', 'dev-lab-01'], 'error: refusing to remove dev-lab-01 without confirmation: pass --yes'],
      [['device', 'list', '--environment', 'qa'], "error: environment: unknown environment 'qa'"],
      [['device', 'frobnicate'], "error: unknown command 'frobnicate'"],
    ])('%j fails with exit 1 and changes nothing', async (args, message) => {
      const result = await refuse(args, 'pw\n');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(message);
      expect((await refuse(['device', 'show', 'dev-lab-01', '--json'])).stdout).toBe(shown);
    });
  });

  it('replaces credentials and rotates the master key, re-encrypting every credential', async () => {
    await add('dev-lab-01');
    await add('dev-lab-02');
    expect(await admin(['credentials', 'set', 'dev-lab-01', '--username', 'api', '--password-stdin', '--offline'], 'new-pw\n')).toMatchObject({ code: 0 });
    const keyIds = async () => {
      const devices = await listJson();
      const shown = await Promise.all(devices.map(async (d: { id: string }) => JSON.parse((await admin(['device', 'show', d.id, '--json'])).stdout)));
      return new Set(shown.flatMap((s) => s.credentials.map((c: { key_id: string }) => c.key_id)));
    };
    const before = await keyIds();
    expect(before.size).toBe(1);
    const rotated = await admin(['keys', 'rotate', '--json']);
    expect(rotated.code).toBe(0);
    const result = JSON.parse(rotated.stdout);
    // dev-lab-01: REST + SSH password; dev-lab-02: the same.
    expect(result).toMatchObject({
      reencrypted: 4, previous_key_id: [...before][0], notice: null, retained_key_ids: [],
      resealed: { credentials: 4, approval_grants: 0, change_inverses: 0, plan_data_keys: 0 },
    });
    expect(await keyIds()).toEqual(new Set([result.new_key_id]));
  });

  it('reports migrations: pending on a new database, applied after db migrate', async () => {
    const names = ['InitialSchema1767225600000', 'RegistryRevision1767312000000', 'ConfigSnapshots1767398400000', 'Changes1767484800000', 'ApiTokens1767571200000', 'RateLimits1767657600000', 'PlanApprovals1767744000000', 'PlanDataKeys1767830400000', 'UniqueTokenNames1767916800000', 'AuditSettlement1768003200000', 'JobLeases1768089600000', 'ConsoleSessions1795856400000', 'AuditChain1795865301935', 'ConsoleSessionPrincipals1795865354526'];
    expect(JSON.parse((await admin(['db', 'status', '--json'])).stdout)).toEqual(names.map((name) => ({ name, applied: false })));
    expect((await admin(['db', 'status'])).stdout).toMatch(/InitialSchema1767225600000\s+pending\nRegistryRevision1767312000000\s+pending\nConfigSnapshots1767398400000\s+pending\nChanges1767484800000\s+pending\nApiTokens1767571200000\s+pending\nRateLimits1767657600000\s+pending\nPlanApprovals1767744000000\s+pending\nPlanDataKeys1767830400000\s+pending\nUniqueTokenNames1767916800000\s+pending\nAuditSettlement1768003200000\s+pending\nJobLeases1768089600000\s+pending\nConsoleSessions1795856400000\s+pending\nAuditChain1795865301935\s+pending\nConsoleSessionPrincipals1795865354526\s+pending/);
    expect(JSON.parse((await admin(['db', 'migrate', '--json'])).stdout)).toEqual({ applied: names });
    expect((await admin(['db', 'migrate'])).stdout).toBe('Database is up to date.\n');
    expect(JSON.parse((await admin(['db', 'status', '--json'])).stdout)).toEqual(names.map((name) => ({ name, applied: true })));
  });
});

describe('routeros-mcp-admin, engine-independent behaviour', () => {
  it('rotates an environment-supplied master key only with the new key on stdin, and says what to do next', async () => {
    const env = { ...(await sqliteEnv()), ROUTEROS_MCP_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') };
    await runAdmin(['device', 'add', '--id', 'dev-a', '--name', 'A', '--host', '10.0.0.1', '--environment', 'lab', '--username', 'admin', '--password-stdin', '--offline'], { env, stdin: 'pw\n' });
    const refused = await runAdmin(['keys', 'rotate'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--new-key-stdin');
    const bad = await runAdmin(['keys', 'rotate', '--new-key-stdin'], { env, stdin: 'short\n' });
    expect(bad).toMatchObject({ code: 1, stderr: 'error: new_key: must be base64 of exactly 32 bytes\n' });
    const ok = await runAdmin(['keys', 'rotate', '--new-key-stdin'], { env, stdin: Buffer.alloc(32, 2).toString('base64') + '\n' });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Re-encrypted 2 credential(s) under key');
    expect(ok.stdout).toContain('Re-sealed 0 approval grant(s), 0 change record(s) with secrets to restore, 0 plan data key(s).');
    expect(ok.stdout).toContain('Next: set ROUTEROS_MCP_MASTER_KEY to the new key');
  });

  it('exits 2 when the database is unreachable, saying so without a stack trace or the connection string', async () => {
    const env = { ...(await sqliteEnv()), ROUTEROS_MCP_DATABASE_URL: 'postgres://nobody:pw-123@127.0.0.1:1/none' };
    const result = await runAdmin(['device', 'list'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: the database cannot be reached \(ECONNREFUSED\); the step that failed was not saved\. Check the database/);
    expect(result.stderr).not.toMatch(/pw-123|127\.0\.0\.1|postgres:/);
    expect(result.stderr).not.toContain('    at ');
  });

  it('exits 1 with the key named on bad configuration', async () => {
    const result = await runAdmin(['device', 'list'], { env: { ...(await sqliteEnv()), ROUTEROS_MCP_LOG_LEVEL: 'chatty' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ROUTEROS_MCP_LOG_LEVEL (logLevel): must be one of error, warn, info, debug (got "chatty")');
  });

  it('prints help and version with exit 0', async () => {
    const env = await sqliteEnv();
    expect((await runAdmin(['--help'], { env })).stdout).toContain('Usage: routeros-mcp-admin');
    expect(await runAdmin(['--version'], { env })).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });
});
