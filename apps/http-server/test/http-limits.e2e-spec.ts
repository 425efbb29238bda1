import { connectHttp, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { holdRequest } from './held-request';
import { httpAuthFor } from './http-auth';
import { enrollSimulated } from './http-fleet-setup';
import { startHttpServer } from './http-server.harness';
import { deviceBusy } from './wait-for';

// The global execution limit and the drain on SIGTERM, judged by the order things happen in: the simulator's
// latency fault holds one call at its device, and the specs wait for that state, never for a time.
const dir = tempDir('http-limits-');
const dataDir = join(dir.path, 'data');
let fleet: Fleet;
/** Long enough that a call on the other device always finishes first when nothing makes it wait. */
const SLOW = { latencyMs: 4000 };

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'edge', users: [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' }] });
  await enrollSimulated(dataDir, fleet, [
    { id: 'dev-slow', device: fleet.devices[0], environment: 'lab' },
    { id: 'dev-fast', device: fleet.devices[1], environment: 'lab' },
  ]);
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});
afterEach(() => simControl(fleet, 'POST', '/reset'));

async function serve(env: Record<string, string> = {}) {
  const auth = await httpAuthFor(dataDir);
  const server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '60000', ...auth.env, ...env });
  return { server, token: auth.token };
}

/**
 * A slow call on dev-slow, held at its device; then `fast` (a call on dev-fast by default). Resolves with the order
 * they completed in.
 */
async function race(url: string, token: string | undefined, fast: { tool: string; args: Record<string, unknown> } = { tool: 'system_get_clock', args: { device_id: 'dev-fast' } }): Promise<string[]> {
  const [a, b] = await Promise.all([connectHttp('modern', url, { token }), connectHttp('legacy', url, { token })]);
  try {
    await simControl(fleet, 'PUT', '/devices/0/faults', SLOW);
    const order: string[] = [];
    const slow = a.callTool('system_get_clock', { device_id: 'dev-slow' }).then((r) => (order.push('slow'), r));
    await deviceBusy(fleet, 0);
    const quick = b.callTool(fast.tool, fast.args).then((r) => (order.push('fast'), r));
    const [slowResult, fastResult] = await Promise.all([slow, quick]);
    expect(slowResult.structuredContent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fastResult.isError).toBeFalsy();
    return order;
  } finally {
    await a.close();
    await b.close();
  }
}

describe('global concurrency of tool execution', () => {
  it('with ROUTEROS_MCP_HTTP_MAX_CONCURRENT_CALLS=1, a second call waits for the slot: the calls complete one after the other', async () => {
    const { server, token } = await serve({ ROUTEROS_MCP_HTTP_MAX_CONCURRENT_CALLS: '1' });
    try {
      expect(await race(server.url, token)).toEqual(['slow', 'fast']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('a tool that only reads the server\'s own records (device_list) takes no slot: it answers while the only slot is held by a device call', async () => {
    const { server, token } = await serve({ ROUTEROS_MCP_HTTP_MAX_CONCURRENT_CALLS: '1' });
    try {
      expect(await race(server.url, token, { tool: 'device_list', args: {} })).toEqual(['fast', 'slow']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('with the default limit the fast call overtakes the slow one (the scenario above tells the two apart)', async () => {
    const { server, token } = await serve();
    try {
      expect(await race(server.url, token)).toEqual(['fast', 'slow']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('drain on SIGTERM', () => {
  it('turns readiness false, answers new requests 503 with Retry-After, finishes the call in flight, ends listen streams cleanly, exits 0', async () => {
    const { server, token } = await serve();
    const caller = await connectHttp('legacy', server.url, { token });
    const listener = await connectHttp('modern', server.url, { token });
    try {
      const subscription = await listener.raw.listen({ resourceSubscriptions: ['device://dev-fast/config'] });
      await simControl(fleet, 'PUT', '/devices/0/faults', SLOW);
      const inFlight = caller.callTool('system_get_clock', { device_id: 'dev-slow' });
      inFlight.catch(() => undefined);
      await deviceBusy(fleet, 0);
      // Two requests on connections already open when the signal comes (a closed listener refuses new ones).
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'device_list', arguments: {} } });
      const readiness = await holdRequest(server.url, 'GET', '/readyz');
      const mcp = await holdRequest(server.url, 'POST', '/mcp', { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body);
      // A full round trip after both heads were written: the server has read them (the connections are busy, not idle).
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);

      server.child.kill('SIGTERM');
      await server.waitForLine(/"message":"draining"/);
      const ready = await readiness.finish();
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
      const refused = await mcp.finish();
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(refused.body)).toMatchObject({ error: { data: { mcp_error_code: 'SERVER_SHUTTING_DOWN' } } });

      const result = await inFlight;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await subscription.closed).toBe('graceful');
      expect(await server.exited).toBe(0);
      expect(server.lines.some((line) => /"message":"stopped"/.test(line))).toBe(true);
    } finally {
      await caller.close().catch(() => undefined);
      await listener.close().catch(() => undefined);
      await server.stop();
    }
  });
});
