import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollSimulated, statelessLegacy } from './fleet-setup';

const dir = tempDir('stdio-history-');
const dataDir = join(dir.path, 'data');
let fleet: Fleet;
/** Snapshots taken before the servers start: two of dev-a (DNS changed between them), one of the prod device. */
const ids = { first: '', second: '', prod: '' };

const setDns = (servers: string) => simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'ip/dns', props: { servers } });

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'edge', users: [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' }] });
  await enrollSimulated(dataDir, fleet, [
    { id: 'dev-a', device: fleet.devices[0], environment: 'lab' },
    { id: 'dev-p', device: fleet.devices[1], environment: 'prod' },
  ]);
  const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }))).get(AdminServices);
  try {
    await setDns('1.1.1.1');
    ids.first = (await admin.snapshots.capture('dev-a', 'manual')).snapshot.id;
    await setDns('9.9.9.9');
    ids.second = (await admin.snapshots.capture('dev-a', 'manual')).snapshot.id;
    ids.prod = (await admin.snapshots.capture('dev-p', 'manual')).snapshot.id;
  } finally {
    await admin.close();
  }
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});

describe.each(ERAS)('config history over %s', (_label, era) => {
  let client: EraClient;

  beforeAll(async () => {
    // Captures are one job per database, led by one process: this server schedules none, so the watcher's leads.
    client = await connectStdio(dataDir, { ROUTEROS_MCP_SNAPSHOT_INTERVAL_S: '0' }, era);
  });
  afterAll(() => client?.close());

  it('lists the three tools as read-only and compact', async () => {
    const { tools } = await client.listTools();
    const ours = tools.filter((t) => ['config_list_snapshots', 'config_get_snapshot', 'config_diff'].includes(t.name));
    expect(ours).toHaveLength(3);
    for (const tool of ours) expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    // The three together stay small: the whole catalogue has a token budget.
    expect(Math.ceil(JSON.stringify(ours).length / 4)).toBeLessThanOrEqual(600);
  });

  it('lists snapshots newest first and reads one, whole or one section', async () => {
    const list = await client.callTool('config_list_snapshots', { device_id: 'dev-a' });
    const listed = list.structuredContent.items.map((s: any) => s.id);
    expect(listed.indexOf(ids.second)).toBeLessThan(listed.indexOf(ids.first));
    expect(list.structuredContent.items[listed.indexOf(ids.first)]).toMatchObject({ reason: 'manual', lines: expect.any(Number) });
    expect(list.content[0].text).toContain(ids.first);

    const whole = await client.callTool('config_get_snapshot', { snapshot_id: ids.second });
    expect(whole.structuredContent).toMatchObject({ id: ids.second, device_id: 'dev-a', reason: 'manual', header: { routeros_version: expect.any(String) } });
    expect(whole.structuredContent.lines).toContain('/ip dns');
    const section = await client.callTool('config_get_snapshot', { snapshot_id: ids.second, section: '/ip dns' });
    expect(section.structuredContent.lines).toEqual([expect.stringMatching(/^\/ip dns set .*servers=9\.9\.9\.9/)]);
  });

  it('diffs two snapshots and a snapshot against the live export, per section', async () => {
    const between = await client.callTool('config_diff', { from: ids.first, to: ids.second, section: '/ip dns' });
    expect(between.structuredContent).toMatchObject({ device_id: 'dev-a', from: ids.first, to: ids.second, added: 1, removed: 1 });
    expect(between.structuredContent.diff).toMatch(/^-\/ip dns set .*servers=1\.1\.1\.1$/m);
    expect(between.structuredContent.diff).toMatch(/^\+\/ip dns set .*servers=9\.9\.9\.9$/m);
    expect(between.content[0].text).toBe(between.structuredContent.diff);

    const unchanged = await client.callTool('config_diff', { from: ids.second, to: ids.second });
    expect(unchanged.structuredContent).toMatchObject({ added: 0, removed: 0, diff: '' });
    expect(unchanged.content[0].text).toMatch(/^no differences/);
    await simControl(fleet, 'POST', '/devices/0/config', { action: 'add', path: 'ip/firewall/address-list', props: { list: 'mcp-e2e', address: `192.0.2.${era === 'legacy' ? 10 : 11}` } });
    const live = await client.callTool('config_diff', { from: ids.second, section: '/ip firewall' });
    expect(live.structuredContent).toMatchObject({ to: 'live', removed: 0 });
    expect(live.structuredContent.diff).toMatch(new RegExp(`^\\+/ip firewall address-list add address=192\\.0\\.2\\.${era === 'legacy' ? 10 : 11} list=mcp-e2e$`, 'm'));
    expect(live.structuredContent.diff).not.toContain('/ip dns');
  });

  it('reads snapshot://{snapshot_id} and lists its template', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('snapshot://{snapshot_id}');
    const read = await client.readResource(`snapshot://${ids.first}`);
    expect(JSON.parse(read.contents[0].text)).toMatchObject({ id: ids.first, device_id: 'dev-a', lines: expect.arrayContaining(['/ip dns']) });
  });

  it('answers NOT_FOUND for an unknown snapshot and FORBIDDEN for a snapshot of another environment', async () => {
    expect(await client.failure('config_get_snapshot', { snapshot_id: 'snap-000000000000' })).toMatchObject({ code: undefined, data: { mcp_error_code: 'NOT_FOUND', next_steps: ['config_list_snapshots'] } });
    expect(await client.failure('config_get_snapshot', { snapshot_id: ids.prod })).toMatchObject({ code: undefined, data: { mcp_error_code: 'FORBIDDEN' } });
    // The same snapshot as a resource that does not exist: MCP's resource-not-found error, naming its uri.
    const missing = await client.failed(client.readResource('snapshot://snap-000000000000'));
    expect(missing).toMatchObject({ code: era === 'legacy' ? -32002 : -32602, data: { mcp_error_code: 'RESOURCE_NOT_FOUND', uri: 'snapshot://snap-000000000000', next_steps: ['config_list_snapshots'] } });
    expect(await client.failure('config_diff', { from: ids.first, to: ids.prod })).toMatchObject({ data: { mcp_error_code: 'FORBIDDEN' } });
    expect(await client.failure('config_list_snapshots', { device_id: 'dev-p' })).toMatchObject({ data: { mcp_error_code: 'FORBIDDEN' } });
    expect(await client.failure('config_diff', { from: 'not-an-id' })).toMatchObject({ data: { mcp_error_code: 'INVALID_PARAMS' } });
  });

  // Watching needs a stream: not a stateless 2025-era HTTP client (refused there by design).
  (statelessLegacy(era) ? it.skip : it)('tells device://{id}/config watchers when a scheduled capture finds a new configuration', async () => {
    const watcher = await connectStdio(dataDir, { ROUTEROS_MCP_SNAPSHOT_INTERVAL_S: '1', ROUTEROS_MCP_SNAPSHOT_JITTER_S: '0' }, era);
    try {
      const updates: any[] = [];
      const stop = await watcher.watch('device://dev-a/config', (params) => void updates.push(params));
      const servers = era === 'legacy' ? '8.8.8.8' : '8.8.4.4';
      await setDns(servers);
      // A capture already under way when the DNS changed may report the configuration before it (an earlier test's
      // change no snapshot had yet): wait for the update whose scheduled snapshot has the new servers.
      const dnsOf = async (id: string) => (await watcher.callTool('config_get_snapshot', { snapshot_id: id, section: '/ip dns' })).structuredContent.lines[0] as string;
      let matched: { update: any; snapshot: any } | undefined;
      for (let seen = 0, waited = 0; !matched && waited < 45_000; waited += 100) {
        if (updates.length > seen) {
          seen = updates.length;
          const newest = (await watcher.callTool('config_list_snapshots', { device_id: 'dev-a', limit: 1 })).structuredContent.items[0];
          if (newest?.reason === 'scheduled' && (await dnsOf(newest.id)).includes(`servers=${servers}`)) matched = { update: updates[seen - 1], snapshot: newest };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(matched?.update).toMatchObject({ uri: 'device://dev-a/config' });
      // 2025-era notifications carry the new snapshot's id as the etag (a listen's carry the subscription id instead).
      if (era === 'legacy') expect(matched!.update._meta.etag).toMatch(/^snap-[0-9a-f]{12}$/);
      expect(matched!.snapshot.reason).toBe('scheduled');
      await stop();
    } finally {
      await watcher.close();
    }
  }, 90_000);
});
