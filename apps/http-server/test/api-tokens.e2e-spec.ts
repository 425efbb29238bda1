import { connectHttp, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { enrollFleet } from './replica-fleet';

// ROUTEROS_MCP_AUTH=tokens: static API tokens made with the admin CLI, their roles and narrowing, revocation; and the
// metrics listener, which must name none of them.
const dir = tempDir('http-tokens-');
const SCRAPE_TOKEN = 'scrape-0123456789abcdef0123456789abcdef';
/** Every token made here: none of their names or ids may appear in the metrics. */
const made: { name: string; id: string }[] = [];
const dataDir = join(dir.path, 'data');
const ADMIN = join(__dirname, '..', '..', 'admin-cli', 'bin', 'routeros-mcp-admin.js');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;

const admin = async (args: string[]) => (await promisify(execFile)(process.execPath, [ADMIN, ...args], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } })).stdout;
const create = async (name: string, role: string, extra: string[] = []) => {
  const created = JSON.parse(await admin(['token', 'create', '--name', name, '--role', role, '--json', ...extra])) as { token: string; id: string };
  made.push({ name, id: created.id });
  return created;
};
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
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_AUTH: 'tokens', ROUTEROS_MCP_METRICS_PORT: '0', ROUTEROS_MCP_METRICS_TOKEN: SCRAPE_TOKEN });
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
    expect(audit.structuredContent.items[0].principal).toBe('token:ops-laptop (http)');
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
  const { token, id } = await create('listed', 'read_only');
  const listing = await admin(['token', 'list', '--json']);
  expect(listing).toContain('listed');
  // The whole secret: it is base64url, so it may itself hold `_` (splitting on it left a fragment short enough to
  // occur in the listing by chance).
  expect(listing).not.toContain(token.slice(`rmcp_${id}_`.length));
});

it('serves metrics on their own listener only, with the scrape token, labelled by role: no token name or id in them', async () => {
  // A raw call names no MCP client (a 2025-era stateless request): it used to be labelled with the token's id.
  const { token } = await create('metrics-probe', 'admin');
  expect((await call(token, 'device_list', {})).status).toBe(200);
  expect(made.length).toBeGreaterThanOrEqual(5);

  const onMcp = await fetch(`${server.base}/metrics`);
  expect(onMcp.status).toBe(404);
  expect(await onMcp.text()).not.toMatch(/routeros_mcp_/);
  expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.base).port);
  for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${SCRAPE_TOKEN}`, `Bearer ${SCRAPE_TOKEN}x`]) {
    const refused = await fetch(server.metricsUrl!, { headers: authorization ? { authorization } : {} });
    expect({ authorization, status: refused.status, challenge: refused.headers.get('www-authenticate') }).toEqual({ authorization, status: 401, challenge: 'Bearer realm="metrics"' });
  }
  const scraped = await fetch(server.metricsUrl!, { headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } });
  expect(scraped.status).toBe(200);
  const body = await scraped.text();
  expect(body).toMatch(/routeros_mcp_client_calls_total\{role="admin",client="unknown"\} [1-9]/);
  expect(body).toMatch(/routeros_mcp_client_calls_total\{role="ops_rw",client="[^"]+"\} [1-9]/);
  // OpenTelemetry's mcp.server.operation.duration, for every method: the tool call, and the requests around it.
  expect(body).toContain('# TYPE mcp_server_operation_duration_seconds histogram');
  expect(body).toMatch(/mcp_server_operation_duration_seconds_count\{mcp_method_name="tools\/call",network_transport="tcp",gen_ai_tool_name="device_list"[^}]*\} [1-9]/);
  for (const { name, id } of made) {
    expect({ name, inBody: body.includes(name) }).toEqual({ name, inBody: false });
    expect({ id, inBody: body.includes(id) }).toEqual({ id, inBody: false });
  }
  expect(body).not.toMatch(/token:|principal=/);
  expect((await fetch(server.metricsUrl!.replace(/\/metrics$/, '/mcp'), { headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } })).status).toBe(404);
});
