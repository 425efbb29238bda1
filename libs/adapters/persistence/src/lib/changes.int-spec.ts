import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { ChangeConflictError, transition } from '@routeros-mcp/domain-changes';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, DatabaseTarget, SqlChangeLock, TypeOrmAuditLog, TypeOrmChangeRepository, TypeOrmSchemaMigrator } from '../index';

const t0 = new Date('2026-11-23T10:00:00.123Z');

function change(id: string, deviceId = 'dev-a', patch: Partial<ChangeRecord> = {}): ChangeRecord {
  return {
    id, deviceId, tool: 'dns_set_servers', actor: { id: 'alice', via: 'stdio', clientName: 'e2e' }, authority: { kind: 'direct' }, correlationId: 'corr-1',
    summary: 'set the DNS servers to 1.1.1.1', risk: 'low', status: 'proposed',
    operations: [{ kind: 'set', menu: 'ip/dns', props: { servers: '1.1.1.1' } }], addedIds: [],
    touched: [{ menu: 'ip/dns', before: { servers: '192.0.2.53' }, after: { servers: '1.1.1.1' } }],
    inverse: [{ kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.53' } }], diff: ['/ip dns set servers=1.1.1.1'],
    verdicts: [{ ruleId: 'PROTECT_MANAGEMENT_PATH', status: 'pass', message: 'untouched' }], step: 'record', createdAt: t0, updatedAt: t0, ...patch,
  };
}

const databases = useTestDatabases();
const engines: [string, () => Promise<DatabaseTarget>][] = [
  ['SQLite', async () => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async () => ({ kind: 'postgres', url: await databases.postgresUrl() })],
];

describe.each(engines)('changes and device locks on %s', (_engine, newTarget) => {
  let target: DatabaseTarget;
  let db: Database;
  let other: Database;

  beforeEach(async () => {
    target = await newTarget();
    db = await Database.open(target);
    await new TypeOrmSchemaMigrator(db).migrate();
    // A second connection pool on the same database: what another process sees.
    other = await Database.open(target);
  });
  afterEach(async () => {
    await other.close();
    await db.close();
  });

  describe('change repository', () => {
    it('stores a record, saves its next states and reads it back exactly', async () => {
      const repo = new TypeOrmChangeRepository(db);
      // The ids each menu held before the first write (what recovery needs) travel in the body; older records lack them.
      const proposed = change('c1', 'dev-a', { beforeIds: { 'ip/dns/static': ['*1', '*2'] } });
      await repo.create(proposed);
      expect(await repo.get('c1')).toEqual(proposed);
      const done = transition(transition(proposed, 'applying', t0, { step: 'write' }), 'verified', new Date('2026-11-23T10:00:01Z'), { step: 'release', protection: 'none_needed', addedIds: [undefined, '*9'], beforeSnapshot: { status: 'skipped', reason: 'the export before the change failed: timeout' } });
      await repo.save(done);
      expect(await new TypeOrmChangeRepository(other).get('c1')).toEqual(done);
      expect(await repo.get('nope')).toBeUndefined();
      await repo.create(change('c0'));
      expect((await repo.get('c0'))!.beforeIds).toBeUndefined();
    });

    it('lists newest first, by device and status', async () => {
      const repo = new TypeOrmChangeRepository(db);
      await repo.create(change('c1', 'dev-a', { createdAt: new Date('2026-11-23T10:00:00Z') }));
      await repo.create(change('c2', 'dev-b', { createdAt: new Date('2026-11-23T10:00:01Z') }));
      await repo.create(change('c3', 'dev-a', { createdAt: new Date('2026-11-23T10:00:02Z'), status: 'failed', error: { code: 'DEVICE.ERROR', message: 'refused' } }));
      expect((await repo.list({ limit: 10 })).map((c) => c.id)).toEqual(['c3', 'c2', 'c1']);
      expect((await repo.list({ deviceId: 'dev-a', limit: 10 })).map((c) => c.id)).toEqual(['c3', 'c1']);
      expect((await repo.list({ status: 'failed', limit: 10 }))[0].error).toEqual({ code: 'DEVICE.ERROR', message: 'refused' });
      expect(await repo.list({ limit: 1 })).toHaveLength(1);
    });

    it("commits a change with its started audit record, settles both at once, and finds a call's changes by correlation id", async () => {
      const repo = new TypeOrmChangeRepository(db);
      const audit = new TypeOrmAuditLog(db);
      const principal = { id: 'alice', via: 'stdio' };
      const proposed = change('c1');
      await repo.create(proposed, { id: 'c1', occurredAt: t0, principal, action: 'change.apply', deviceId: 'dev-a', correlationId: 'corr-1', outcome: 'started', arguments: { status: 'proposed' } });
      await repo.create(change('c2', 'dev-a', { correlationId: 'corr-2' }));
      expect((await audit.list({ limit: 10 })).map((e) => [e.id, e.outcome])).toEqual([['c1', 'started']]);
      expect((await repo.list({ correlationId: 'corr-1', limit: 10 })).map((c) => c.id)).toEqual(['c1']);

      const done = transition(transition(proposed, 'applying', t0), 'verified', new Date('2026-11-23T10:00:01Z'));
      const settled = { id: 'c1', occurredAt: done.updatedAt, principal, action: 'change.apply', deviceId: 'dev-a', outcome: 'success' as const, arguments: { status: 'verified' } };
      await repo.settle(done, [settled, { ...settled, id: 'r1', action: 'change.recover' }]);
      expect((await audit.list({ limit: 10 })).map((e) => [e.id, e.outcome, e.arguments?.['status']]).sort()).toEqual([['c1', 'success', 'verified'], ['r1', 'success', 'verified']]);
      // An audit record settled already stays as it is; the change settles all the same.
      await repo.settle(transition(done, 'reverted', t0), { ...settled, outcome: 'error' });
      expect((await audit.list({ limit: 10 })).find((e) => e.id === 'c1')!.outcome).toBe('success');
      expect((await repo.get('c1'))!.status).toBe('reverted');
    });

    it('never stores a secret property value, in touched rows or operations', async () => {
      const repo = new TypeOrmChangeRepository(db);
      await repo.create(change('c1', 'dev-a', { operations: [{ kind: 'set', menu: 'interface/wifi/security', id: '*1', props: { passphrase: 'hunter2-secret' } }], touched: [{ menu: 'interface/wifi/security', id: '*1', before: { passphrase: 'old-secret-1' }, after: { passphrase: 'hunter2-secret' } }] }));
      const raw: { body: string }[] = await db.manager.query('SELECT body FROM changes');
      expect(raw[0].body).not.toMatch(/hunter2-secret|old-secret-1/);
      expect((await repo.get('c1'))!.touched[0].before).toEqual({ passphrase: '[redacted]' });
    });
  });

  describe('device lock', () => {
    it('lets one writer per device hold it across connections; the other gets CONFLICT naming the change', async () => {
      const a = new SqlChangeLock(db);
      const b = new SqlChangeLock(other);
      const held = await a.acquire('dev-a', { changeId: 'c1', waitMs: 0, leaseMs: 30_000 });
      const refused = await b.acquire('dev-a', { changeId: 'c2', waitMs: 300, leaseMs: 30_000 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ChangeConflictError);
      expect((refused as ChangeConflictError).details()).toMatchObject({ device_id: 'dev-a', change_in_progress: 'c1' });
      // Another device is not blocked.
      await (await b.acquire('dev-b', { changeId: 'c3', waitMs: 0, leaseMs: 30_000 })).release();
      expect(await b.holder('dev-a')).toBe('c1');
      await held.release();
      expect(await b.holder('dev-a')).toBeUndefined();
    });

    it('hands the lock to a waiting writer once the holder releases it', async () => {
      const held = await new SqlChangeLock(db).acquire('dev-a', { changeId: 'c1', waitMs: 0, leaseMs: 30_000 });
      const waiting = new SqlChangeLock(other).acquire('dev-a', { changeId: 'c2', waitMs: 30_000, leaseMs: 30_000 });
      await held.release();
      const next = await waiting;
      expect(next.changeId).toBe('c2');
      expect(await new SqlChangeLock(db).holder('dev-a')).toBe('c2');
      await next.release();
    });

    it('gives exactly one of many simultaneous takers the lock', async () => {
      const locks = [db, other, db, other, db, other].map((d) => new SqlChangeLock(d));
      const results = await Promise.allSettled(locks.map((l, i) => l.acquire('dev-a', { changeId: `c${i}`, waitMs: 0, leaseMs: 30_000 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof ChangeConflictError)).toBe(true);
    });

    it('takes over a lease its holder stopped renewing (a process that died holding it)', async () => {
      // The dead holder's row, written as its process left it: lease already run out.
      await db.manager.query(db.dialect === 'sqlite' ? 'INSERT INTO device_locks VALUES (?, ?, ?, ?, ?)' : 'INSERT INTO device_locks VALUES ($1, $2, $3, $4, $5)', ['dev-a', 'c-dead', 'token-dead', Date.now() - 1, Date.now() - 60_000]);
      expect(await new SqlChangeLock(db).holder('dev-a')).toBeUndefined();
      const held = await new SqlChangeLock(other).acquire('dev-a', { changeId: 'c2', waitMs: 0, leaseMs: 30_000 });
      expect(await new SqlChangeLock(db).holder('dev-a')).toBe('c2');
      await held.release();
    });

    it('fences a holder paused past its lease: it confirms no longer, even before another takes the lock, and never takes it back', async () => {
      const held = await new SqlChangeLock(db).acquire('dev-a', { changeId: 'c1', waitMs: 0, leaseMs: 30_000 });
      expect(await held.confirm()).toBe(true);
      // The pause, as the database shows it: the lease ran out unrenewed.
      await db.manager.query(db.dialect === 'sqlite' ? 'UPDATE device_locks SET expires_at = ?' : 'UPDATE device_locks SET expires_at = $1', [Date.now() - 1]);
      expect(await held.confirm()).toBe(false);
      expect(await new SqlChangeLock(db).holder('dev-a')).toBeUndefined();
      const taker = await new SqlChangeLock(other).acquire('dev-a', { changeId: 'c2', waitMs: 0, leaseMs: 30_000 });
      expect(await held.confirm()).toBe(false);
      await held.release();
      expect([await new SqlChangeLock(db).holder('dev-a'), await taker.confirm()]).toEqual(['c2', true]);
      await taker.release();
    });

    it('keeps a lease alive while the holder works, past its first term', async () => {
      const held = await new SqlChangeLock(db).acquire('dev-a', { changeId: 'c1', waitMs: 0, leaseMs: 300 });
      // Wait for at least one renewal to land past the first term, watched on the database itself.
      const firstTerm: { expires_at: string }[] = await db.manager.query('SELECT expires_at FROM device_locks');
      for (let i = 0; i < 100; i++) {
        const now: { expires_at: string }[] = await db.manager.query('SELECT expires_at FROM device_locks');
        if (Number(now[0].expires_at) > Number(firstTerm[0].expires_at)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const renewed: { expires_at: string }[] = await db.manager.query('SELECT expires_at FROM device_locks');
      expect(Number(renewed[0].expires_at)).toBeGreaterThan(Number(firstTerm[0].expires_at));
      await held.release();
    });
  });
});
