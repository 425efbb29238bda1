import type { DeviceConfigChanged } from '@routeros-mcp/application-ports';
import { Database } from '@routeros-mcp/adapters-persistence';
import { loadConfig } from '@routeros-mcp/config';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir, until } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, ServerServices } from '../index';

const principal = { id: 'spec', via: 'test' };
/** Far longer than the scheduler's 5 s shutdown grace, short enough not to keep the simulator busy after the spec. */
const SLOW_EXPORT_MS = 25_000;

/** Resolves with the next event the bus delivers, or rejects after a generous bound. */
function nextEvent(services: ServerServices): Promise<DeviceConfigChanged> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no device.config.changed within 20 s')), 20_000);
    const off = services.events.subscribe('device.config.changed', (event) => {
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

describe('config history against the simulator over SSH, on SQLite', () => {
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let dataDir: string;
  const env = () => ({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' });

  beforeAll(async () => {
    fleet = await startFleet({ devices: 2, profile: 'home', version: '7.20.5', users: [{ name: 'admin', password: 'sim-pw', group: 'full' }] });
    dir = tempDir();
    dataDir = join(dir.path, 'data');
    const admin = (await buildContainer(loadConfig({ env: env(), homeDir: '/nonexistent' }), { logStream: new PassThrough() })).get(AdminServices);
    for (const device of fleet.devices) await admin.devices.enroll(principal, ...enrollmentOf(device, `r${device.index}`, { name: 'admin', password: 'sim-pw' }));
    await admin.close();
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
    dir?.remove();
  });

  it('captures, deduplicates, diffs against a later capture and the live export, and tells subscribers', async () => {
    const services = (await buildContainer(loadConfig({ env: env(), homeDir: '/nonexistent' }), { logStream: new PassThrough() })).get(ServerServices);
    try {
      const first = await services.snapshots.capture('r0', 'manual');
      expect(first).toMatchObject({ created: true, exported: true, previousId: undefined, snapshot: { deviceId: 'r0', reason: 'manual' } });
      const stored = await services.snapshots.get(first.snapshot.id);
      expect(stored.lines).toContain('/ip firewall filter');
      expect(stored.lines).not.toContain('/ip dns'); // at its defaults, so not exported
      expect(stored.header).toMatchObject({ routeros_version: '7.20.5' });
      expect(stored.header['exported_at']).toBeUndefined();

      const same = await services.snapshots.capture('r0', 'scheduled');
      expect(same).toMatchObject({ created: false, snapshot: { id: first.snapshot.id, reason: 'manual' } });
      expect(same.snapshot.lastSeenAt.getTime()).toBeGreaterThanOrEqual(first.snapshot.lastSeenAt.getTime());
      expect(await services.snapshots.captureIfOlderThan('r0', 3_600_000, 'before_change')).toMatchObject({ exported: false, snapshot: { id: first.snapshot.id } });

      await simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'ip/dns', props: { servers: '9.9.9.9' } });
      const live = await services.snapshots.diff(first.snapshot.id, 'live', { section: '/ip dns' });
      expect(live).toMatchObject({ deviceId: 'r0', to: { id: 'live' }, section: '/ip dns', added: 1, removed: 0 });
      expect(live.unified).toMatch(/^\+\/ip dns set .*servers=9\.9\.9\.9/m);

      const event = nextEvent(services);
      const second = await services.snapshots.capture('r0', 'before_change');
      expect(second).toMatchObject({ created: true, previousId: first.snapshot.id });
      expect(await event).toEqual({ type: 'device.config.changed', deviceId: 'r0', source: 'snapshot', snapshotId: second.snapshot.id });
      const between = await services.snapshots.diff(first.snapshot.id, second.snapshot.id);
      expect(between.unified).toContain(`--- ${first.snapshot.id}`);
      expect(between.unified).toMatch(/^\+\/ip dns set .*9\.9\.9\.9/m);
      expect((await services.snapshots.diff(second.snapshot.id, 'live')).unified).toBe('');
      expect((await services.snapshots.list('r0', { limit: 10 })).map((s) => s.id)).toEqual([second.snapshot.id, first.snapshot.id]);
      await expect(services.snapshots.diff(first.snapshot.id, second.snapshot.id, { section: '/ip nonexistent' })).rejects.toMatchObject({ code: 'VALIDATION.INVALID' });
      await expect(services.snapshots.get('snap-000000000000')).rejects.toMatchObject({ code: 'SNAPSHOT.NOT_FOUND' });
    } finally {
      await services.close();
    }
  }, 120_000);

  it('stores no secret: the Wi-Fi passphrase the device holds is in no row of the database', async () => {
    const services = (await buildContainer(loadConfig({ env: env(), homeDir: '/nonexistent' }), { logStream: new PassThrough() })).get(ServerServices);
    try {
      const captured = await services.snapshots.capture('r1', 'manual');
      expect((await services.snapshots.get(captured.snapshot.id)).lines.some((l) => l.startsWith('/interface wifi'))).toBe(true);
    } finally {
      await services.close();
    }
    const db = await Database.open({ kind: 'sqlite', file: join(dataDir, 'routeros-mcp.sqlite') });
    try {
      const rows: { content: string; header: string }[] = await db.manager.query('SELECT content, header FROM config_snapshots');
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain('factory-wifi-key');
    } finally {
      await db.close();
    }
  }, 120_000);

  it('captures every device on the schedule when enabled, and shutdown does not wait on a device that hangs', async () => {
    await simControl(fleet, 'PUT', '/devices/1/faults', { slowExportMs: SLOW_EXPORT_MS });
    const before = Date.now();
    const services = (
      await buildContainer(loadConfig({ env: { ...env(), ROUTEROS_MCP_SNAPSHOT_INTERVAL_S: '1', ROUTEROS_MCP_SNAPSHOT_JITTER_S: '0', ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: '600000' }, homeDir: '/nonexistent' }), { logStream: new PassThrough() })
    ).get(ServerServices);
    try {
      // The first round's capture of r0, then a change the next rounds must find.
      await until(async () => ((await services.snapshots.list('r0', { limit: 1 }))[0]?.lastSeenAt.getTime() ?? 0) >= before, 'the next snapshot of r0');
      await simControl(fleet, 'POST', '/devices/0/config', { action: 'set', path: 'ip/dns', props: { servers: '8.8.4.4' } });
      const event = await nextEvent(services);
      expect(event).toMatchObject({ deviceId: 'r0', source: 'snapshot' });
      const captured = await services.snapshots.get(event.snapshotId!);
      expect(captured.reason).toBe('scheduled');
      expect(captured.lines.join('\n')).toContain('servers=8.8.4.4');
    } finally {
      // r1 answers its export only after SLOW_EXPORT_MS, and the export's bound is 600 s: close must not wait for it.
      const answered = new Promise((resolve) => setTimeout(() => resolve('device answered the export first'), SLOW_EXPORT_MS).unref());
      expect(await Promise.race([services.close().then(() => 'closed'), answered])).toBe('closed');
      await simControl(fleet, 'DELETE', '/devices/1/faults');
    }
  }, 120_000);
});
