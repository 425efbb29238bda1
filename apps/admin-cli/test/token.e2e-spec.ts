import { AdminServices, AuthenticationError, Authenticator, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { useTestDatabases } from '@routeros-mcp/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAdmin } from './cli-runner';

const databases = useTestDatabases();

/** The server side of a token: the Authenticator the HTTP server gets from the same configuration. */
async function authenticate(env: Record<string, string>, bearer: string): Promise<unknown> {
  const container = await buildContainer(readServiceConfig({ env: { ...env, ROUTEROS_MCP_LOG_LEVEL: 'error' } }));
  try {
    return await container.get<Authenticator>(Authenticator).authenticate(bearer).catch((e: unknown) => e);
  } finally {
    await container.get(AdminServices).close();
  }
}

describe.each([
  ['SQLite', async () => ({ ROUTEROS_MCP_DATA_DIR: databases.dataDir() })],
  ['PostgreSQL', async () => ({ ROUTEROS_MCP_DATA_DIR: databases.dataDir(), ROUTEROS_MCP_DATABASE_URL: await databases.postgresUrl() })],
])('routeros-mcp-admin token on %s', (_engine, makeEnv) => {
  let env: Record<string, string>;
  const admin = (args: string[]) => runAdmin(args, { env });
  beforeEach(async () => (env = await makeEnv()));

  it('creates a token shown once, lists it without secrets, and revokes it; the server accepts it until then', async () => {
    const created = await admin(['token', 'create', '--name', 'ci-bot', '--role', 'ops_rw', '--environments', 'lab,staging', '--tags', 'edge,core', '--expires', '30d', '--json']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const json = JSON.parse(created.stdout);
    expect(json).toMatchObject({ name: 'ci-bot', role: 'ops_rw', environments: ['lab', 'staging'], device_tags: ['edge', 'core'], status: 'active', revoked_at: null, last_used_at: null });
    expect(json.token).toMatch(new RegExp(`^rmcp_${json.id}_[A-Za-z0-9_-]{43}$`));
    const secret = json.token.slice(`rmcp_${json.id}_`.length);
    expect(new Date(json.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const human = await admin(['token', 'create', '--name', 'viewer', '--role', 'read_only']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Created API token [0-9a-f]{12} for 'viewer' \(role read_only\)\.\n\n {2}rmcp_[0-9a-f]{12}_\S{43}\n/);
    expect(human.stderr).toMatch(/shown once/);

    const listed = await admin(['token', 'list', '--json']);
    expect(listed.code).toBe(0);
    const tokens = JSON.parse(listed.stdout);
    expect(tokens.map((t: { name: string }) => t.name)).toEqual(['viewer', 'ci-bot']);
    expect(tokens[1]).toMatchObject({ created_by: expect.stringMatching(/^os:/), renamed_from: null });
    expect(listed.stdout).not.toContain(secret);
    expect(listed.stdout).not.toMatch(/scrypt|secret|hash/);
    const table = await admin(['token', 'list']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+ROLE\s+ENVIRONMENTS\s+TAGS\s+STATUS\s+EXPIRES\s+LAST USED$/);
    expect(table.stdout).not.toContain(secret);

    expect(await authenticate(env, json.token)).toEqual({
      principal: { id: 'token:ci-bot', via: 'http', authMethod: 'api_token', credentialId: json.id, roles: ['ops_rw'], environments: ['lab', 'staging'], deviceTags: ['edge', 'core'] },
      scopes: [],
      expiresAt: new Date(json.expires_at),
    });

    expect(await admin(['token', 'revoke', json.id, '--json'])).toMatchObject({ code: 0, stdout: `{"revoked":"${json.id}"}\n` });
    expect(JSON.parse((await admin(['token', 'list', '--json'])).stdout)[1]).toMatchObject({ id: json.id, status: 'revoked' });
    const refused = await authenticate(env, json.token);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(refused).toMatchObject({ kind: 'invalid', description: 'the API token was revoked' });

    // The secret is nowhere in the SQLite files (only its hash is stored).
    const dir = env['ROUTEROS_MCP_DATA_DIR']!;
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).includes(Buffer.from(secret))).toBe(false);
  });

  it('refuses bad input with a clear error and exit 1, storing nothing; revoking an unknown id is exit 1', async () => {
    const cases: [string[], RegExp][] = [
      [['--name', 'x', '--role', 'root'], /role: unknown role 'root'; expected one of read_only, ops_rw, admin, approver/],
      [['--name', 'x', '--role', 'admin', '--environments', 'lab,moon'], /environments: unknown environment 'moon'/],
      [['--name', 'x', '--role', 'admin', '--expires', 'soon'], /--expires.*must be a duration such as 30d/],
      [['--name', 'x', '--role', 'admin', '--expires', '2020-01-01'], /expires: must be in the future/],
      [['--name', 'has space', '--role', 'admin'], /name: must be/],
      [['--role', 'admin'], /required option '--name <name>' not specified/],
    ];
    for (const [args, message] of cases) {
      const result = await admin(['token', 'create', ...args]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).not.toMatch(/rmcp_/);
    }
    expect(JSON.parse((await admin(['token', 'list', '--json'])).stdout)).toEqual([]);
    expect((await admin(['token', 'list'])).stdout).toBe('No API tokens.\n');
    const unknown = await admin(['token', 'revoke', 'ffffffffffff']);
    expect(unknown).toMatchObject({ code: 1, stderr: "error: no API token with id 'ffffffffffff' (see token list)\n" });
  });

  it('refuses a name that could stand for another principal: one with ":" (os:root), or one another token has (ignoring case, revoked or not)', async () => {
    const impostor = await admin(['token', 'create', '--name', 'os:root', '--role', 'admin']);
    expect(impostor).toMatchObject({ code: 1, stdout: '' });
    expect(impostor.stderr).toMatch(/name: must be 1-64 letters, digits or \. _ @ - starting with a letter or digit \(no ":"\); got 'os:root'/);
    const first = await admin(['token', 'create', '--name', 'ci-bot', '--role', 'ops_rw', '--json']);
    expect(first.code).toBe(0);
    const id = JSON.parse(first.stdout).id as string;
    for (const name of ['ci-bot', 'CI-Bot']) {
      const duplicate = await admin(['token', 'create', '--name', name, '--role', 'admin']);
      expect(duplicate).toMatchObject({ code: 1, stdout: '' });
      expect(duplicate.stderr).toContain(`name: an API token named '${name}' already exists`);
    }
    expect(await admin(['token', 'revoke', id])).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^Revoked:\\s+${id}\\n$`)) });
    // A second revoke changes nothing and says so, with the time of the first.
    expect(await admin(['token', 'revoke', id])).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^Already revoked:\\s+${id} \\(since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)\\n$`)) });
    expect(JSON.parse((await admin(['token', 'revoke', id, '--json'])).stdout)).toEqual({ revoked: id, already_revoked_at: expect.any(String) });
    const reused = await admin(['token', 'create', '--name', 'ci-bot', '--role', 'admin']);
    expect(reused.code).toBe(1);
    expect(reused.stderr).toMatch(/already exists \(names are never reused, revoked tokens keep theirs/);
    expect(JSON.parse((await admin(['token', 'list', '--json'])).stdout).map((t: { id: string; name: string }) => [t.id, t.name])).toEqual([[id, 'ci-bot']]);
  });
});
