import { connectHttp, ERAS, EraClient, Fleet, simControl, startFleet, startPostgres, PostgresServer, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import type { RunningHttpServer } from './http-server.harness';
import { Deployment, deploymentOn, enrollFleet, roundRobinFetch, startReplica } from './replica-fleet';
import { replicaAuth } from './replica-auth';

// Two replicas of routeros-mcp-http on one PostgreSQL, behind a round-robin "load balancer" without sticky sessions.
const dir = tempDir('http-replicas-');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const DEVICES = ['r-1', 'r-2', 'r-3'];
let pg: PostgresServer;
let fleet: Fleet;
let deployment: Deployment;
let a: RunningHttpServer;
let b: RunningHttpServer;
let token: string | undefined;

beforeAll(async () => {
  pg = await startPostgres();
  fleet = await startFleet({ devices: DEVICES.length, profile: 'edge', version: '7.20.5', users: USERS });
  deployment = deploymentOn(await pg.createDatabase());
  await enrollFleet(deployment, join(dir.path, 'admin'), fleet, DEVICES);
  const auth = await replicaAuth(deployment, join(dir.path, 'admin'));
  token = auth.token;
  const env = { ...auth.env, ROUTEROS_MCP_HEALTH_POLL_INTERVAL_MS: '500' };
  [a, b] = await Promise.all([startReplica(deployment, join(dir.path, 'a'), env), startReplica(deployment, join(dir.path, 'b'), env)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await fleet?.stop();
  pg?.stop();
  dir.remove();
});

describe.each(ERAS)('two replicas, %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectHttp(era, a.url, { token, fetch: roundRobinFetch(() => [a.url, b.url]) });
  });
  afterAll(() => client?.close());

  it('serves a client whose requests alternate between the replicas', async () => {
    const seen = { a: a.lines.length, b: b.lines.length };
    for (let i = 0; i < 4; i++) {
      const list = await client.callTool('device_list', {});
      expect(list.structuredContent.items.map((d: { id: string }) => d.id).sort()).toEqual(DEVICES);
      const overview = await client.callTool('system_get_overview', { device_id: DEVICES[i % DEVICES.length] });
      expect(overview.structuredContent.routeros_version).toMatch(/^7\./);
    }
    // Both replicas answered calls (each logged tool calls of this principal).
    const calls = (server: RunningHttpServer, from: number) => server.lines.slice(from).filter((line) => line.includes('"tool"')).length;
    expect(calls(a, seen.a)).toBeGreaterThan(0);
    expect(calls(b, seen.b)).toBeGreaterThan(0);
  });
});

describe('events and singular jobs across replicas', () => {
  it('tells a listener on one replica about a change made through the other', async () => {
    const listener = await connectHttp('modern', a.url, { token });
    const writer = await connectHttp('modern', b.url, { token });
    try {
      const updated = new Promise<{ uri: string }>((resolve) => void listener.watch('device://r-1/config', (params) => resolve(params)));
      // The listen stream is open once the watch call has resolved (the SDK acknowledges before returning).
      await new Promise((next) => setImmediate(next));
      const result = await writer.callTool('system_set_identity', { device_id: 'r-1', name: 'replica-made' });
      expect(result.structuredContent.changed).toBe(true);
      expect((await updated).uri).toBe('device://r-1/config');
      expect((await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name).toBe('replica-made');
    } finally {
      await Promise.all([listener.close(), writer.close()]);
    }
  });

  it("polls each device's health from exactly one replica", async () => {
    const polled = (server: RunningHttpServer, id: string) => server.lines.filter((line) => line.includes('"health polled"') && (JSON.parse(line) as { device_ids: string[] }).device_ids.includes(id)).length;
    const total = (id: string) => polled(a, id) + polled(b, id);
    // Every device polled at least three times in all (lines from either replica wake the wait).
    await Promise.race([
      a.waitUntil(() => DEVICES.every((id) => total(id) >= 3), 'three polls of every device'),
      b.waitUntil(() => DEVICES.every((id) => total(id) >= 3), 'three polls of every device'),
    ]);
    for (const id of DEVICES) expect([polled(a, id), polled(b, id)].filter((count) => count > 0)).toHaveLength(1);
  });
});

describe('draining one replica under load', () => {
  it('loses no call: in-flight calls finish, new ones go to the other replica, the drained one exits 0', async () => {
    // Slow devices keep calls in flight on both replicas while b is told to stop.
    for (const index of DEVICES.keys()) await simControl(fleet, 'PUT', `/devices/${index}/faults`, { latencyMs: index === 0 ? 1500 : 200 });
    const clients = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => connectHttp(n % 2 ? 'modern' : 'legacy', a.url, { token, fetch: roundRobinFetch(() => [a.url, b.url]) })));
    const pinned = await connectHttp('modern', b.url, { token });
    const failures: string[] = [];
    let answered = 0;
    const work = clients.map(async (client, n) => {
      for (let i = 0; i < 8; i++) {
        try {
          const result = await client.callTool('system_get_overview', { device_id: DEVICES[1 + ((n + i) % 2)] });
          if (!result.structuredContent?.routeros_version) failures.push(JSON.stringify(result).slice(0, 300));
        } catch (error) {
          failures.push((error as Error).message);
        }
        answered++;
      }
    });
    // A call held at the slow device on b: b has it in hand when SIGTERM arrives, and must still answer it.
    const from = b.lines.length;
    const held = pinned.callTool('interface_list', { device_id: 'r-1' });
    await b.waitUntil((lines) => lines.slice(from).some((line) => line.includes('tool call received') && line.includes('interface_list')), 'b received the held call');
    const stopped = b.stop('SIGTERM');
    expect((await held).structuredContent.items.length).toBeGreaterThan(0);
    await Promise.all(work);
    await Promise.all([...clients, pinned].map((client) => client.close()));
    for (const index of DEVICES.keys()) await simControl(fleet, 'PUT', `/devices/${index}/faults`, {});
    expect(failures).toEqual([]);
    expect(answered).toBe(48);
    expect(await stopped).toBe(0);
    const drain = JSON.parse(b.lines.find((line) => line.includes('"draining"'))!) as { running_calls: number };
    expect(drain.running_calls).toBeGreaterThan(0);
    expect(b.lines.some((line) => line.includes('"stopped"'))).toBe(true);
    expect(b.lines.some((line) => line.includes('were cancelled'))).toBe(false);
  });
});
