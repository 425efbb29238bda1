import { Fleet, simControl, startFleet, useTestDatabases } from '@routeros-mcp/testing';
import { runAdmin } from './cli-runner';

const PASSWORD = 'sim-Admin-pw7';
const databases = useTestDatabases();
let fleet: Fleet;
const ESC = '\u001b[';

beforeAll(async () => (fleet = await startFleet({ devices: 1, profile: 'edge', users: [{ name: 'admin', password: PASSWORD, group: 'full' }] })));
afterAll(() => fleet.stop());

describe.each([
  ['SQLite', async () => ({})],
  ['PostgreSQL', async () => ({ ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() })],
])('snapshot commands on %s against the simulator', (_engine, database) => {
  let env: Record<string, string>;
  const admin = (args: string[], extra: Record<string, string> = {}) => runAdmin(args, { env: { ...env, ...extra } });
  const json = async (args: string[]) => {
    const result = await admin([...args, '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(result.stdout);
  };
  const setDns = (servers: string) => simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'ip/dns', props: { servers } });

  beforeAll(async () => {
    env = { ROUTEROS_MCP_DATA_DIR: databases.dataDir(), ...(await database()) };
    await simControl(fleet, 'POST', '/reset');
    const device = fleet.devices[0];
    const added = await runAdmin(
      ['device', 'add', '--id', 'edge-1', '--name', 'edge-1', '--host', '127.0.0.1', '--port', new URL(device.restUrl).port, '--ssh-port', String(device.sshPort), '--environment', 'lab', '--username', 'admin', '--password-stdin', '--tls-fingerprint', device.keys.tlsFingerprint, '--ssh-host-key', device.keys.sshHostKeyFingerprint],
      { env, stdin: `${PASSWORD}\n` },
    );
    expect(added.code).toBe(0);
  });

  it('captures, dedups, lists, shows and diffs snapshots, plain off a terminal and coloured with FORCE_COLOR', async () => {
    await setDns('1.1.1.1');
    const first = await json(['snapshot', 'capture', 'edge-1']);
    expect(first).toMatchObject({ id: expect.stringMatching(/^snap-[0-9a-f]{12}$/), device_id: 'edge-1', reason: 'manual', created: true, previous_id: null });
    const again = await admin(['snapshot', 'capture', 'edge-1']);
    expect(again).toMatchObject({ code: 0, stdout: `unchanged since ${first.id} (captured ${first.captured_at}); marked seen\n` });
    await setDns('9.9.9.9');
    const second = await json(['snapshot', 'capture', 'edge-1']);
    expect(second).toMatchObject({ created: true, previous_id: first.id });

    expect((await json(['snapshot', 'list', 'edge-1'])).map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    const table = await admin(['snapshot', 'list', 'edge-1']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+CAPTURED\s+LAST SEEN\s+REASON\s+LINES$/);
    expect(table.stdout).toContain(second.id);

    const shown = await json(['snapshot', 'show', second.id, '--section', '/ip dns']);
    expect(shown).toMatchObject({ id: second.id, device_id: 'edge-1', lines: [expect.stringMatching(/^\/ip dns set .*servers=9\.9\.9\.9$/)] });
    const text = await admin(['snapshot', 'show', first.id]);
    expect(text.stdout).toMatch(new RegExp(`^# ${first.id} of edge-1, captured `));
    expect(text.stdout).toContain('/ip firewall filter');

    const plain = await admin(['snapshot', 'diff', first.id, second.id]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^-\/ip dns set .*servers=1\.1\.1\.1$/m);
    expect(plain.stdout).toMatch(/^\+\/ip dns set .*servers=9\.9\.9\.9$/m);
    expect(plain.stdout).not.toContain(ESC);
    const coloured = await admin(['snapshot', 'diff', first.id, second.id], { FORCE_COLOR: '1' });
    expect(coloured.stdout).toMatch(new RegExp(`\\u001b\\[31m-/ip dns set .*servers=1\\.1\\.1\\.1`));
    expect(coloured.stdout).toMatch(new RegExp(`\\u001b\\[32m\\+/ip dns set .*servers=9\\.9\\.9\\.9`));
    expect((await admin(['snapshot', 'diff', first.id, second.id], { FORCE_COLOR: '1', NO_COLOR: '1' })).stdout).not.toContain(ESC);
  });

  it('diffs against the live export over SSH, optionally one section', async () => {
    const [latest] = await json(['snapshot', 'list', 'edge-1', '--limit', '1']);
    expect(await json(['snapshot', 'diff', latest.id, '--live'])).toMatchObject({ from: latest.id, to: 'live', added: 0, removed: 0, diff: '' });
    expect((await admin(['snapshot', 'diff', latest.id, '--live'])).stdout).toBe(`no differences between ${latest.id} and live\n`);
    await setDns('8.8.8.8');
    await simControl(fleet, 'POST', '/devices/0/config', { action: 'add', path: 'ip/firewall/address-list', props: { list: 'mcp-cli', address: '192.0.2.44' } });
    const live = await json(['snapshot', 'diff', latest.id, '--live', '--section', '/ip firewall']);
    expect(live).toMatchObject({ to: 'live', section: '/ip firewall', added: 1, removed: 0 });
    expect(live.diff).toMatch(/^\+\/ip firewall address-list add address=192\.0\.2\.44 list=mcp-cli$/m);
    expect(live.diff).not.toContain('/ip dns');
  });

  it('refuses what makes no sense with exit 1 and one line', async () => {
    const [latest] = await json(['snapshot', 'list', 'edge-1', '--limit', '1']);
    const cases: [string[], RegExp][] = [
      [['snapshot', 'show', 'snap-000000000000'], /^error: snapshot 'snap-000000000000' does not exist/],
      [['snapshot', 'diff', latest.id], /^error: give either a second snapshot id or --live/],
      [['snapshot', 'diff', latest.id, latest.id, '--live'], /^error: give either a second snapshot id or --live/],
      [['snapshot', 'diff', latest.id, '--live', '--section', '/nothing here'], /^error: .*'\/nothing here' is in neither configuration/],
      [['snapshot', 'list', 'no-such-device'], /^error: device 'no-such-device' is not enrolled/],
    ];
    for (const [args, message] of cases) {
      const result = await admin(args);
      expect({ args, code: result.code }).toEqual({ args, code: 1 });
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
  });
});
