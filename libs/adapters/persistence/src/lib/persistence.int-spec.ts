import { ConcurrentModificationError, EncryptedCredential } from '@routeros-mcp/application-ports';
import { chmodSync, statSync } from 'node:fs';
import { Device, DeviceAlreadyExistsError, DeviceNotFoundError } from '@routeros-mcp/domain-devices';
import { useTestDatabases } from '@routeros-mcp/testing';
import {
  Database,
  DatabaseTarget,
  TypeOrmAuditLog,
  TypeOrmCredentialRepository,
  TypeOrmDeviceRepository,
  TypeOrmSchemaMigrator,
  RegistryReadCache,
  REVISION_REUSE_MS,
} from '../index';

const ALL_MIGRATIONS = ['InitialSchema1767225600000', 'RegistryRevision1767312000000', 'ConfigSnapshots1767398400000', 'Changes1767484800000', 'ApiTokens1767571200000', 'RateLimits1767657600000', 'PlanApprovals1767744000000', 'PlanDataKeys1767830400000', 'UniqueTokenNames1767916800000', 'AuditSettlement1768003200000', 'JobLeases1768089600000', 'ConsoleSessions1795856400000', 'AuditChain1795865301935', 'ConsoleSessionPrincipals1795865354526'];

const t0 = new Date('2026-05-01T12:00:00.123Z');
const t1 = new Date('2026-05-01T13:00:00.456Z');

function device(id: string, extra: Partial<Parameters<typeof Device.create>[0]> = {}): Device {
  return Device.create({ id, name: `Router ${id}`, host: '192.0.2.1', environment: 'lab', ...extra }, t0);
}

function credential(deviceId: string, purpose: EncryptedCredential['purpose'] = 'rest_password', keyId = 'k1'): EncryptedCredential {
  return { deviceId, purpose, username: 'admin', ciphertext: `v1.${keyId}.iv.tag.${deviceId}-${purpose}`, keyId, updatedAt: t0 };
}

const databases = useTestDatabases();
const engines: [string, () => Promise<DatabaseTarget>][] = [
  ['SQLite', async () => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async () => ({ kind: 'postgres', url: await databases.postgresUrl() })],
];

describe.each(engines)('persistence on %s', (_engine, newTarget) => {
  let db: Database;
  let devices: TypeOrmDeviceRepository;
  let credentials: TypeOrmCredentialRepository;
  let audit: TypeOrmAuditLog;

  beforeEach(async () => {
    db = await Database.open(await newTarget());
    await new TypeOrmSchemaMigrator(db).migrate();
    const cache = new RegistryReadCache(db);
    devices = new TypeOrmDeviceRepository(db, cache);
    credentials = new TypeOrmCredentialRepository(db, cache);
    audit = new TypeOrmAuditLog(db);
  });
  afterEach(() => db.close());

  describe('migrations', () => {
    it('report every migration applied, and apply nothing the second time', async () => {
      const migrator = new TypeOrmSchemaMigrator(db);
      expect(await migrator.status()).toEqual(ALL_MIGRATIONS.map((name) => ({ name, applied: true })));
      expect(await migrator.migrate()).toEqual([]);
      const tables = await db.dataSource.createQueryRunner().getTables([
        'devices', 'device_tags', 'device_credentials', 'plans', 'plan_steps', 'plan_approvals', 'audit_events', 'config_snapshots', 'health_checks', 'registry_revision', 'changes', 'device_locks',
      ]);
      expect(tables).toHaveLength(12);
    });

    it('are safe when two processes migrate a fresh database at once', async () => {
      const target = await newTarget();
      const [a, b] = await Promise.all([Database.open(target), Database.open(target)]);
      try {
        const results = await Promise.all([new TypeOrmSchemaMigrator(a).migrate(), new TypeOrmSchemaMigrator(b).migrate()]);
        expect(results.flat()).toEqual(ALL_MIGRATIONS);
        expect((await new TypeOrmSchemaMigrator(a).status()).every((m) => m.applied)).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('list pending migrations on an empty database', async () => {
      const fresh = await Database.open(await newTarget());
      try {
        expect(await new TypeOrmSchemaMigrator(fresh).status()).toEqual(ALL_MIGRATIONS.map((name) => ({ name, applied: false })));
      } finally {
        await fresh.close();
      }
    });
  });

  describe('devices', () => {
    it('stores every field and reads it back exactly', async () => {
      const original = device('dev-a', {
        tags: { site: 'ber1', role: 'edge' },
        capabilities: { allow_advanced_writes: true, allow_dhcp_writes: true },
        critical: true,
        restPort: 8443,
        sshPort: 2222,
        tlsFingerprint: 'AB'.repeat(32),
        sshHostKey: 'SHA256:' + 'x'.repeat(42) + 'A',
      }).recordContact({ routerosVersion: '7.20.5', identity: 'edge-1', board: 'CCR2004', serial: 'HE1234' }, 'healthy', t1);
      await devices.create(original, [credential('dev-a')]);
      const loaded = await devices.findById('dev-a');
      expect(loaded?.toProps()).toEqual(original.toProps());
      expect((await devices.findByName('Router dev-a'))?.id).toBe('dev-a');
      expect(await devices.findById('nope')).toBeUndefined();
    });

    it('filters by environment, status and every given tag, ordered by id', async () => {
      await devices.create(device('dev-c', { environment: 'prod', tags: { site: 'ber1', role: 'core' } }), []);
      await devices.create(device('dev-b', { tags: { site: 'ber1', role: 'edge' } }), []);
      await devices.create(device('dev-a', { tags: { site: 'muc1', role: 'edge' } }), []);
      const ids = async (filter: Parameters<typeof devices.list>[0]) => (await devices.list(filter)).map((d) => d.id);
      expect(await ids({})).toEqual(['dev-a', 'dev-b', 'dev-c']);
      expect(await ids({ environment: 'prod' })).toEqual(['dev-c']);
      expect(await ids({ tags: { site: 'ber1' } })).toEqual(['dev-b', 'dev-c']);
      expect(await ids({ tags: { site: 'ber1', role: 'edge' } })).toEqual(['dev-b']);
      expect(await ids({ status: 'healthy' })).toEqual([]);
      expect(await ids({ status: 'unknown', environment: 'lab' })).toEqual(['dev-a', 'dev-b']);
      expect((await devices.list({}))[2].tags).toEqual({ role: 'core', site: 'ber1' });
    });

    it('refuses a duplicate id or name and writes nothing', async () => {
      await devices.create(device('dev-a'), [credential('dev-a')]);
      await expect(devices.create(device('dev-a', { name: 'Other' }), [])).rejects.toThrow(new DeviceAlreadyExistsError('id', 'dev-a'));
      await expect(devices.create(device('dev-b', { name: 'Router dev-a' }), [credential('dev-b')])).rejects.toThrow(
        new DeviceAlreadyExistsError('name', 'Router dev-a'),
      );
      expect((await devices.list()).map((d) => d.id)).toEqual(['dev-a']);
      expect(await credentials.forDevice('dev-b')).toEqual([]);
    });

    it('rolls back the device and its tags when a credential cannot be stored', async () => {
      const broken = [credential('dev-a'), credential('dev-a')]; // same primary key twice
      await expect(devices.create(device('dev-a', { tags: { site: 'x' } }), broken)).rejects.toThrow();
      expect(await devices.findById('dev-a')).toBeUndefined();
      const tagRows = await db.manager.query('SELECT COUNT(*) AS n FROM device_tags');
      expect(Number(tagRows[0].n)).toBe(0);
    });

    it('updates with optimistic concurrency and replaces tags', async () => {
      await devices.create(device('dev-a', { tags: { a: '1', b: '2' } }), []);
      const read1 = (await devices.findById('dev-a'))!;
      const read2 = (await devices.findById('dev-a'))!;
      const saved = await devices.update(read1.update({ name: 'Renamed', setTags: { c: '3' }, removeTags: ['a'] }, t1));
      expect(saved.version).toBe(1);
      const loaded = (await devices.findById('dev-a'))!;
      expect(loaded.name).toBe('Renamed');
      expect(loaded.tags).toEqual({ b: '2', c: '3' });
      expect(loaded.updatedAt).toEqual(t1);
      await expect(devices.update(read2.update({ critical: true }, t1))).rejects.toThrow(ConcurrentModificationError);
      expect((await devices.findById('dev-a'))!.critical).toBe(false);
    });

    it('refuses renaming onto another device and updating a missing one', async () => {
      await devices.create(device('dev-a'), []);
      await devices.create(device('dev-b'), []);
      const b = (await devices.findById('dev-b'))!;
      await expect(devices.update(b.update({ name: 'Router dev-a' }, t1))).rejects.toThrow(DeviceAlreadyExistsError);
      await expect(devices.update(device('dev-z'))).rejects.toThrow(DeviceNotFoundError);
    });

    it('removes a device with its tags and credentials', async () => {
      await devices.create(device('dev-a', { tags: { a: '1' } }), [credential('dev-a'), credential('dev-a', 'ssh_password')]);
      await devices.create(device('dev-b'), [credential('dev-b')]);
      expect(await devices.remove('dev-a')).toBe(true);
      expect(await devices.remove('dev-a')).toBe(false);
      expect(await credentials.forDevice('dev-a')).toEqual([]);
      expect(await credentials.forDevice('dev-b')).toHaveLength(1);
    });
  });

  describe('credentials', () => {
    beforeEach(() => devices.create(device('dev-a'), [credential('dev-a')]).then(() => devices.create(device('dev-b'), [credential('dev-b', 'rest_password', 'k2')])));

    it('replaces a device’s credentials and refuses an unknown device', async () => {
      await credentials.replace('dev-a', [credential('dev-a', 'rest_password', 'k3'), credential('dev-a', 'ssh_private_key', 'k3')]);
      expect((await credentials.forDevice('dev-a')).map((c) => [c.purpose, c.keyId])).toEqual([['rest_password', 'k3'], ['ssh_private_key', 'k3']]);
      await expect(credentials.replace('dev-x', [])).rejects.toThrow(DeviceNotFoundError);
      expect(await credentials.keyIdsInUse()).toEqual(['k2', 'k3']);
    });

    it('re-encrypts all rows in one transaction, or none when one fails', async () => {
      let calls = 0;
      await expect(
        credentials.reencryptAll((c) => {
          if (++calls === 2) throw new Error('decrypt failed');
          return { ...c, ciphertext: 'new', keyId: 'k9' };
        }),
      ).rejects.toThrow('decrypt failed');
      expect(await credentials.keyIdsInUse()).toEqual(['k1', 'k2']);
      expect(await credentials.reencryptAll((c) => ({ ...c, ciphertext: `re-${c.deviceId}`, keyId: 'k9', updatedAt: t1 }))).toBe(2);
      expect(await credentials.keyIdsInUse()).toEqual(['k9']);
      expect((await credentials.forDevice('dev-b'))[0]).toMatchObject({ ciphertext: 're-dev-b', updatedAt: t1 });
    });
  });

  describe('registry read cache', () => {
    it('serves repeated reads from memory and sees a write by another process once the reuse window has passed', async () => {
      const settle = () => new Promise((resolve) => setTimeout(resolve, REVISION_REUSE_MS + 5));
      await devices.create(device('dev-a'), [credential('dev-a')]);
      expect((await devices.findById('dev-a'))?.host).toBe('192.0.2.1');
      expect((await devices.list()).map((d) => d.host)).toEqual(['192.0.2.1']);
      const other = await Database.open(db.dialect === 'sqlite' ? { kind: 'sqlite', file: (db.dataSource.options as { database: string }).database } : { kind: 'postgres', url: (db.dataSource.options as { url: string }).url });
      try {
        // A second connection (the admin CLI) changes the row behind this repository's back.
        await other.dataSource.query("UPDATE devices SET host = '192.0.2.99' WHERE id = 'dev-a'");
        await settle();
        expect((await devices.findById('dev-a'))?.host).toBe('192.0.2.99');
        expect((await devices.list()).map((d) => d.host)).toEqual(['192.0.2.99']);
        await other.dataSource.query("UPDATE device_credentials SET ciphertext = 'rotated' WHERE device_id = 'dev-a'");
        await settle();
        expect((await credentials.forDevice('dev-a'))[0].ciphertext).toBe('rotated');
        await other.dataSource.query("DELETE FROM device_credentials WHERE device_id = 'dev-a'");
        await other.dataSource.query("DELETE FROM device_tags WHERE device_id = 'dev-a'");
        await other.dataSource.query("DELETE FROM devices WHERE id = 'dev-a'");
        await settle();
        expect(await devices.findById('dev-a')).toBeUndefined();
        expect(await devices.list()).toEqual([]);
        expect(await credentials.forDevice('dev-a')).toEqual([]);
      } finally {
        await other.close();
      }
    });

    it('answers a repeated read without the row queries, and a read after an own write with the new row', async () => {
      await devices.create(device('dev-a'), [credential('dev-a')]);
      await devices.findById('dev-a');
      await devices.list();
      await devices.list({ environment: 'lab' });
      await credentials.forDevice('dev-a');
      // With the tables renamed away (DDL fires no trigger), only memory can answer.
      await db.dataSource.query('ALTER TABLE devices RENAME TO devices_away');
      await db.dataSource.query('ALTER TABLE device_credentials RENAME TO device_credentials_away');
      try {
        expect((await devices.findById('dev-a'))?.id).toBe('dev-a');
        expect((await devices.list()).map((d) => d.id)).toEqual(['dev-a']);
        expect((await devices.list({ environment: 'lab' })).map((d) => d.id)).toEqual(['dev-a']);
        expect((await credentials.forDevice('dev-a'))[0].ciphertext).toBe(credential('dev-a').ciphertext);
      } finally {
        await db.dataSource.query('ALTER TABLE devices_away RENAME TO devices');
        await db.dataSource.query('ALTER TABLE device_credentials_away RENAME TO device_credentials');
      }
      const current = (await devices.findById('dev-a'))!;
      await devices.update(current.update({ host: '192.0.2.7' }, t1));
      expect((await devices.findById('dev-a'))?.host).toBe('192.0.2.7');
      expect((await devices.list()).map((d) => d.host)).toEqual(['192.0.2.7']);
      expect(await devices.list({ environment: 'prod' })).toEqual([]);
      const listed = await devices.list();
      listed.pop();
      expect(await devices.list()).toHaveLength(1);
      const copy = await credentials.forDevice('dev-a');
      copy[0].ciphertext = 'changed by a caller';
      expect((await credentials.forDevice('dev-a'))[0].ciphertext).not.toBe('changed by a caller');
    });
  });

  describe('audit log', () => {
    it('commits concurrent records together and keeps every one', async () => {
      const principal = { id: 'alice', via: 'stdio' };
      await Promise.all(
        Array.from({ length: 450 }, (_, i) =>
          audit.record({ id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, occurredAt: new Date(t0.getTime() + i), principal, action: 'tool.x', outcome: 'success' }),
        ),
      );
      expect((await audit.list({ limit: 1000 })).length).toBe(450);
    });

    it('records events and lists them newest first with filters', async () => {
      const principal = { id: 'alice', via: 'admin-cli' };
      for (const [i, action, deviceId] of [[0, 'device.add', 'dev-a'], [1, 'device.update', 'dev-a'], [2, 'device.add', 'dev-b']] as const) {
        await audit.record({
          id: `00000000-0000-4000-8000-00000000000${i}`,
          occurredAt: new Date(t0.getTime() + i * 1000),
          principal: { ...principal, sessionId: 's1', clientName: 'cli', clientVersion: '1.0' },
          action,
          deviceId,
          arguments: { name: 'x', tags: { a: '1' } },
          outcome: i === 1 ? 'error' : 'success',
          errorCode: i === 1 ? 'VALIDATION.INVALID' : undefined,
          durationMs: 12,
          correlationId: `c${i}`,
        });
      }
      const all = await audit.list({ limit: 10 });
      expect(all.map((e) => e.action)).toEqual(['device.add', 'device.update', 'device.add']);
      expect(all[1]).toMatchObject({ outcome: 'error', errorCode: 'VALIDATION.INVALID', principal: { id: 'alice', via: 'admin-cli', sessionId: 's1' }, arguments: { tags: { a: '1' } } });
      expect((await audit.list({ limit: 10, deviceId: 'dev-a' })).map((e) => e.correlationId)).toEqual(['c1', 'c0']);
      expect((await audit.list({ limit: 1, action: 'device.add' }))[0].deviceId).toBe('dev-b');
      expect((await audit.list({ limit: 10, since: new Date(t0.getTime() + 1000) })).length).toBe(2);
    });

    it('lists within a reach: events of the given devices and the principal\'s own device-less ones, the limit applied after', async () => {
      const events: [string, string | undefined][] = [['alice', 'dev-a'], ['bob', 'dev-b'], ['alice', undefined], ['bob', undefined], ['bob', 'dev-a'], ['alice', 'dev-b']];
      for (const [i, [who, deviceId]] of events.entries()) {
        await audit.record({ id: `20000000-0000-4000-8000-00000000000${i}`, occurredAt: new Date(t0.getTime() + i * 1000), principal: { id: who, via: 'http' }, action: 'tool.x', ...(deviceId ? { deviceId } : {}), outcome: 'success', correlationId: `r${i}` });
      }
      const within = (deviceIds: string[], limit = 10) => audit.list({ limit, reach: { deviceIds, principalId: 'alice' } }).then((list) => list.map((e) => e.correlationId));
      expect(await within(['dev-a'])).toEqual(['r4', 'r2', 'r0']);
      expect(await within([])).toEqual(['r2']);
      expect(await within(['dev-a', 'dev-b'], 2)).toEqual(['r5', 'r4']);
      expect((await audit.list({ limit: 10, deviceId: 'dev-b', reach: { deviceIds: ['dev-a'], principalId: 'alice' } })).length).toBe(0);
    });

    it('settles a started record in place, once; finds and interrupts only started records whose lease ran out', async () => {
      const principal = { id: 'alice', via: 'stdio', clientName: 'e2e', clientVersion: '1.0' };
      const id = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
      const at = (s: number) => new Date(t0.getTime() + s * 1000);
      const started = (n: number, leaseS: number) => audit.record({ id: id(n), occurredAt: t0, principal, action: 'tool.w', deviceId: 'dev-a', correlationId: `k${n}`, arguments: { name: 'x' }, outcome: 'started', leaseUntil: at(leaseS) });
      await Promise.all([started(1, 10), started(2, 10), started(3, 30)]);
      expect((await audit.list({ limit: 10 })).map((e) => [e.id, e.outcome, e.leaseUntil])).toEqual([3, 2, 1].map((n) => [id(n), 'started', at(n === 3 ? 30 : 10)]));

      // 1 settles: in place, the lease gone, who acted kept.
      await audit.settle({ id: id(1), occurredAt: at(2), principal: { id: 'someone-else', via: 'x' }, action: 'tool.w', outcome: 'success', durationMs: 2000, arguments: { name: 'x' } });
      // 2 renews, then its lease runs out; 3 is still leased.
      await audit.renew(id(2), at(20));
      expect((await audit.expired(at(15), 10)).map((e) => e.id)).toEqual([]);
      expect((await audit.expired(at(25), 10)).map((e) => [e.id, e.correlationId, e.leaseUntil])).toEqual([[id(2), 'k2', at(20)]]);
      const interrupted = { id: id(2), occurredAt: t0, principal, action: 'tool.w', outcome: 'interrupted' as const, errorCode: 'CALL.INTERRUPTED', note: 'the process ended' };
      // Renewed past `now` meanwhile: not interrupted.
      expect(await audit.interrupt(interrupted, at(19))).toBe(false);
      expect(await audit.interrupt(interrupted, at(25))).toBe(true);
      expect(await audit.interrupt(interrupted, at(25))).toBe(false);
      // Its call outlived the sweep after all: its settlement is the truth.
      await audit.settle({ ...interrupted, outcome: 'error', errorCode: 'DEVICE.TIMEOUT', note: undefined, occurredAt: at(26), durationMs: 26000 });
      // A settled record never changes; a settlement without a start is appended.
      await audit.settle({ id: id(1), occurredAt: at(40), principal, action: 'tool.w', outcome: 'error' });
      await audit.settle({ id: id(4), occurredAt: at(41), principal, action: 'change.apply', outcome: 'interrupted', note: 'appended' });

      const all = new Map((await audit.list({ limit: 10 })).map((e) => [e.id, e]));
      expect(all.get(id(1))).toMatchObject({ outcome: 'success', durationMs: 2000, occurredAt: at(2), principal: { id: 'alice', clientVersion: '1.0' }, correlationId: 'k1' });
      expect(all.get(id(1))!.leaseUntil).toBeUndefined();
      expect(all.get(id(2))).toMatchObject({ outcome: 'error', errorCode: 'DEVICE.TIMEOUT', occurredAt: at(26) });
      expect(all.get(id(2))!.note).toBeUndefined();
      expect(all.get(id(3))).toMatchObject({ outcome: 'started', leaseUntil: at(30) });
      expect(all.get(id(4))).toMatchObject({ outcome: 'interrupted', note: 'appended', action: 'change.apply' });
      expect((await audit.expired(at(100), 10)).map((e) => e.id)).toEqual([id(3)]);
    });
  });
});

describe('SQLite files', () => {
  const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

  it('are created owner-only (0600): the database, its WAL and shared-memory file, whatever the umask', async () => {
    const file = databases.sqliteFile();
    const umask = process.umask(0o022);
    try {
      const db = await Database.open({ kind: 'sqlite', file });
      try {
        await new TypeOrmSchemaMigrator(db).migrate();
        expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
      } finally {
        await db.close();
      }
    } finally {
      process.umask(umask);
    }
  });

  it('left readable by others by an earlier version are tightened on open', async () => {
    const file = databases.sqliteFile();
    await (await Database.open({ kind: 'sqlite', file })).close();
    chmodSync(file, 0o644);
    const db = await Database.open({ kind: 'sqlite', file });
    try {
      await new TypeOrmSchemaMigrator(db).migrate();
      expect([file, `${file}-wal`].map(modeOf)).toEqual(['600', '600']);
    } finally {
      await db.close();
    }
  });
});
