import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { connectEra, EraClient, enrollmentOf, ERAS, Fleet, ROUTEROS_SECRET_PROPERTIES, startFleet, tempDir } from '@routeros-mcp/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runAdmin } from './cli-runner';

/*
 * Issue 21 item 9: a secret sent to a tool under any of RouterOS's secret property names (and a passphrase a plan
 * takes) never reaches the database, its WAL, the log, the server's stderr, a tool's answer or `audit --json` in the
 * clear or encoded: refused calls (unknown arguments, a plan topic refusing keys, a secret filter, an unknown tool)
 * and accepted ones (a wireless plan holding a passphrase), over both protocol revisions, with the real stdio server.
 */
const STDIO_SERVER = join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js');
const SIM_USER = { name: 'admin', password: 'sim-pw' };
const NOT_KEPT = '[unknown argument: not kept]';
const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true, allow_wireless_writes: true };

/** A planted value per secret name: long enough to be unmistakable, with characters URL encoding changes. */
const planted = (era: string, i: number) => `Pl@nted ${era}/${i}+s3cr3t`;
/** The passphrase an accepted wireless plan holds (8-63 printable ASCII). */
const accepted = (era: string) => `Acc3pted wifi/${era}+pass`;

/** Every form a leaked secret would likely take on disk or on screen. */
function forms(secret: string): Buffer[] {
  const raw = Buffer.from(secret, 'utf8');
  return [raw, Buffer.from(raw.toString('base64')), Buffer.from(raw.toString('base64url')), Buffer.from(raw.toString('hex')), Buffer.from(raw.toString('hex').toUpperCase()), Buffer.from(encodeURIComponent(secret)), Buffer.from(secret, 'utf16le')];
}
const leaksIn = (label: string, bytes: Buffer, secrets: string[]) => secrets.flatMap((s) => (forms(s).some((form) => bytes.includes(form)) ? [`${label} holds ${s}`] : []));

describe('secrets sent to tools never leave in plaintext or encoded (SQLite, stdio)', () => {
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let dataDir: string;
  let logFile: string;
  const secrets: string[] = [];
  /** Everything a client or an operator saw, and what the server wrote to stderr. */
  const seen: string[] = [];
  const databaseFiles = () => readdirSync(dataDir).filter((f) => f.startsWith('routeros-mcp.sqlite')).map((f) => join(dataDir, f));
  const diskLeaks: string[] = [];

  beforeAll(async () => {
    fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: [{ ...SIM_USER, group: 'full' }] });
    dir = tempDir('tool-secret-leak-');
    dataDir = join(dir.path, 'data');
    logFile = join(dir.path, 'server.log');
    const services = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
    try {
      await services.devices.enroll({ id: 'spec', via: 'admin-cli' }, ...enrollmentOf(fleet.devices[0], 'r0', SIM_USER, { capabilities: FLAGS }));
    } finally {
      await services.close();
    }
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
    dir?.remove();
  });

  it.each(ERAS)('plants a secret under every name through refused and accepted calls over %s', async (_label, era) => {
    const env = { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_TOOLSETS: 'all', ROUTEROS_MCP_LOG_LEVEL: 'debug', ROUTEROS_MCP_LOG_FILE: logFile };
    const client: EraClient = await connectEra(era, { command: process.execPath, args: [STDIO_SERVER], env });
    client.transport.stderr.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
    const values = ROUTEROS_SECRET_PROPERTIES.map((name, i) => [name, planted(era, i)] as const);
    secrets.push(...values.map(([, v]) => v), accepted(era));
    const underEveryName = Object.fromEntries(values);
    const refuse = async (name: string, args: Record<string, unknown>) => seen.push(JSON.stringify(await client.failure(name, args)));
    try {
      // Unknown top-level arguments: refused before anything is recorded but the names.
      await refuse('dns_set_servers', { device_id: 'r0', servers: ['1.1.1.1'], dry_run: true, colour: planted(era, 1001), ...underEveryName });
      await refuse('system_set_identity', { device_id: 'r0', name: 'x', psk: planted(era, 1000) });
      secrets.push(planted(era, 1000), planted(era, 1001));
      // A plan whose topic refuses the keys (the plan_wireless), nested in a profile and an interface.
      await refuse('plan_wireless', { devices: ['r0'], change: { security_profiles: [{ name: 'p', 'authentication-types': ['wpa2-psk'], ...underEveryName }], interfaces: [{ name: 'wifi1', ...underEveryName }] } });
      // The issue's own call, small enough for the audit record to keep its arguments (large ones keep only their size).
      await refuse('plan_wireless', { devices: ['r0'], change: { security_profiles: [{ name: 'p', 'wpa2-pre-shared-key': planted(era, 1002), psk: planted(era, 1003), key: planted(era, 1004) }] } });
      secrets.push(planted(era, 1002), planted(era, 1003), planted(era, 1004));
      // A filter on each secret property (a guessing oracle), and a tool that does not exist.
      for (const [name, value] of values.filter(([name]) => /^[a-z0-9.-]+$/.test(name))) await refuse('interface_list', { device_id: 'r0', where: { [name]: value } });
      await refuse('dns_set_server', underEveryName);
      // Accepted: a wireless plan holding a passphrase (sealed in the plan, redacted wherever it is shown).
      const plan = await client.callTool('plan_wireless', { devices: ['r0'], change: { security_profiles: [{ name: `mcp-${era}`, 'authentication-types': ['wpa2-psk'], passphrase: accepted(era) }], interfaces: [{ name: 'wifi1', security_profile: `mcp-${era}` }] } });
      seen.push(JSON.stringify(plan));
      expect(plan.structuredContent.status).toBe('pending');
      seen.push(JSON.stringify(await client.callTool('plan_get', { plan_id: plan.structuredContent.plan_id })));
      seen.push(JSON.stringify(await client.callTool('audit_list_events', { limit: 200 })));
      // The database and its WAL while the server still holds them open.
      diskLeaks.push(...databaseFiles().flatMap((f) => leaksIn(`${f} (open)`, readFileSync(f), secrets)));
    } finally {
      await client.close();
    }
  }, 180_000);

  it('leaves every planted value out of the database and WAL, the log, stderr, the answers and the admin CLI', async () => {
    expect(secrets.length).toBe(2 * (ROUTEROS_SECRET_PROPERTIES.length + 6));
    const cli = [await runAdmin(['audit', '--json', '--limit', '1000'], { env: { ROUTEROS_MCP_DATA_DIR: dataDir } }), await runAdmin(['audit', '--limit', '1000'], { env: { ROUTEROS_MCP_DATA_DIR: dataDir } }), await runAdmin(['plan', 'list', '--json'], { env: { ROUTEROS_MCP_DATA_DIR: dataDir } })];
    for (const result of cli) expect(result.code).toBe(0);
    const leaks = [
      ...diskLeaks,
      ...databaseFiles().flatMap((f) => leaksIn(f, readFileSync(f), secrets)),
      ...leaksIn('the log file', readFileSync(logFile), secrets),
      ...leaksIn('stderr and the answers', Buffer.from(seen.join('\n')), secrets),
      ...cli.flatMap((r, i) => leaksIn(`admin CLI output ${i}`, Buffer.from(r.stdout + r.stderr), secrets)),
    ];
    expect(leaks).toEqual([]);

    // The search found the records it searched: the refused calls are audited, names kept and values not.
    const events = JSON.parse(cli[0].stdout) as { action: string; outcome: string; arguments?: Record<string, any> }[];
    const dns = events.find((e) => e.action === 'tool.dns_set_servers' && e.arguments?.['psk'] !== undefined);
    // An unknown key keeps its name only (under a secret name, the redaction says so instead).
    expect(dns).toMatchObject({ outcome: 'error', arguments: { device_id: 'r0', colour: NOT_KEPT, psk: '[redacted]', 'wpa2-pre-shared-key': '[redacted]', key: NOT_KEPT } });
    // The issue's plan_wireless: the tool's record and the plan service's keep the profile's unknown keys' names only.
    for (const action of ['tool.plan_wireless', 'plan.create']) {
      const wireless = events.find((e) => e.action === action && e.outcome === 'error' && e.arguments?.['change']?.security_profiles?.[0]?.name === 'p' && !e.arguments['change'].interfaces);
      expect(wireless?.arguments?.['change'].security_profiles[0]).toEqual({ name: 'p', 'wpa2-pre-shared-key': '[redacted]', psk: '[redacted]', key: NOT_KEPT });
    }
    expect(events.filter((e) => e.action === 'tool.interface_list').length).toBeGreaterThanOrEqual(2 * ROUTEROS_SECRET_PROPERTIES.length);
    expect(readFileSync(logFile, 'utf8')).toContain('tool call failed');
  }, 120_000);
});
