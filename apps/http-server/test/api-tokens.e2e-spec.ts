import { connectHttp, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { enrollFleet } from './replica-fleet';

// ROUTEROS_MCP_AUTH=tokens: static API tokens made with the admin CLI, their roles and narrowing, revocation.
const dir = tempDir('http-tokens-');
const dataDir = join(dir.path, 'data');
const ADMIN = join(__dirname, '..', '..', 'admin-cli', 'bin', 'routeros-mcp-admin.js');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;

const admin = async (args: string[]) => (await promisify(execFile)(process.execPath, [ADMIN, ...args], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } })).stdout;
const create = async (name: string, role: string, extra: string[] = []) => JSON.parse(await admin(['token', 'create', '--name', name, '--role', role, '--json', ...extra])) as { token: string; id: string };
const identity = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name as string;
const call = (token: string, name: string, args: Record<string, unknown>) =>
  fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args } }),
  });

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollFleet({ env: {} }, dataDir, fleet, ['r-1']);
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_AUTH: 'tokens' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fleet?.stop();
  dir.remove();
});

it('an ops_rw token changes a device; the audit record names the token', async () => {
  const { token } = await create('ops-laptop', 'ops_rw');
  const client = await connectHttp('modern', server.url, { token });
  try {
    const result = await client.callTool('system_set_identity', { device_id: 'r-1', name: 'via-token' });
    expect(result.structuredContent.changed).toBe(true);
    expect(await identity()).toBe('via-token');
    const audit = await client.callTool('audit_list_events', { action: 'tool.system_set_identity' });
    expect(audit.structuredContent.items[0].principal).toBe('ops-laptop (http)');
  } finally {
    await client.close();
  }
});

it('a read_only token gets 403 insufficient_scope naming ops_rw for a write, and the device is unchanged', async () => {
  const { token } = await create('reader', 'read_only');
  const before = await identity();
  const response = await call(token, 'system_set_identity', { device_id: 'r-1', name: 'not-allowed' });
  expect(response.status).toBe(403);
  expect(response.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="ops_rw"/);
  expect(await identity()).toBe(before);
  expect((await call(token, 'device_list', {})).status).toBe(200);
});

it('a token narrowed to another environment cannot touch a lab device (403 FORBIDDEN with the challenge), and lists none', async () => {
  const { token } = await create('staging-only', 'ops_rw', ['--environments', 'staging']);
  const client = await connectHttp('legacy', server.url, { token });
  try {
    const before = await identity();
    const refused = await call(token, 'system_set_identity', { device_id: 'r-1', name: 'wrong-env' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(((await refused.json()) as { error: { data: { mcp_error_code: string } } }).error.data.mcp_error_code).toBe('FORBIDDEN');
    expect(await identity()).toBe(before);
    expect((await client.callTool('device_list', {})).structuredContent.items).toEqual([]);
  } finally {
    await client.close();
  }
});

it('a revoked token is refused from the next request on, with nothing executed', async () => {
  const { token, id } = await create('leaver', 'ops_rw');
  expect((await call(token, 'device_list', {})).status).toBe(200);
  await admin(['token', 'revoke', id]);
  const before = await identity();
  const response = await call(token, 'system_set_identity', { device_id: 'r-1', name: 'after-revoke' });
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  expect(await identity()).toBe(before);
  expect(await response.text()).not.toContain(token);
});

it('stores no token in plaintext: the list shows names and ids only', async () => {
  const { token } = await create('listed', 'read_only');
  const listing = await admin(['token', 'list', '--json']);
  expect(listing).toContain('listed');
  expect(listing).not.toContain(token.split('_').pop()!);
});
