import { connectHttp, ERAS, Failure, tempDir } from '@routeros-mcp/testing';
import { execFileSync, spawnSync } from 'node:child_process';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HTTP_MAIN, RunningHttpServer, startHttpServer } from './http-server.harness';

// The HTTP transport's own behaviour: TLS from a certificate and key, SSE heartbeats on listen streams, rate-limit
// refusals with Retry-After on both revisions, metrics on their own listener after real calls (plain and TLS), and
// CORS preflight for allowed origins.
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
    startHttpServer({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'plain'), ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_HTTP_HEARTBEAT_S: '1', ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '3', ROUTEROS_MCP_HTTP_ALLOWED_ORIGINS: 'https://console.example', ROUTEROS_MCP_METRICS_PORT: '0' }),
    startHttpServer({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'tls'), ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_HTTP_TLS_CERT: certFile, ROUTEROS_MCP_HTTP_TLS_KEY: keyFile, ROUTEROS_MCP_METRICS_PORT: '0' }),
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

it('exposes calls, outcomes and rate-limit refusals on the metrics listener after real calls; the MCP listener has no /metrics', async () => {
  expect((await fetch(`${plain.base}/metrics`)).status).toBe(404);
  // On loopback a scrape token is optional (none is configured here).
  expect(plain.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  const body = await (await fetch(plain.metricsUrl!)).text();
  expect(body).toMatch(/routeros_mcp_tool_calls_total\{[^}]*tool="device_list"[^}]*\} \d+/);
  expect(body).toMatch(/routeros_mcp_rate_limit_refusals_total\{tier="fundamental"\} [1-9]/);
  expect(body).toMatch(/routeros_mcp_tool_call_duration_seconds_bucket/);
  // auth=none: the one principal holds admin and approver, and is labelled so, not by its id.
  expect(body).toMatch(/routeros_mcp_client_calls_total\{role="admin\+approver",client="[^"]+"\} [1-9]/);
  expect(body).not.toMatch(/anonymous/);
});

it('serves the metrics listener over TLS when the server does TLS itself', async () => {
  expect(tls.metricsUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/metrics$/);
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpsRequest(tls.metricsUrl!, { ca: cert }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
  expect(status).toBe(200);
  expect(body).toMatch(/^# HELP /m);
});

it('refuses to start with metrics on a non-loopback address without a scrape token, and on the MCP port', async () => {
  for (const [env, message] of [
    [{ ROUTEROS_MCP_METRICS_HOST: '0.0.0.0', ROUTEROS_MCP_METRICS_PORT: '0' }, /ROUTEROS_MCP_METRICS_HOST \(metricsHost\): metrics on 0\.0\.0\.0 need a scrape token \(ROUTEROS_MCP_METRICS_TOKEN/],
    [{ ROUTEROS_MCP_METRICS_PORT: '18080', ROUTEROS_MCP_HTTP_PORT: '18080' }, /ROUTEROS_MCP_METRICS_PORT \(metricsPort\): must differ from ROUTEROS_MCP_HTTP_PORT/],
  ] as const) {
    const result = spawnSync(process.execPath, [HTTP_MAIN], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: join(dir.path, 'refused'), ...env }, encoding: 'utf8', timeout: 60_000 });
    expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 1, stdout: '' });
    expect(result.stderr).toMatch(message);
  }
});

it('keeps an idle connection 65 s, beyond the common 60 s idle bound of proxies and clients', async () => {
  // With Node's 5 s a client reusing a socket the server was just closing failed ("other side closed": this spec's
  // own CORS preflight did, on a loaded machine).
  const agent = new HttpAgent({ keepAlive: true });
  try {
    const header = await new Promise<string | undefined>((resolve, reject) => {
      const req = httpRequest(`${plain.base}/healthz`, { agent }, (res) => (res.resume(), resolve(String(res.headers['keep-alive']))));
      req.on('error', reject);
      req.end();
    });
    expect(header).toBe('timeout=65');
  } finally {
    agent.destroy();
  }
});

it('answers a CORS preflight for an allowed origin only', async () => {
  const allowed = await fetch(plain.url, { method: 'OPTIONS', headers: { origin: 'https://console.example', 'access-control-request-method': 'POST' } });
  expect(allowed.status).toBe(204);
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://console.example');
  expect(allowed.headers.get('access-control-allow-headers')).toMatch(/mcp-protocol-version/);
  const other = await fetch(plain.url, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
  expect(other.status).toBe(403);
});
