import type { AuditEvent } from '@routeros-mcp/application-ports';
import { StoreUnavailableError } from '@routeros-mcp/domain-kernel';
import { PostgresServer, startPostgres, until } from '@routeros-mcp/testing';
import { checkpointKeyOf } from '../audit-chain/audit-hash';
import { TypeOrmAuditChainVerifier } from '../audit-chain/typeorm-audit-chain.verifier';
import { Database } from '../database';
import { TypeOrmAuditLog } from '../repositories/typeorm-audit.log';
import { TypeOrmSchemaMigrator } from '../typeorm-schema.migrator';
import { storeBoundary } from './store-boundary';

/**
 * PostgreSQL stopped under the product's pool: a transaction cut off half-way commits nothing, a burst of audited
 * writes leaves every record whole (row and chain link) or absent, and the same pool works again once it is back.
 */
const key = checkpointKeyOf(Buffer.alloc(32, 7));
const event = (id: string): AuditEvent => ({ id, occurredAt: new Date(), principal: { id: 'os:t', via: 'admin-cli' }, action: 'tool.system_get_overview', outcome: 'success' });
let pg: PostgresServer;

beforeAll(async () => {
  pg = await startPostgres();
}, 90_000);
afterAll(() => pg?.stop());

it('a transaction cut off by the stop commits nothing; a burst leaves each record whole or absent; the pool recovers', async () => {
  const url = await pg.createDatabase('pg_outage');
  const db = await Database.open({ kind: 'postgres', url });
  try {
    await new TypeOrmSchemaMigrator(db).migrate();
    db.auditChain.sign(key);
    const log = storeBoundary(new TypeOrmAuditLog(db));
    await log.record(event('before'));

    // Half a transaction: its first row is written, then the server stops before the second and the commit.
    let inside: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let proceed: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (proceed = resolve));
    const cut = storeBoundary({
      write: () =>
        db.write(async (em) => {
          await em.query("INSERT INTO api_tokens (id, name, role, secret_hash, created_at, created_by) VALUES ('half-1', 'half-1', 'read_only', 'x', now(), 'os:t')");
          inside();
          await stopped;
          await em.query("INSERT INTO api_tokens (id, name, role, secret_hash, created_at, created_by) VALUES ('half-2', 'half-2', 'read_only', 'x', now(), 'os:t')");
        }),
    });
    const writing = cut.write().then(() => undefined, (error: unknown) => error);
    // Four writers recording until the store refuses each of them: the stop falls in the middle of their writes.
    const outcomes: unknown[] = [];
    const lane = async (lane: number) => {
      for (let i = 0; ; i++) {
        const id = `burst-${lane}-${i}`;
        const outcome = await log.record(event(id)).then(() => id, (error: unknown) => error);
        outcomes.push(outcome);
        if (typeof outcome !== 'string') return;
      }
    };
    const burst = Promise.all([0, 1, 2, 3].map(lane));
    await entered;
    await until(() => outcomes.length >= 8, 'the first records of the burst', 30_000);
    pg.halt('fast');
    proceed();

    const refused = await writing;
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as StoreUnavailableError).kind).toBe('unreachable');
    await burst;
    const failures = outcomes.filter((o) => typeof o !== 'string');
    expect(failures).toHaveLength(4);
    for (const failure of failures) expect(failure).toBeInstanceOf(StoreUnavailableError);
    await expect(log.record(event('while-down'))).rejects.toMatchObject({ code: 'STORE.UNAVAILABLE', kind: 'unreachable' });

    pg.resume();
    // The same pool, once the server takes connections again.
    let back = false;
    for (let attempt = 0; attempt < 200 && !back; attempt++) back = await log.record(event(`after-${attempt}`)).then(() => true, () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100)));
    expect(back).toBe(true);

    const tokens = await db.dataSource.query("SELECT id FROM api_tokens WHERE id LIKE 'half-%'");
    expect(tokens).toEqual([]);
    const ids = new Set((await db.dataSource.query("SELECT id FROM audit_events WHERE id LIKE 'burst-%'")).map((r: { id: string }) => r.id));
    const committed = outcomes.filter((o): o is string => typeof o === 'string');
    expect(committed.every((id) => ids.has(id))).toBe(true);
    // A refused record is absent, or (the stop fell between COMMIT and its acknowledgement) whole; never half.
    expect(committed.length).toBeGreaterThan(0);
    expect(ids.size).toBeGreaterThanOrEqual(committed.length);
    expect(ids.size).toBeLessThanOrEqual(committed.length + failures.length);
    const report = await new TypeOrmAuditChainVerifier(db, [key]).verify({});
    expect(report.findings.filter((f) => f.kind !== 'checkpoint')).toEqual([]);
  } finally {
    await db.close().catch(() => undefined);
  }
}, 90_000);
