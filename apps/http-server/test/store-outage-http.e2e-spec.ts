import { PostgresServer, startPostgres, tempDir, until } from '@routeros-mcp/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { RunningHttpServer, startHttpServer } from './http-server.harness';

// Issue 26 over HTTP: PostgreSQL stops under a running server. A token cannot be checked, so a call is a 503 to retry
// (never a 401 that would make a client drop a good token); readiness says the database is unreachable in its own
// words (no driver text); the admin CLI says so too and exits 2 without a stack trace; all recover without a restart.
const ADMIN = join(__dirname, '..', '..', 'admin-cli', 'bin', 'routeros-mcp-admin.js');
let pg: PostgresServer;
let server: RunningHttpServer | undefined;
const dir = tempDir('http-store-outage-');
const dataDir = join(dir.path, 'data');

beforeAll(async () => {
  pg = await startPostgres();
}, 90_000);
afterAll(async () => {
  await server?.stop();
  pg?.stop();
  dir.remove();
});

function admin(env: Record<string, string>, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [ADMIN, ...args], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('answers 503 to retry (not 401), readiness says unreachable, the CLI exits 2 plainly, and all recover', async () => {
  const url = (await pg.createDatabase('http_store_outage')).replace('postgres@', 'postgres:s3cret-pw@');
  const env = { ROUTEROS_MCP_DATABASE_URL: url };
  const created = await admin(env, ['token', 'create', '--name', 'ops', '--role', 'ops_rw', '--json']);
  expect(created.code).toBe(0);
  const { token } = JSON.parse(created.stdout) as { token: string };
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_AUTH: 'tokens', ...env });
  const call = () =>
    fetch(server!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'change_list', arguments: {} } }),
    });
  const ready = async () => {
    const response = await fetch(`${server!.base}/readyz`);
    return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
  };
  expect((await call()).status).toBe(200);
  expect((await ready()).status).toBe(200);

  pg.halt('fast');
  const refused = await call();
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('5');
  const text = await refused.text();
  expect(JSON.parse(text).error).toMatchObject({ code: -32603, data: { recovery_strategy: 'retry_with_backoff', retry_after: 5 } });
  await server.waitForLine(/token could not be checked.*API tokens cannot be read right now: the database cannot be reached \(ECONNREFUSED\)/);
  expect(text).not.toMatch(/s3cret|postgres:\/\/|SELECT/);

  const probe = await ready();
  expect(probe.status).toBe(503);
  expect(probe.body.checks['database']).toBe('unavailable: the database cannot be reached (ECONNREFUSED)');

  const cli = await admin(env, ['token', 'list']);
  expect(cli.code).toBe(2);
  expect(cli.stderr).toBe('error: the database cannot be reached (ECONNREFUSED); the step that failed was not saved. Check the database (server running, disk space, file permissions) and run the command again.\n');
  expect(server.child.exitCode).toBeNull();

  pg.resume();
  await until(async () => (await call()).status === 200, 'a call to be accepted once the database is back', 60_000);
  const answer = await (await call()).text();
  expect(answer).not.toContain('isError');
  expect((await ready()).status).toBe(200);
  expect(server.lines.join('\n')).not.toContain('s3cret');
}, 120_000);
