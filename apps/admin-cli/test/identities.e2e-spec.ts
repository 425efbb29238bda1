import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { enrollmentOf, Fleet, startFleet, useTestDatabases } from '@routeros-mcp/testing';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runAdmin } from './cli-runner';

// Four eyes on prod means two people: a plan made by the OS user through a stdio session (the model's side) is not
// approved by the same OS user at the CLI, under any name it is recorded by, now or from before namespaces.
const STDIO_SERVER = join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js');
const SIM_USER = { name: 'admin', password: 'sim-Pw-4eyes' };
const ME = userInfo().username;
const databases = useTestDatabases();
let fleet: Fleet;

beforeAll(async () => (fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: [{ ...SIM_USER, group: 'full' }] })), 60_000);
afterAll(() => fleet.stop());

describe.each([
  ['SQLite', async () => ({})],
  ['PostgreSQL', async () => ({ ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() })],
])('identities on a prod deployment on %s', (_engine, database) => {
  let env: Record<string, string>;
  const admin = (args: string[], extra: Record<string, string> = {}) => runAdmin(args, { env: { ...env, ...extra } });
  const status = async (id: string) => JSON.parse((await admin(['plan', 'show', id, '--json'])).stdout) as { status: string; created_by: string; approval: { by: string } | null };

  async function withServices<T>(work: (services: AdminServices) => Promise<T>): Promise<T> {
    const services = (await buildContainer(readServiceConfig({ env: { ...env, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
    try {
      return await work(services);
    } finally {
      await services.close();
    }
  }

  /** A prod plan made the way the model makes one: plan_dns_ntp through the built stdio server, run as this OS user. */
  async function planThroughStdio(server: string): Promise<string> {
    const client = new Client({ name: 'identities-e2e', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [STDIO_SERVER], env: { PATH: process.env['PATH']!, ROUTEROS_MCP_LOG_LEVEL: 'error', ROUTEROS_MCP_TOOLSETS: 'all', ...env }, stderr: 'pipe' }));
    try {
      const result = (await client.callTool({ name: 'plan_dns_ntp', arguments: { devices: ['p1'], dns_servers: [server] } })) as unknown as { isError?: boolean; structuredContent: { plan_id: string; environment: string } };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent.environment).toBe('prod');
      return result.structuredContent.plan_id;
    } finally {
      await client.close();
    }
  }

  beforeAll(async () => {
    env = { ROUTEROS_MCP_DATA_DIR: databases.dataDir(), ROUTEROS_MCP_ENVIRONMENT: 'prod', ...(await database()) };
    await withServices((services) =>
      services.devices.enroll({ id: 'os:enroller', via: 'admin-cli' }, ...enrollmentOf(fleet.devices[0], 'p1', SIM_USER, { environment: 'prod', capabilities: { allow_advanced_writes: true, allow_professional_workflows: true } })),
    );
  }, 120_000);

  it('refuses the OS user who made a plan through stdio its approval at the CLI, and records the refusal', async () => {
    const id = await planThroughStdio('192.0.2.53');
    expect((await status(id)).created_by).toBe(`os:${ME}`);
    const refused = await admin(['plan', 'approve', id, '--yes']);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain(`plan '${id}' targets prod and was created by 'os:${ME}', who cannot also approve it`);
    expect(await status(id)).toMatchObject({ status: 'pending', approval: null });
    const trail = JSON.parse((await admin(['audit', '--plan', id, '--json'])).stdout) as { action: string; outcome: string; principal: string; error_code: string | null }[];
    expect(trail.map((e) => [e.action, e.outcome, e.principal, e.error_code]).reverse()).toEqual([
      ['plan.create', 'success', `os:${ME} (stdio)`, null],
      ['plan.approve', 'error', `os:${ME} (admin-cli)`, 'PLAN.SELF_APPROVAL'],
    ]);
  }, 120_000);

  it('--as never names an os: principal, nor the author under a declared name; another declared name approves as as:<name>', async () => {
    const id = await planThroughStdio('192.0.2.54');
    const allowed = { ROUTEROS_MCP_PLAN_APPROVE_AS_ALLOWED: 'true' };
    const impostor = await admin(['plan', 'approve', id, '--yes', '--as', `os:${ME}`], allowed);
    expect(impostor).toMatchObject({ code: 1, stdout: '' });
    expect(impostor.stderr).toContain(`--as: 'os:${ME}' is not a name`);
    const escape = await admin(['plan', 'approve', id, '--yes', '--as', 'carol\u001b[8m'], allowed);
    expect(escape.code).toBe(1);
    expect(escape.stderr).toContain("--as: 'carol\\u001b[8m' is not a name");
    const author = await admin(['plan', 'approve', id, '--yes', '--as', ME], allowed);
    expect(author.code).toBe(1);
    expect(author.stderr).toContain(`was created by 'os:${ME}', the same person as 'as:${ME}', who cannot also approve it`);
    expect((await status(id)).status).toBe('pending');

    const other = await admin(['plan', 'approve', id, '--yes', '--as', 'carol-ops'], allowed);
    expect(other).toMatchObject({ code: 0, stderr: '' });
    expect(other.stdout).toContain(`Approved ${id} as as:carol-ops`);
    expect(await status(id)).toMatchObject({ status: 'approved', approval: { by: 'as:carol-ops' } });
  }, 120_000);

  it('refuses the same OS user a plan recorded under its stdio id from before namespaces (a bare user name)', async () => {
    // What a stdio session recorded before principals were namespaced: the bare OS user name.
    const id = await withServices(async (services) => (await services.plans.create('dns_ntp', { devices: ['p1'], change: { dns: { servers: ['192.0.2.55'] } } }, { id: ME, via: 'stdio' })).id);
    expect((await status(id)).created_by).toBe(ME);
    const refused = await admin(['plan', 'approve', id, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`was created by '${ME}', the same person as 'os:${ME}', who cannot also approve it`);
    expect((await status(id)).status).toBe('pending');
  }, 120_000);
});
