import { startPostgres, type PostgresServer } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { runAdmin } from '../src/lib/admin-cli';
import { AttackLedger } from '../src/lib/attack-ledger';
import { createToken, EnrolledFleet, enrolledFleet, RunningHttpServer, SIM_USER, startHttpServer } from '../src/lib/deployment';
import { rawMcp } from '../src/lib/raw-mcp';
import { filesUnder, findSecrets, Haystack } from '../src/lib/secret-search';
import { StdioModel, stdioModel } from '../src/lib/stdio-model';

// Secrets planted through every way in (enrolment, a Wi-Fi plan, refused arguments under RouterOS's own secret names,
// unknown arguments, an API token), then searched for in every encoding across the database files and their WAL (SQLite
// and PostgreSQL), the servers' logs, every answer a model or an operator saw, and the admin CLI's output.
const ledger = new AttackLedger('secrets');
const SECRETS: Record<string, string> = {
  'device password': SIM_USER.password,
  'factory Wi-Fi passphrase on the device': 'factory-wifi-key',
  'Wi-Fi passphrase of a plan': 'Adv Wifi+42/ok&go',
  'wpa2-pre-shared-key of a refused plan': 'Adv-Wpa2-Psk-11aa',
  'psk of a refused plan': 'Adv-Psk-Value-22bb',
  'key of a refused plan': 'Adv-Key-Value-33cc',
  'psk as an unknown argument': 'Adv-Unknown-Psk-44dd',
  'password as an unknown argument': 'Adv-Unknown-Pw-55ee',
  'secret in a where filter': 'Adv-Oracle-Guess-66ff',
  "a user's password through menu_change": 'Adv-Menu-User-Pw-77aa',
  "a user's password through plan_menu_changes": 'Adv-Menu-Plan-Pw-88bb',
  'a WireGuard private key through menu_change': 'cGxhbnRlZC13aXJlZ3VhcmQta2V5LW51bWJlcjAwMDE=',
  'secret in a menu_change where': 'Adv-Menu-Oracle-99cc',
};
let lab: EnrolledFleet;
let model: StdioModel;
const seen: Haystack[] = [];
const logFile = () => join(lab.dataDir, '..', 'stdio-server.log');

const keep = (name: string, text: string) => seen.push({ name, bytes: Buffer.from(text) });

beforeAll(async () => {
  lab = await enrolledFleet('adv-secrets-', [{ id: 'h1', environment: 'lab' }], 'home');
  model = await stdioModel(lab.dataDir, { ROUTEROS_MCP_LOG_LEVEL: 'debug', ROUTEROS_MCP_LOG_FILE: logFile() });
}, 180_000);
afterAll(async () => {
  await model?.close();
  await lab?.remove();
});

const call = async (name: string, args: Record<string, unknown>) => {
  const result = await model.call(name, args);
  keep(`answer of ${name}`, result.text);
  return result;
};
const profile = (extra: Record<string, unknown>) => ({ devices: ['h1'], change: { security_profiles: [{ name: 'adv-x', 'authentication-types': ['wpa2-psk'], ...extra }] } });

it('plants secrets through a Wi-Fi plan, refused plans, unknown arguments, a filter and the menu tools', async () => {
  const plan = await call('plan_wireless', { devices: ['h1'], change: { security_profiles: [{ name: 'adv-sec', 'authentication-types': ['wpa2-psk'], passphrase: SECRETS['Wi-Fi passphrase of a plan'] }] } });
  expect(plan.isError).toBe(false);
  const planId = plan.structuredContent.plan_id as string;
  const approved = await runAdmin(lab.dataDir, ['plan', 'approve', planId, '--yes']);
  expect(`${approved.code} ${approved.stderr}`).toBe(`0 ${approved.stderr}`);
  expect((await call('plan_apply', { plan_id: planId })).isError).toBe(false);
  for (let i = 0; i < 600; i++) {
    const status = await call('plan_status', { plan_id: planId });
    if (['completed', 'failed', 'rolled_back', 'held'].includes(status.structuredContent?.status)) break;
    await new Promise((next) => setTimeout(next, 200));
  }
  for (const [field, label] of [['wpa2-pre-shared-key', 'wpa2-pre-shared-key of a refused plan'], ['psk', 'psk of a refused plan'], ['key', 'key of a refused plan']] as const) {
    expect((await call('plan_wireless', profile({ [field]: SECRETS[label] }))).isError).toBe(true);
  }
  expect((await call('system_set_identity', { device_id: 'h1', name: 'adv', dry_run: true, psk: SECRETS['psk as an unknown argument'] })).isError).toBe(true);
  expect((await call('dns_set_servers', { device_id: 'h1', servers: ['192.0.2.1'], dry_run: true, password: SECRETS['password as an unknown argument'] })).isError).toBe(true);
  const oracle = await call('wireless_list_interfaces', { device_id: 'h1', where: { 'security.passphrase': SECRETS['secret in a where filter'] } });
  const truth = await call('wireless_list_interfaces', { device_id: 'h1', where: { 'security.passphrase': 'factory-wifi-key' } });
  ledger.refuse('secret oracle', 'a where filter on a secret property tells a right guess from a wrong one', !truth.isError && JSON.stringify(truth.structuredContent) !== JSON.stringify(oracle.structuredContent) ? 'the right guess returns other rows' : undefined, truth.code ?? 'same answer');
  // The menu tools write any menu: a user's password and a tunnel's private key, applied, reverted, planned.
  const user = await call('menu_change', { device_id: 'h1', path: '/user', operations: [{ op: 'add', values: { name: 'adv-menu', group: 'read', password: SECRETS["a user's password through menu_change"] } }] });
  expect(user.isError).toBe(false);
  const wg = await call('menu_change', { device_id: 'h1', path: '/interface/wireguard', operations: [{ op: 'add', values: { name: 'wg-adv', 'listen-port': 13299, 'private-key': SECRETS['a WireGuard private key through menu_change'] } }] });
  expect(wg.isError).toBe(false);
  for (const id of [wg.structuredContent.change_id, user.structuredContent.change_id]) {
    await call('change_get', { change_id: id });
    await call('change_revert', { change_id: id });
  }
  const menuPlan = await call('plan_menu_changes', { devices: ['h1'], path: '/user', operations: [{ op: 'add', values: { name: 'adv-plan', group: 'read', password: SECRETS["a user's password through plan_menu_changes"] } }] });
  expect(menuPlan.isError).toBe(false);
  await call('plan_get', { plan_id: menuPlan.structuredContent.plan_id });
  keep('plan details of the menu plan', await model.read(`plan://${menuPlan.structuredContent.plan_id}/details`).catch((e: Error) => e.message));
  await call('plan_cancel', { plan_id: menuPlan.structuredContent.plan_id });
  expect((await call('menu_change', { device_id: 'h1', path: '/user', operations: [{ op: 'set', where: { password: SECRETS['secret in a menu_change where'] }, values: { comment: 'x' } }], dry_run: true })).isError).toBe(true);
  // Reads a model makes every day, whose answers must carry no secret either.
  for (const [name, args] of [['wireless_list_interfaces', { device_id: 'h1' }], ['interface_list', { device_id: 'h1' }], ['config_get_export', { device_id: 'h1' }], ['audit_list_events', { limit: 100 }], ['change_list', { device_id: 'h1' }]] as const) await call(name, args);
  for (const uri of ['device://h1/config', 'device://h1/interfaces', 'audit://events/recent', `plan://${planId}/details`]) keep(`resource ${uri}`, await model.read(uri).catch((e: Error) => e.message));
  for (const args of [['audit', '--json', '--limit', '500'], ['plan', 'show', planId, '--json'], ['plan', 'list', '--json'], ['change', 'list', 'h1', '--json'], ['snapshot', 'list', 'h1', '--json']]) {
    const out = await runAdmin(lab.dataDir, args);
    keep(`routeros-mcp-admin ${args.join(' ')}`, out.stdout + out.stderr);
  }
});

it('leaves no planted secret in the SQLite database, its WAL, the log or any answer', async () => {
  await model.close();
  const found = findSecrets(SECRETS, [...filesUnder(lab.dataDir, 'data dir'), ...filesUnder(join(lab.dataDir, '..'), 'temp dir').filter((h) => h.name.endsWith('.log')), ...seen]);
  for (const label of Object.keys(SECRETS)) {
    const where = found.filter((f) => f.startsWith(`${label} (`));
    ledger.refuse('secret leak', `${label}, searched in every encoding (SQLite, WAL, log, answers, CLI)`, where.length ? where.slice(0, 3).join('; ') : undefined, 'not found');
  }
});

describe('on PostgreSQL over HTTP', () => {
  let pg: PostgresServer;
  let server: RunningHttpServer;
  let token: string;
  const lines: string[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
    const env = { ROUTEROS_MCP_DATABASE_URL: await pg.createDatabase(), ROUTEROS_MCP_LOG_LEVEL: 'debug' };
    const pgLab = join(lab.dataDir, '..', 'pg-data');
    // The same device enrolled into the PostgreSQL deployment, with the same (planted) password.
    const enrol = await runAdmin(pgLab, ['device', 'add', '--id', 'h1', '--name', 'h1', '--host', '127.0.0.1', '--port', new URL(lab.device('h1').restUrl).port, '--ssh-port', String(lab.device('h1').sshPort), '--environment', 'lab', '--username', SIM_USER.name, '--password-stdin', '--tls-fingerprint', lab.device('h1').keys.tlsFingerprint, '--ssh-host-key', lab.device('h1').keys.sshHostKeyFingerprint, '--allow-advanced-writes', '--yes'], { env, stdin: SIM_USER.password });
    expect(`${enrol.code} ${enrol.stderr}`).toBe(`0 ${enrol.stderr}`);
    token = await createToken(pgLab, 'admin', 'adv-secrets', env);
    server = await startHttpServer({ ...env, ROUTEROS_MCP_DATA_DIR: pgLab, ROUTEROS_MCP_AUTH: 'tokens' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    pg?.stop();
  });

  it('leaves no planted secret or token in the PostgreSQL files, the server log or its answers', async () => {
    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      for (const [name, args] of [
        ['system_set_identity', { device_id: 'h1', name: 'adv', dry_run: true, psk: SECRETS['psk as an unknown argument'] }],
        ['plan_wireless', profile({ psk: SECRETS['psk of a refused plan'] })],
        ['wireless_list_interfaces', { device_id: 'h1' }],
      ] as const) {
        const reply = await rawMcp(server.url, revision, 'tools/call', { name, arguments: args }, { token });
        lines.push(reply.text);
      }
    }
    await server.stop();
    // rmcp_<12 hex id>_<secret>: the secret is base64url, which may itself hold underscores.
    const planted = { ...SECRETS, 'the API token': token, 'the API token secret': token.slice('rmcp_'.length + 12 + 1) };
    const found = findSecrets(planted, [...filesUnder(pg.dataDir, 'PostgreSQL data'), ...filesUnder(join(lab.dataDir, '..', 'pg-data'), 'data dir'), { name: 'HTTP server log', bytes: Buffer.from(server.lines.join('\n')) }, { name: 'HTTP answers', bytes: Buffer.from(lines.join('\n')) }]);
    for (const label of Object.keys(planted)) {
      const where = found.filter((f) => f.startsWith(`${label} (`));
      ledger.refuse('secret leak', `${label}, searched in every encoding (PostgreSQL files and WAL, HTTP log and answers)`, where.length ? where.slice(0, 3).join('; ') : undefined, 'not found');
    }
  });
});
