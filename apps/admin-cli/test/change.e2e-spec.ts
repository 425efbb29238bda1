import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Fleet, simControl, startFleet, useTestDatabases } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { runAdmin } from './cli-runner';

const PASSWORD = 'sim-Admin-pw7';
/** The built stdio server (an implicit dependency of this app): changes are made the way an MCP client makes them. */
const STDIO_SERVER = join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js');
const databases = useTestDatabases();
let fleet: Fleet;
const ESC = '\u001b[';

beforeAll(async () => (fleet = await startFleet({ devices: 1, profile: 'edge', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] })));
afterAll(() => fleet.stop());

/** Calls tools on a stdio server over `env`'s database, as one MCP session. */
async function withServer<T>(env: Record<string, string>, work: (call: (name: string, args: Record<string, unknown>) => Promise<any>) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [STDIO_SERVER], env: { PATH: process.env['PATH']!, ROUTEROS_MCP_LOG_LEVEL: 'error', ...env }, stderr: 'pipe' }));
  try {
    return await work((name, args) => client.callTool({ name, arguments: args }));
  } finally {
    await client.close();
  }
}

describe.each([
  ['SQLite', async () => ({})],
  ['PostgreSQL', async () => ({ ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() })],
])('change commands on %s after changes made through the pipeline', (_engine, database) => {
  let env: Record<string, string>;
  const ids = { identity: '', dns: '' };
  const admin = (args: string[], extra: Record<string, string> = {}) => runAdmin(args, { env: { ...env, ...extra } });
  const json = async (args: string[]) => {
    const result = await admin([...args, '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(result.stdout);
  };

  beforeAll(async () => {
    env = { ROUTEROS_MCP_DATA_DIR: databases.dataDir(), ...(await database()) };
    await simControl(fleet, 'POST', '/reset');
    const device = fleet.devices[0];
    const added = await runAdmin(
      ['device', 'add', '--id', 'edge-1', '--name', 'edge-1', '--host', '127.0.0.1', '--port', new URL(device.restUrl).port, '--ssh-port', String(device.sshPort), '--environment', 'lab', '--username', 'admin', '--password-stdin', '--tls-fingerprint', device.keys.tlsFingerprint, '--ssh-host-key', device.keys.sshHostKeyFingerprint, '--allow-advanced-writes'],
      { env, stdin: `${PASSWORD}\n` },
    );
    expect(added.code).toBe(0);
    await withServer(env, async (call) => {
      const identity = await call('system_set_identity', { device_id: 'edge-1', name: 'edge one' });
      expect(identity.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
      ids.identity = identity.structuredContent.change_id;
      // A dry run is not a change: nothing is recorded.
      expect((await call('dns_set_servers', { device_id: 'edge-1', servers: ['192.0.2.1'], dry_run: true })).structuredContent.change_id).toBeNull();
      ids.dns = (await call('dns_set_servers', { device_id: 'edge-1', servers: ['192.0.2.1', '192.0.2.2'] })).structuredContent.change_id;
      await call('change_revert', { change_id: ids.dns });
    });
  }, 120_000);

  it('lists changes newest first, of a device, by status, limited, as a table or JSON', async () => {
    const all = await json(['change', 'list']);
    // Newest first: the revert of the DNS change, the DNS change (now reverted), the identity change.
    expect(all.map((c: { tool: string; status: string }) => `${c.tool}:${c.status}`)).toEqual(['change_revert:verified', 'dns_set_servers:reverted', 'system_set_identity:verified']);
    expect(all[2]).toMatchObject({ change_id: ids.identity, device_id: 'edge-1', principal: expect.stringContaining('(stdio)'), protection: 'none_needed' });
    expect((await json(['change', 'list', 'edge-1', '--status', 'reverted'])).map((c: { change_id: string }) => c.change_id)).toEqual([ids.dns]);
    expect(await json(['change', 'list', 'edge-1', '--limit', '1'])).toHaveLength(1);
    expect(await json(['change', 'list', 'other-device'])).toEqual([]);
    const table = await admin(['change', 'list', 'edge-1']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+CREATED\s+DEVICE\s+TOOL\s+STATUS\s+PROTECTION\s+SUMMARY$/);
    expect(table.stdout).toContain(ids.identity);
  });

  it('shows one change: diff, before/after, verdicts, protection, verification, end state, snapshot before, revert', async () => {
    const shown = await json(['change', 'show', ids.identity]);
    expect(shown).toMatchObject({
      change_id: ids.identity, tool: 'system_set_identity', status: 'verified', protection: 'none_needed', risk: expect.any(String),
      diff: ['/system identity set name="edge one"'],
      touched: [{ menu: 'system/identity', before: expect.objectContaining({ name: expect.any(String) }), after: expect.objectContaining({ name: 'edge one' }) }],
      verification: { status: 'verified', detail: expect.stringContaining('new TLS session') },
      before_snapshot: { status: 'captured', snapshotId: expect.stringMatching(/^snap-[0-9a-f]{12}$/) },
      revert: [expect.stringMatching(/^\/system identity set name=/)],
      not_revertible: null, error: null, reverted_by: null,
    });
    expect(shown.verdicts).toEqual(expect.arrayContaining([{ rule: 'TIER_CAPABILITY', status: 'pass', reason: expect.any(String) }]));
    // The snapshot before the change is in config history, and holds the old name.
    const snapshot = await json(['snapshot', 'show', shown.before_snapshot.snapshotId, '--section', '/system identity']);
    expect(snapshot).toMatchObject({ reason: 'before_change', lines: [`/system identity set name=${shown.touched[0].before.name}`] });
    expect(await json(['change', 'show', ids.dns])).toMatchObject({ status: 'reverted', reverted_by: expect.any(String), verification: { status: 'verified' } });

    const plain = await admin(['change', 'show', ids.identity]);
    expect(plain.stdout).toMatch(new RegExp(`^# ${ids.identity}: `));
    expect(plain.stdout).toMatch(/^verification: +verified: /m);
    expect(plain.stdout).toMatch(/^ {4}- name=/m);
    expect(plain.stdout).toMatch(/^ {4}\+ name=edge one$/m);
    expect(plain.stdout).not.toContain(ESC);
    const coloured = await admin(['change', 'show', ids.identity], { FORCE_COLOR: '1' });
    expect(coloured.stdout).toContain(`${ESC}31m    - name=`);
    expect(coloured.stdout).toContain(`${ESC}32m    + name=edge one`);
  });

  it('refuses an unknown change or status with exit 1 and one line', async () => {
    const unknown = await admin(['change', 'show', '00000000-0000-0000-0000-000000000000']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/^error: .*00000000-0000-0000-0000-000000000000/);
    const status = await admin(['change', 'list', '--status', 'done']);
    expect(status.code).toBe(1);
    expect(status.stderr).toMatch(/--status.*done/);
  });
});
