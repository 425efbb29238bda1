import { connectHttp, ERAS, EraClient, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { httpAuthFor } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { waitFor } from './wait-for';

// What travels on HTTP response and listen streams: progress before the answer, 2025-era subscriptions refused
// with the alternative named, and modern listen streams told about a configuration changed through a tool.
const dir = tempDir('http-streams-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;
let token: string | undefined;

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [0, 1, 2].map((i) => ({ id: `dev-${i}`, device: fleet.devices[i], environment: 'lab' as const, capabilities: { allow_advanced_writes: true } })));
  const auth = await httpAuthFor(dataDir);
  token = auth.token;
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'debug', ...auth.env });
}, 120_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fleet?.stop();
  dir.remove();
});

describe.each(ERAS)('over HTTP, %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectHttp(era, server.url, { token });
  });
  afterAll(() => client?.close());

  it('sends tools/call progress on the response stream before the answer: the first device, the last, counting up', async () => {
    // Frames as the transport reads them: the SDK clients dispatch notifications later than answers.
    const { result, frames } = await client.watchingFrames(() => client.callTool('fleet_get_health_summary', {}, { onprogress: () => undefined }));
    expect(result.structuredContent).toMatchObject({ total: 3, reachable: 3 });
    const answerAt = frames.findIndex((f) => 'result' in f);
    const progress = frames.filter((f) => f.method === 'notifications/progress');
    // At most one every 100 ms between the first and the last (the progress reporter's throttle).
    const steps = progress.map((f) => [f.params.progress, f.params.total]);
    expect(steps[0]).toEqual([1, 3]);
    expect(steps.at(-1)).toEqual([3, 3]);
    expect(steps.map(([done]) => done)).toEqual([...new Set(steps.map(([done]) => done))].sort());
    expect(frames.indexOf(progress.at(-1))).toBeLessThan(answerAt);
    expect(new Set(progress.map((f) => f.params.progressToken)).size).toBe(1);
    // The answer came as an SSE response stream (the server logs each one when it closes).
    const streamClosed = era === 'legacy' ? /2025-era stream closed/ : /response stream closed/;
    const line = await server.waitForLine(new RegExp(`${streamClosed.source}.*"method":"tools/call"|"method":"tools/call".*${streamClosed.source}`));
    expect(JSON.parse(line)).toMatchObject({ method: 'tools/call' });
  });
});

describe('resource subscriptions over HTTP', () => {
  it('refuses 2025-era resources/subscribe with METHOD_NOT_FOUND naming subscriptions/listen (a stateless exchange has no stream for it)', async () => {
    const legacy = await connectHttp('legacy', server.url, { token });
    try {
      const failure = await legacy.failed(legacy.raw.subscribeResource({ uri: 'device://dev-0/config' }));
      expect(failure).toMatchObject({ code: -32601, data: { mcp_error_code: 'METHOD_NOT_FOUND', method: 'resources/subscribe', alternatives: expect.arrayContaining([expect.stringContaining('subscriptions/listen')]) } });
      expect(failure.message).toMatch(/resources\/subscribe needs a session/);
      // The exchange stays usable: the refusal is an answer, not a broken connection.
      expect(await legacy.alive()).toBe(true);
    } finally {
      await legacy.close();
    }
  });

  it('tells a modern subscriptions/listen stream about device://{id}/config after a change made through a tool', async () => {
    const listener = await connectHttp('modern', server.url, { token });
    const writer = await connectHttp('legacy', server.url, { token });
    try {
      const updates: any[] = [];
      const stop = await listener.watch('device://dev-1/config', (params) => void updates.push(params));
      const changed = await writer.callTool('system_set_identity', { device_id: 'dev-1', name: 'listened' });
      expect(changed.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
      expect((await simControl(fleet, 'GET', '/devices/1/state')).config['system/identity'][0].name).toBe('listened');
      const update = await waitFor(() => updates[0], 'notifications/resources/updated on the listen stream');
      expect(update).toMatchObject({ uri: 'device://dev-1/config', _meta: { 'io.modelcontextprotocol/subscriptionId': expect.anything() } });
      await stop();
      expect(await server.waitForLine(/listen stream closed/)).toContain('subscriptions/listen');
    } finally {
      await listener.close();
      await writer.close();
    }
  });
});
