import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, FlexibleRateLimiter, TypeOrmSchemaMigrator } from '../../index';

const limits = { fundamental: 5, advanced: 2, professional: 1 };

describe('FlexibleRateLimiter', () => {
  const dbs = useTestDatabases();
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });
  async function open(url: string): Promise<Database> {
    const db = await Database.open({ kind: 'postgres', url });
    opened.push(db);
    await new TypeOrmSchemaMigrator(db).migrate();
    return db;
  }

  it('on PostgreSQL: counts per principal and tier across two replicas, refuses past the tier with a retry-after', async () => {
    const url = await dbs.postgresUrl();
    const [a, b] = [FlexibleRateLimiter.forDatabase(await open(url), limits), FlexibleRateLimiter.forDatabase(await open(url), limits)];
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await (i % 2 ? b : a).consume('alice', 'advanced'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, false, false]);
    expect(decisions[0]).toMatchObject({ remaining: 1 });
    expect(decisions[2].retryAfterMs).toBeGreaterThan(0);
    expect(decisions[2].retryAfterMs).toBeLessThanOrEqual(60_000);
    // Another tier and another principal have their own counts.
    expect(await b.consume('alice', 'fundamental')).toMatchObject({ allowed: true, remaining: 4 });
    expect(await b.consume('bob', 'advanced')).toMatchObject({ allowed: true });
    expect(await a.consume('carol', 'professional')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await b.consume('carol', 'professional')).toMatchObject({ allowed: false });
    // A long principal id is hashed into the key and still counted.
    const long = 'x'.repeat(300);
    expect(await a.consume(long, 'professional')).toMatchObject({ allowed: true });
    expect(await b.consume(long, 'professional')).toMatchObject({ allowed: false });
  });

  it('on PostgreSQL: a concurrent burst on two replicas, charged in batches, admits exactly the tier\'s budget', async () => {
    const url = await dbs.postgresUrl();
    const [a, b] = [FlexibleRateLimiter.forDatabase(await open(url), limits), FlexibleRateLimiter.forDatabase(await open(url), limits)];
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? b : a).consume('dave', 'fundamental')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(limits.fundamental);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterMs > 0)).toBe(true);
    // Spent: refused on both replicas afterwards (from memory on the replica that saw it spent).
    expect(await a.consume('dave', 'fundamental')).toMatchObject({ allowed: false });
    expect(await b.consume('dave', 'fundamental')).toMatchObject({ allowed: false });
  });

  it('on PostgreSQL: keeps counting after a restart (the table is the migration\'s, reopened)', async () => {
    const url = await dbs.postgresUrl();
    const first = await open(url);
    expect(await FlexibleRateLimiter.forDatabase(first, limits).consume('alice', 'professional')).toMatchObject({ allowed: true });
    await first.close();
    const again = FlexibleRateLimiter.forDatabase(await open(url), limits);
    expect(await again.consume('alice', 'professional')).toMatchObject({ allowed: false });
  });

  it('on SQLite: counts in memory, per process', async () => {
    const db = await Database.open({ kind: 'sqlite', file: dbs.sqliteFile() });
    opened.push(db);
    await new TypeOrmSchemaMigrator(db).migrate();
    const limiter = FlexibleRateLimiter.forDatabase(db, limits);
    expect(await limiter.consume('alice', 'professional')).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await limiter.consume('alice', 'professional');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
  });
});
