import { connectHttp, ERAS, EraClient, tempDir } from '@routeros-mcp/testing';
import { request } from 'node:http';
import { join } from 'node:path';
import { RunningHttpServer, startHttpServer } from './http-server.harness';

const dir = tempDir('http-basics-');
let server: RunningHttpServer;

beforeAll(async () => {
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_LOG_LEVEL: 'debug' });
});
afterAll(async () => {
  await server?.stop();
  dir.remove();
});

describe.each(ERAS)('over HTTP, %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectHttp(era, server.url);
  });
  afterAll(() => client?.close());

  it('lists tools and calls one statelessly', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('device_list');
    const result = await client.callTool('device_list', {});
    expect(result.structuredContent).toMatchObject({ items: [], total_count: 0 });
    expect(result._meta.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown tool with the error taxonomy', async () => {
    const failure = await client.failure('no_such_tool', {});
    expect(failure.data.mcp_error_code).toBe('TOOL_NOT_FOUND');
  });
});

describe.each(ERAS)('the default tool sets over HTTP, %s', (_label, era) => {
  it('leave out the deep-dive reads menu_print covers, and a call to one names the menu_print path', async () => {
    const byDefault = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: join(dir.path, `data-default-${era}`), ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_TOOLSETS: 'default' });
    const client = await connectHttp(era, byDefault.url);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('menu_print');
      expect(names.filter((n) => ['ip_get_arp_table', 'dns_get_cache', 'system_get_health'].includes(n))).toEqual([]);
      const off = await client.failure('ip_get_arp_table', { device_id: 'dev-a' });
      expect(off.data).toMatchObject({ mcp_error_code: 'TOOL_NOT_ENABLED', enable_with: { ROUTEROS_MCP_TOOLSETS: 'default,ip' } });
      expect(off.message).toContain('menu_print with path /ip/arp reads the same rows');
    } finally {
      await client.close();
      await byDefault.stop();
    }
  }, 60_000);
});

describe('HTTP edges', () => {
  it('serves health and readiness, and no protected-resource metadata without OAuth (MCP requires it to name an authorization server)', async () => {
    expect(await (await fetch(`${server.base}/healthz`)).json()).toEqual({ status: 'alive' });
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    const metadata = await fetch(`${server.base}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(404);
    expect(await metadata.json()).toMatchObject({ error: expect.stringContaining('OAuth') });
  });

  it('answers malformed JSON with -32700 in a JSON body, never HTML', async () => {
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as any).error.code).toBe(-32700);
  });

  it('refuses a body over the limit with 413 and a JSON-RPC error', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'device_list', arguments: { pad: 'x'.repeat(11 * 1024 * 1024) } } });
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: big });
    expect(response.status).toBe(413);
    expect(((await response.json()) as any).error).toMatchObject({ code: -32600, data: { mcp_error_code: 'MESSAGE_TOO_LARGE' } });
  });

  it('refuses a foreign Host header and a foreign Origin (DNS rebinding)', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(server.url, { method: 'POST', headers: { ...headers, host: 'attacker.example' } }, (res) => (res.resume(), resolve(res.statusCode!)));
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(403);
    const origin = await fetch(server.url, { method: 'POST', headers: { ...headers, origin: 'https://attacker.example' }, body });
    expect(origin.status).toBe(403);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await fetch(`${server.base}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('/mcp') });
  });
});
