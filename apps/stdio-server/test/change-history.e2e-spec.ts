import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { Fleet, simControl, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient, ERAS } from './era-client';
import { connectStdio, statelessLegacy } from './fleet-setup';

// Config history around the change pipeline: a snapshot before the first write, a fresh one and the
// device://{id}/config notification once the change settled.
const dir = tempDir('stdio-change-history-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'edge', version: '7.20.5', users: USERS });
  const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }))).get(AdminServices);
  try {
    for (const [i, sshPort] of [[0, fleet.devices[0].sshPort], [1, 1]] as const) {
      const device = fleet.devices[i];
      const url = new URL(device.restUrl);
      const credentials = { username: USERS[0].name, password: USERS[0].password };
      // dev-1's SSH port is closed: its exports fail, and its changes must go on without them.
      await admin.devices.enroll(
        { id: 'e2e', via: 'admin-cli' },
        { id: `dev-${i}`, name: `dev-${i}`, host: url.hostname, restPort: url.port, sshPort, environment: 'lab', tlsFingerprint: device.keys.tlsFingerprint, sshHostKey: device.keys.sshHostKeyFingerprint, capabilities: { allow_advanced_writes: true } },
        { rest: credentials, ssh: credentials },
      );
    }
  } finally {
    await admin.close();
  }
}, 60_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});

describe.each(ERAS)('config history around changes over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  });
  afterAll(() => client?.close());
  // Both scenarios watch device://{id}/config: not on a stateless 2025-era HTTP client (refused there by design).
  const watching = statelessLegacy(era) ? it.skip : it;

  watching('snapshots the device before the first write, then tells device://{id}/config watchers once the change settled', async () => {
    const updates: any[] = [];
    const stop = await client.watch('device://dev-0/config', (params) => void updates.push(params));
    const name = `router ${era}`;
    const changed = await client.callTool('system_set_identity', { device_id: 'dev-0', name });
    expect(changed.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    const update = await waitFor(() => updates[0], 'resources/updated');
    expect(update).toMatchObject({ uri: 'device://dev-0/config' });

    const { items } = (await client.callTool('config_list_snapshots', { device_id: 'dev-0' })).structuredContent;
    // Newest first: the capture after the change holds the new name, the one before it the name the device had.
    expect(items[0].reason).toBe('after_change');
    const after = await client.callTool('config_get_snapshot', { snapshot_id: items[0].id, section: '/system identity' });
    expect(after.structuredContent.lines).toEqual([`/system identity set name="${name}"`]);
    if (era === 'legacy') expect(update._meta.etag).toBe(items[0].id);
    const change = (await client.callTool('change_get', { change_id: changed.structuredContent.change_id })).structuredContent;
    const before = items.find((s: { reason: string }) => s.reason === 'before_change');
    if (era === 'legacy') {
      // The first change on this device: the export before it was taken for it.
      expect(before).toBeDefined();
      const old = await client.callTool('config_get_snapshot', { snapshot_id: before.id, section: '/system identity' });
      expect(old.structuredContent.lines).toEqual([`/system identity set name=${change.touched[0].before.name}`]);
    } else {
      // Later changes reuse the recent snapshot taken after the previous one: no export before the write.
      expect(items.filter((s: { reason: string }) => s.reason === 'before_change')).toHaveLength(1);
    }
    await stop();
  }, 60_000);

  watching('goes on with a change when the export before it fails, and still tells watchers', async () => {
    const updates: any[] = [];
    const stop = await client.watch('device://dev-1/config', (params) => void updates.push(params));
    const changed = await client.callTool('system_set_identity', { device_id: 'dev-1', name: `no ssh ${era}` });
    expect(changed.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    expect((await simControl(fleet, 'GET', '/devices/1/state')).config['system/identity'][0].name).toBe(`no ssh ${era}`);
    expect(await waitFor(() => updates[0], 'resources/updated')).toMatchObject({ uri: 'device://dev-1/config' });
    expect((await client.callTool('config_list_snapshots', { device_id: 'dev-1' })).structuredContent.items).toEqual([]);
    // The change's record says why it has no snapshot before it.
    const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }))).get(AdminServices);
    try {
      expect((await admin.changes.get(changed.structuredContent.change_id)).beforeSnapshot).toEqual({ status: 'skipped', reason: expect.stringMatching(/^the export before the change failed: /) });
    } finally {
      await admin.close();
    }
    await stop();
  }, 60_000);
});
