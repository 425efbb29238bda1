import type { AuditEvent } from '@routeros-mcp/application-ports';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, DatabaseTarget, TypeOrmAuditLog, TypeOrmSchemaMigrator } from '../../index';
import { toAuditRow } from '../repositories/typeorm-audit.log';
import { checkpointKeyOf } from './audit-hash';
import { TypeOrmAuditChainVerifier } from './typeorm-audit-chain.verifier';

const key = checkpointKeyOf(Buffer.alloc(32, 7));
const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 10, 0, s, 123));
const event = (id: string, s: number, extra: Partial<AuditEvent> = {}): AuditEvent => ({ id, occurredAt: at(s), principal: { id: 'os:alice', via: 'admin-cli' }, action: 'tool.system_get_overview', deviceId: 'r1', arguments: { n: s }, outcome: 'success', ...extra });

const databases = useTestDatabases();
const engines: [string, () => Promise<DatabaseTarget>][] = [
  ['SQLite', async () => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async () => ({ kind: 'postgres', url: await databases.postgresUrl() })],
];

describe.each(engines)('the audit chain on %s', (_engine, newTarget) => {
  let target: DatabaseTarget;
  let reader: Database;
  const open = async () => {
    const db = await Database.open(target);
    await new TypeOrmSchemaMigrator(db).migrate();
    db.auditChain.sign(key);
    return db;
  };
  // Pages of two rows: every stream, record and orphan walk crosses pages (the default is 500).
  const verify = (since?: Date) => new TypeOrmAuditChainVerifier(reader, [key], 2).verify({ since });
  const found = async () => (await verify()).findings.map((f) => [f.kind, f.recordId]);
  const sql = (text: string) => reader.dataSource.query(text);

  beforeEach(async () => {
    target = await newTarget();
    reader = await open();
  });
  afterEach(() => reader.close());

  /** Two replicas writing at once (two streams): inserts, settlements, an interruption, a lease renewal. */
  async function writeTrail(): Promise<void> {
    const [a, b] = [await open(), await open()];
    const [logA, logB] = [new TypeOrmAuditLog(a), new TypeOrmAuditLog(b)];
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? logB : logA).record(event(`e-${i}`, i))));
    await logA.record(event('s-1', 20, { outcome: 'started', leaseUntil: at(21) }));
    await logB.record(event('s-2', 22, { outcome: 'started', leaseUntil: at(23) }));
    await logA.renew('s-1', at(30));
    await logA.settle(event('s-1', 24, { outcome: 'error', errorCode: 'DEVICE.UNREACHABLE', durationMs: 40 }));
    const [expired] = await logB.expired(at(40), 10);
    expect(expired.id).toBe('s-2');
    expect(await logA.interrupt(expired, at(40))).toBe(true);
    await logB.settle(event('s-2', 25, { durationMs: 9 }));
    await Promise.all([a.close(), b.close()]);
  }

  it('verifies a trail two processes wrote at once, and names a record altered, one removed and one inserted', async () => {
    await writeTrail();
    const report = await verify();
    expect(report).toMatchObject({ ok: true, findings: [], streams: 2, records: 14, links: 14 + 3 });
    expect(report.checkpoints).toBeGreaterThanOrEqual(2);

    await sql("UPDATE audit_events SET outcome = 'success', error_code = NULL WHERE id = 's-1'");
    await sql("DELETE FROM audit_events WHERE id = 'e-3'");
    const row = toAuditRow(event('x-1', 5));
    await reader.manager.insert('AuditEventRecord', row);
    // Oldest first; a removed record is placed at its link's time (its own is gone with it).
    expect(await found()).toEqual([['inserted', 'x-1'], ['altered', 's-1'], ['removed', 'e-3']]);
    // --since leaves older records out of the report but still walks every link.
    expect((await verify(at(10))).findings.map((f) => f.recordId)).toEqual(['s-1', 'e-3']);
    // A record with three links (started, interrupted, settled) removed: named once, though its links span pages.
    await sql("DELETE FROM audit_events WHERE id = 's-2'");
    expect((await found()).filter(([kind]) => kind === 'removed')).toEqual([['removed', 'e-3'], ['removed', 's-2']]);
  });

  it('names a settled record put back to its started state', async () => {
    await writeTrail();
    // Exactly the row as it was started: its first link vouches for it, but not its newest.
    const started = toAuditRow(event('s-1', 20, { outcome: 'started' }));
    await reader.manager.update('AuditEventRecord', { id: 's-1' }, { occurred_at: started.occurred_at, arguments: started.arguments, outcome: 'started', error_code: null, duration_ms: null, note: null });
    expect((await found()).filter(([, id]) => id === 's-1')).toEqual([['altered', 's-1']]);
  });

  it('names links removed from the middle of a stream, and its newest links cut off after a checkpoint', async () => {
    const db = await open();
    const log = new TypeOrmAuditLog(db);
    for (let i = 0; i < 6; i++) await log.record(event(`t-${i}`, i));
    await db.close();
    const stream = db.auditChain.streamId;

    await sql(`DELETE FROM audit_links WHERE stream_id = '${stream}' AND seq >= 5`);
    await sql("DELETE FROM audit_events WHERE id IN ('t-4', 't-5')");
    await sql(`UPDATE audit_streams SET head_seq = 4, head_hash = (SELECT link_hash FROM audit_links WHERE stream_id = '${stream}' AND seq = 4) WHERE id = '${stream}'`);
    const truncated = (await verify()).findings;
    expect(truncated).toEqual([expect.objectContaining({ kind: 'truncated', stream, seq: 6 })]);

    await sql(`DELETE FROM audit_links WHERE stream_id = '${stream}' AND seq = 2`);
    await sql("DELETE FROM audit_events WHERE id = 't-1'");
    expect((await verify()).findings).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'broken', recordId: 't-2', stream, seq: 3 })]));
  });

  it("commits a process's first two writes made at once (both create its stream)", async () => {
    const db = await open();
    await Promise.all([new TypeOrmAuditLog(db), new TypeOrmAuditLog(db)].map((log, i) => log.record(event(`f-${i}`, i))));
    await db.close();
    expect(await verify()).toMatchObject({ ok: true, streams: 1, links: 2 });
  });

  it('names a forged checkpoint', async () => {
    await writeTrail();
    await sql("UPDATE audit_checkpoints SET mac = '" + 'ab'.repeat(32) + "'");
    expect((await verify()).findings.every((f) => f.kind === 'checkpoint')).toBe(true);
    expect((await verify()).ok).toBe(false);
  });

  it('chains the rows an upgraded database held into the legacy stream', async () => {
    // Back to before the chain: its migration and every later one undone, newest first.
    for (let undone = ''; undone !== 'AuditChain1795865301935'; ) {
      undone = (await reader.manager.query('SELECT name FROM schema_migrations ORDER BY timestamp DESC LIMIT 1'))[0].name;
      await reader.dataSource.undoLastMigration();
    }
    await reader.manager.insert('AuditEventRecord', [toAuditRow(event('old-2', 2)), toAuditRow(event('old-1', 1, { outcome: 'started', leaseUntil: at(9) }))]);
    await new TypeOrmSchemaMigrator(reader).migrate();
    await new TypeOrmAuditLog(reader).record(event('new-1', 3));
    expect(await verify()).toMatchObject({ ok: true, streams: 2, links: 3 });
    await sql("UPDATE audit_events SET principal = 'os:mallory' WHERE id = 'old-1'");
    expect(await found()).toEqual([['altered', 'old-1']]);
  });
});
