import { Device } from '@routeros-mcp/domain-devices';
import type { ConfigSnapshot } from '@routeros-mcp/domain-devices';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, DatabaseTarget, TypeOrmDeviceRepository, TypeOrmSchemaMigrator, TypeOrmSnapshotRepository, RegistryReadCache } from '../../index';

const databases = useTestDatabases();
const engines: [string, () => Promise<DatabaseTarget>][] = [
  ['SQLite', async () => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async () => ({ kind: 'postgres', url: await databases.postgresUrl() })],
];

const t = (minutes: number) => new Date(Date.UTC(2026, 4, 1, 12, minutes, 0, 123));
let serial = 0;
function snapshot(deviceId: string, content: string, at: Date, reason: ConfigSnapshot['reason'] = 'scheduled'): ConfigSnapshot {
  serial += 1;
  return {
    id: `snap-${serial.toString(16).padStart(12, '0')}`,
    deviceId,
    capturedAt: at,
    lastSeenAt: at,
    reason,
    contentHash: `hash-of-${content}`,
    lines: ['/ip dns', `set servers=${content}`],
    header: { routeros_version: '7.20.5', model: 'CCR2004' },
  };
}

describe.each(engines)('snapshot repository on %s', (_engine, newTarget) => {
  let db: Database;
  let snapshots: TypeOrmSnapshotRepository;
  let devices: TypeOrmDeviceRepository;

  beforeEach(async () => {
    db = await Database.open(await newTarget());
    await new TypeOrmSchemaMigrator(db).migrate();
    devices = new TypeOrmDeviceRepository(db, new RegistryReadCache(db));
    for (const id of ['r1', 'r2']) await devices.create(Device.create({ id, name: id, host: '192.0.2.1', environment: 'lab' }, t(0)), []);
    snapshots = new TypeOrmSnapshotRepository(db);
  });
  afterEach(() => db.close());

  it('stores a snapshot and reads back every field, lines and header included', async () => {
    const first = snapshot('r1', '1.1.1.1', t(1), 'manual');
    const recorded = await snapshots.record(first);
    expect(recorded).toEqual({ snapshot: first, created: true, previous: undefined });
    expect(await snapshots.get(first.id)).toEqual(first);
    expect(await snapshots.latest('r1')).toEqual({ id: first.id, deviceId: 'r1', capturedAt: t(1), lastSeenAt: t(1), reason: 'manual', contentHash: first.contentHash, lineCount: 2 });
    expect(await snapshots.get('snap-ffffffffffff')).toBeUndefined();
    expect(await snapshots.latest('r2')).toBeUndefined();
  });

  it('records no new snapshot for unchanged content, only moves last_seen_at of the latest', async () => {
    const first = snapshot('r1', '1.1.1.1', t(1));
    await snapshots.record(first);
    const again = await snapshots.record(snapshot('r1', '1.1.1.1', t(5)));
    expect(again.created).toBe(false);
    expect(again.snapshot).toEqual({ ...first, lastSeenAt: t(5) });
    expect(again.previous?.id).toBe(first.id);
    expect(await snapshots.list('r1', { limit: 10 })).toHaveLength(1);

    const changed = await snapshots.record(snapshot('r1', '9.9.9.9', t(6)));
    expect(changed.created).toBe(true);
    expect(changed.previous).toMatchObject({ id: first.id, lastSeenAt: t(5) });
    // Back to the first content: history says so with a new snapshot, since it compares with the latest only.
    const back = await snapshots.record(snapshot('r1', '1.1.1.1', t(7)));
    expect(back.created).toBe(true);
    expect((await snapshots.list('r1', { limit: 10 })).map((s) => s.capturedAt)).toEqual([t(7), t(6), t(1)]);
    // Another device's identical content is its own snapshot.
    expect((await snapshots.record(snapshot('r2', '1.1.1.1', t(7)))).created).toBe(true);
  });

  it('stores one snapshot when captures of the same content race', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((m) => snapshots.record(snapshot('r1', '1.1.1.1', t(m)))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await snapshots.list('r1', { limit: 10 })).toHaveLength(1);
  });

  it('keeps at most the retention count and nothing unseen past the retention age, but always the newest', async () => {
    for (let m = 1; m <= 6; m++) await snapshots.record(snapshot('r1', `10.0.0.${m}`, t(m)));
    await snapshots.record(snapshot('r2', '10.0.0.1', t(1)));
    expect(await snapshots.prune('r1', { keep: 4, olderThan: t(0) })).toBe(2);
    expect((await snapshots.list('r1', { limit: 10 })).map((s) => s.capturedAt)).toEqual([t(6), t(5), t(4), t(3)]);
    expect(await snapshots.prune('r1', { keep: 10, olderThan: t(5) })).toBe(2);
    expect((await snapshots.list('r1', { limit: 10 })).map((s) => s.capturedAt)).toEqual([t(6), t(5)]);
    expect(await snapshots.prune('r1', { keep: 1, olderThan: t(59) })).toBe(1);
    expect((await snapshots.list('r1', { limit: 10 })).map((s) => s.capturedAt)).toEqual([t(6)]);
    expect(await snapshots.list('r2', { limit: 10 })).toHaveLength(1);
  });

  it('lists newest first within the limit, and removes a device\'s snapshots with the device', async () => {
    for (let m = 1; m <= 3; m++) await snapshots.record(snapshot('r1', `10.0.0.${m}`, t(m)));
    expect((await snapshots.list('r1', { limit: 2 })).map((s) => s.capturedAt)).toEqual([t(3), t(2)]);
    expect(await devices.remove('r1')).toBe(true);
    expect(await snapshots.list('r1', { limit: 10 })).toEqual([]);
  });
});
