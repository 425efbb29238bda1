import { connectHttp, ERAS, Failure, tempDir } from '@routeros-mcp/testing';
import { execFileSync } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunningHttpServer, startHttpServer } from './http-server.harness';

// The HTTP transport's own behaviour: TLS from a certificate and key, SSE heartbeats on listen streams, rate-limit
// refusals with Retry-After on both revisions, /metrics after real calls, and CORS preflight for allowed origins.
const dir = tempDir('http-transport-');
let plain: RunningHttpServer;
let tls: RunningHttpServer;
let cert: Buffer;

beforeAll(async () => {
  const certFile = join(dir.path, 'cert.pem');
  const keyFile = join(dir.path, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  cert = readFileSync(certFile);
  [plain, tls] = await Promise.all([
    startHttpServer({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'plain'), ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_HTTP_HEARTBEAT_S: '1', ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '3', ROUTEROS_MCP_HTTP_ALLOWED_ORIGINS: 'https://console.example' }),
    startHttpServer({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'tls'), ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_HTTP_TLS_CERT: certFile, ROUTEROS_MCP_HTTP_TLS_KEY: keyFile }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.stop(), tls?.stop()]);
  dir.remove();
});


it('serves HTTPS from a certificate and key, and names https in its URL', async () => {
  expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpsRequest(tls.url, { method: 'POST', ca: cert, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => (res.resume(), resolve(res.statusCode!)));
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'tls', version: '1' } } }));
  });
  expect(status).toBe(200);
});

it('keeps a listen stream alive with SSE comment heartbeats', async () => {
  let raw = '';
  let heartbeat!: () => void;
  const beat = new Promise<void>((resolve) => (heartbeat = resolve));
  // A fetch that copies what the stream carries, so the spec sees the comment frames the client ignores.
  const tee: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) return response;
    const [mine, theirs] = response.body.tee();
    void (async () => {
      const reader = mine.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        raw += new TextDecoder().decode(value);
        if (/(^|\n):/.test(raw)) heartbeat();
      }
    })().catch(() => undefined);
    return new Response(theirs, { status: response.status, headers: response.headers });
  };
  const client = await connectHttp('modern', plain.url, { fetch: tee });
  const stop = await client.watch('fleet://health-summary', () => undefined);
  await beat;
  expect(raw).toMatch(/(^|\n):/);
  await stop();
  await client.close();
  await plain.waitForLine(/listen stream closed/);
});

describe.each(ERAS)('rate limits, %s', (_label, era) => {
  it('refuses calls past the per-tier limit with RATE_LIMITED, retry_after and a Retry-After header', async () => {
    const seen: Headers[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      seen.push(response.headers);
      return response;
    };
    const client = await connectHttp(era, plain.url, { fetch: recording });
    try {
      // The budget (3 a minute for the one principal of this auth-less server) runs out within a few calls.
      let failure: Failure | undefined;
      for (let i = 0; i < 8 && !failure; i++) {
        const before = seen.length;
        failure = await client.failed(client.callTool('device_list', {})).catch(() => undefined);
        if (failure) expect(Number(seen[seen.length - 1].get('retry-after'))).toBeGreaterThan(0);
        else expect(seen.slice(before).some((headers) => headers.has('retry-after'))).toBe(false);
      }
      expect(failure?.data).toMatchObject({ mcp_error_code: 'RATE_LIMITED', retry_after: expect.any(Number) });
    } finally {
      await client.close();
    }
  });
});

it('exposes calls, outcomes and rate-limit refusals on /metrics after real calls', async () => {
  const body = await (await fetch(`${plain.base}/metrics`)).text();
  expect(body).toMatch(/routeros_mcp_tool_calls_total\{[^}]*tool="device_list"[^}]*\} \d+/);
  expect(body).toMatch(/routeros_mcp_rate_limit_refusals_total\{tier="fundamental"\} [1-9]/);
  expect(body).toMatch(/routeros_mcp_tool_call_duration_seconds_bucket/);
});

it('answers a CORS preflight for an allowed origin only', async () => {
  const allowed = await fetch(plain.url, { method: 'OPTIONS', headers: { origin: 'https://console.example', 'access-control-request-method': 'POST' } });
  expect(allowed.status).toBe(204);
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://console.example');
  expect(allowed.headers.get('access-control-allow-headers')).toMatch(/mcp-protocol-version/);
  const other = await fetch(plain.url, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
  expect(other.status).toBe(403);
});
