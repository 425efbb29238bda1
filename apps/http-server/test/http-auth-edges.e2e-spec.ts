import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectHttp, ERAS, tempDir } from '@routeros-mcp/testing';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_MAIN, createToken, httpAuthFor } from './http-auth';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { rawRpc } from './raw-rpc';
import { waitFor } from './wait-for';

// Issue 22 items 9, 10 and 11 over real HTTP, API-token mode: log messages on stateless 2025-era requests, the
// same origin under every loopback name, unsupported MCP-Protocol-Version headers; a token server advertising no
// OAuth and working with a plain bearer header in every SDK client; 401s and 403s audited and counted.
const dir = tempDir('http-auth-edges-');
const dataDir = join(dir.path, 'data');
let server: RunningHttpServer;
let admin: string;
let readOnly: string;

const run = promisify(execFile);
/** `routeros-mcp-admin audit --json` on `data`: every record, newest first. */
const auditTrail = async (data: string, action: string) =>
  JSON.parse((await run(process.execPath, [ADMIN_MAIN, 'audit', '--action', action, '--limit', '500', '--json'], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: data, ROUTEROS_MCP_LOG_LEVEL: 'error' } })).stdout) as any[];
/** One series of the metrics listener's exposition (0 when absent). */
const metric = async (target: RunningHttpServer, series: string) => {
  const line = (await (await fetch(target.metricsUrl!)).text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

beforeAll(async () => {
  const auth = await httpAuthFor(dataDir);
  admin = auth.token!;
  readOnly = await createToken(dataDir, 'read_only');
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...auth.env, ROUTEROS_MCP_METRICS_PORT: '0' });
}, 120_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  dir.remove();
});

describe('item 9: log messages of a stateless 2025-era request', () => {
  it('initialize declares logging, and a failed call tells its warning on its own stream, before its answer, unasked', async () => {
    const init = await rawRpc(server.url, { era: 'legacy', token: admin, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    expect(init.body.result.capabilities.logging).toEqual({});
    const response = await fetch(server.url, { method: 'POST', headers: { ...HEADERS, authorization: `Bearer ${admin}`, 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'device_get', arguments: { device_id: 'no-such-device' } } }) });
    const events = (await response.text()).split('\n').filter((line) => line.startsWith('data:')).map((line) => JSON.parse(line.slice(5)));
    expect(events.map((e) => e.method ?? `answer ${e.id}`)).toEqual(['notifications/message', 'answer 5']);
    expect(events[0].params).toEqual({ level: 'warning', logger: 'routeros-mcp', data: { tool: 'device_get', code: 'NOT_FOUND', correlation_id: events[1].result.structuredContent.error.correlation_id } });
  });

  it.each(ERAS)('an SDK client that asks for log messages gets the failed call\'s warning (%s)', async (_label, era) => {
    const client = await connectHttp(era, server.url, { token: admin });
    try {
      const messages: any[] = [];
      await client.askForLogs('warning', (params) => messages.push(params));
      const failure = await client.failure('device_get', { device_id: 'no-such-device' });
      const message = await waitFor(() => messages.find((m) => m.data.correlation_id === failure.data.correlation_id), 'the log message of the failed call');
      expect(message).toMatchObject({ level: 'warning', data: { tool: 'device_get', code: 'NOT_FOUND' } });
    } finally {
      await client.close();
    }
  });
});

/** A POST with these Origin and Host headers (fetch cannot set Host). */
function postFrom(origin: string, host: string): Promise<{ status: number; allowOrigin?: string }> {
  const url = new URL(server.url);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...HEADERS, authorization: `Bearer ${admin}`, origin, host, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume().on('end', () => resolve({ status: res.statusCode!, allowOrigin: res.headers['access-control-allow-origin'] as string | undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('item 9: the same origin under every loopback name', () => {
  it.each(['127.0.0.1', 'localhost', '[::1]'])('Origin and Host both under %s: accepted, with the CORS headers', async (name) => {
    const port = new URL(server.url).port;
    expect(await postFrom(`http://${name}:${port}`, `${name}:${port}`)).toEqual({ status: 200, allowOrigin: `http://${name}:${port}` });
  });

  it('another port, another scheme, or a name the server does not serve is still refused', async () => {
    const port = new URL(server.url).port;
    expect((await postFrom(`http://localhost:${Number(port) + 1}`, `localhost:${port}`)).status).toBe(403);
    expect((await postFrom(`https://localhost:${port}`, `localhost:${port}`)).status).toBe(403);
    // DNS rebinding: the attacker's name resolves to 127.0.0.1, so Origin and Host agree, but the host is not served.
    expect((await postFrom(`http://attacker.example:${port}`, `attacker.example:${port}`)).status).toBe(403);
    expect((await postFrom(`http://attacker.example:${port}`, `localhost:${port}`)).status).toBe(403);
    expect((await postFrom('null', `localhost:${port}`)).status).toBe(403);
  });
});

describe('item 9: an MCP-Protocol-Version this server does not serve', () => {
  it.each(['banana', '2027-01-01', '2026-07-28x'])('%s: 400 with the unsupported-version error naming every revision served, nothing run', async (version) => {
    const answer = await rawRpc(server.url, { era: 'legacy', token: admin, id: 'v', method: 'tools/call', params: { name: 'device_list', arguments: {} }, headers: { 'mcp-protocol-version': version } });
    expect(answer.status).toBe(400);
    // `supported` as server/discover lists it (conformance checks they agree); the 2025-era ones in the message.
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 'v', error: { code: -32022, message: `Unsupported protocol version: ${version} (supported versions: 2026-07-28; after initialize also 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07)`, data: { supported: ['2026-07-28'], requested: version } } });
    expect(JSON.stringify(answer.body)).not.toMatch(/_meta|envelope/);
  });

  it('a 2025-era date keeps the 2025-era answer, which now lists 2026-07-28 too', async () => {
    const answer = await rawRpc(server.url, { era: 'legacy', token: admin, method: 'tools/list', headers: { 'mcp-protocol-version': '2024-01-01' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: -32000, message: 'Bad Request: Unsupported protocol version: 2024-01-01 (supported versions: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07)' });
  });

  it('a GET naming one is refused the same way', async () => {
    const response = await fetch(server.url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${admin}`, 'mcp-protocol-version': 'banana' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({ code: -32022, data: { requested: 'banana' } });
  });
});

describe('item 10: API tokens advertise no OAuth', () => {
  it('a 401 challenge names a realm, no resource metadata, and no metadata is served', async () => {
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const answer = await rawRpc(server.url, { era: 'legacy', method: 'tools/list', ...(authorization ? { authorization } : {}) });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(authorization ? /^Bearer realm="routeros-mcp", error="invalid_token", error_description="[^"]+"$/ : /^Bearer realm="routeros-mcp"$/);
      expect(answer.body.error.data.suggestion).toMatch(/routeros-mcp-admin token create/);
    }
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await fetch(`${server.base}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('401 and 403 bodies carry each revision\'s code: -32001/-32002 on 2025-era requests, never -32000…-32099 on 2026-07-28', async () => {
    const write = { name: 'system_set_identity', arguments: { device_id: 'dev-none', name: 'x' } };
    const codes: Record<string, number> = {};
    for (const era of ['legacy', 'modern'] as const) {
      const unauthorized = await rawRpc(server.url, { era, authorization: 'Bearer not-a-token', method: 'tools/call', params: write });
      const forbidden = await rawRpc(server.url, { era, token: readOnly, method: 'tools/call', params: write });
      expect([unauthorized.status, forbidden.status]).toEqual([401, 403]);
      expect([unauthorized.body.error.data.mcp_error_code, forbidden.body.error.data.mcp_error_code]).toEqual(['UNAUTHORIZED', 'FORBIDDEN']);
      codes[`${era} 401`] = unauthorized.body.error.code;
      codes[`${era} 403`] = forbidden.body.error.code;
    }
    expect(codes).toEqual({ 'legacy 401': -32001, 'legacy 403': -32002, 'modern 401': -32603, 'modern 403': -32603 });
  });

  const url = () => new URL(server.url);
  const bearer = () => ({ requestInit: { headers: { authorization: `Bearer ${admin}` } } });
  const CLIENTS: [string, () => { client: any; transport: any }][] = [
    ['SDK v1 (2025-11-25), bearer header', () => ({ client: new LegacyClient({ name: 'v1', version: '1' }), transport: new LegacyHttp(url(), bearer()) })],
    ['SDK v2 default (2025-era), bearer header', () => ({ client: new ModernClient({ name: 'v2', version: '1' }), transport: new ModernHttp(url(), bearer()) })],
    ['SDK v2 auto, bearer header', () => ({ client: new ModernClient({ name: 'v2', version: '1' }, { versionNegotiation: { mode: 'auto' } }), transport: new ModernHttp(url(), bearer()) })],
    ['SDK v2 auto, token provider', () => ({ client: new ModernClient({ name: 'v2', version: '1' }, { versionNegotiation: { mode: 'auto' } }), transport: new ModernHttp(url(), { authProvider: { token: async () => admin } }) })],
    ['SDK v2 pinned 2026-07-28, bearer header', () => ({ client: new ModernClient({ name: 'v2', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } }), transport: new ModernHttp(url(), bearer()) })],
  ];
  it.each(CLIENTS)('%s connects, lists and calls', async (_label, make) => {
    const { client, transport } = make();
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t: { name: string }) => t.name)).toContain('device_list');
      expect((await client.callTool({ name: 'device_list', arguments: {} })).structuredContent).toMatchObject({ total_count: 0 });
    } finally {
      await client.close();
    }
  });
});

describe('item 11: authorization refusals are audited and counted', () => {
  it('every 401 leaves a record of the unauthenticated principal with its reason, never any part of the token; each is counted by reason', async () => {
    const series = (reason: string, status: number) => `routeros_mcp_auth_refusals_total{reason="${reason}",status="${status}"}`;
    const before = { missing: await metric(server, series('missing', 401)), invalid: await metric(server, series('invalid', 401)), role: await metric(server, series('role', 403)) };
    const secret = admin.slice(admin.lastIndexOf('_') + 1);
    const refused = [
      await rawRpc(server.url, { era: 'legacy', method: 'tools/list' }),
      await rawRpc(server.url, { era: 'modern', authorization: `Bearer ${admin}x`, method: 'tools/list' }),
      // The token without its scheme: refused as malformed, and nothing of it said back or kept.
      await rawRpc(server.url, { era: 'legacy', authorization: admin, method: 'tools/list' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401]);
    const ids = refused.map((r) => r.body.error.data.correlation_id);
    expect(ids).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    expect((await rawRpc(server.url, { era: 'legacy', token: readOnly, method: 'tools/call', params: { name: 'system_set_identity', arguments: { device_id: 'dev-none', name: 'x' } } })).status).toBe(403);

    const trail = await auditTrail(dataDir, 'http.unauthenticated');
    const records = ids.map((id) => trail.find((e) => e.correlation_id === id));
    expect(records.map((r) => [r?.principal, r?.outcome, r?.error_code, r?.arguments.reason])).toEqual([
      ['unauthenticated (http)', 'error', 'PROTOCOL.UNAUTHORIZED', 'missing'],
      ['unauthenticated (http)', 'error', 'PROTOCOL.UNAUTHORIZED', 'invalid'],
      ['unauthenticated (http)', 'error', 'PROTOCOL.UNAUTHORIZED', 'invalid'],
    ]);
    expect(records[0].arguments).toEqual({ reason: 'missing', description: 'no bearer token', client_address: '127.0.0.1' });
    expect(records[2].arguments.description).toMatch(/holds no scheme/);
    for (const text of [JSON.stringify(trail), JSON.stringify(refused.map((r) => r.body)), server.lines.join('\n')]) expect(text).not.toContain(secret);

    expect(await metric(server, series('missing', 401))).toBe(before.missing + 1);
    expect(await metric(server, series('invalid', 401))).toBe(before.invalid + 2);
    expect(await metric(server, series('role', 403))).toBe(before.role + 1);
    expect(await (await fetch(server.metricsUrl!)).text()).not.toContain(admin.slice(0, 17));
  });

  it('a flood of bad tokens writes a bounded number of records, and says how many it left out', async () => {
    const floodDir = join(dir.path, 'flood');
    const auth = await httpAuthFor(floodDir);
    const flooded = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: floodDir, ...auth.env, ROUTEROS_MCP_METRICS_PORT: '0' });
    const SENT = 80;
    const started = Date.now();
    try {
      for (let i = 0; i < SENT; i += 10) await Promise.all(Array.from({ length: 10 }, () => rawRpc(flooded.url, { era: 'legacy', authorization: 'Bearer rmcp_000000000000_flood', method: 'tools/list' })));
      expect(await metric(flooded, 'routeros_mcp_auth_refusals_total{reason="invalid",status="401"}')).toBe(SENT);
    } finally {
      expect(await flooded.stop()).toBe(0);
    }
    const elapsedMs = Date.now() - started;
    // Each record says how many went unrecorded before it; the stop writes one for those after the last.
    const trail = await auditTrail(floodDir, 'http.unauthenticated');
    const refusals = trail.filter((e) => e.arguments.reason === 'invalid');
    const unrecorded = trail.reduce((sum, e) => sum + (e.arguments.unrecorded_before ?? 0), 0);
    expect(refusals.length + unrecorded).toBe(SENT);
    // 30 at once, then one every 2 s of the flood (however slow this machine ran it).
    expect(refusals.length).toBeLessThanOrEqual(30 + Math.ceil(elapsedMs / 2000));
    expect(refusals.length).toBeGreaterThanOrEqual(30);
  }, 120_000);
});
