import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, DatabaseTarget, TypeOrmSchemaMigrator } from '../../index';
import { SqlConsoleSessionStore } from './sql-console-session.store';

const databases = useTestDatabases();
const at = (ms: number) => new Date(Date.UTC(2026, 10, 28) + ms);
const ticket = (digest: string, kind: 'link' | 'session', expiresMs: number) => ({ digest, kind, userName: 'alice', role: 'approver', createdAt: at(0), expiresAt: at(expiresMs) });

describe.each([
  ['SQLite', async (): Promise<DatabaseTarget> => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async (): Promise<DatabaseTarget> => ({ kind: 'postgres', url: await databases.postgresUrl() })],
])('the console session store on %s', (_engine, target) => {
  let dbs: Database[] = [];
  afterEach(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    dbs = [];
  });

  /** Two stores on one database, as two replicas have. */
  async function replicas(): Promise<[SqlConsoleSessionStore, SqlConsoleSessionStore]> {
    const where = await target();
    const first = await Database.open(where);
    await new TypeOrmSchemaMigrator(first).migrate();
    dbs.push(first, await Database.open(where));
    return [new SqlConsoleSessionStore(dbs[0]), new SqlConsoleSessionStore(dbs[1])];
  }

  it('lets one replica use a link, once, however many race for it', async () => {
    const [a, b] = await replicas();
    await a.add(ticket('d1', 'link', 60_000));
    const won = await Promise.all([a, b, a, b].map((store) => store.consume('d1', 'link', at(1_000))));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(won.find(Boolean)).toMatchObject({ userName: 'alice', role: 'approver', kind: 'link', expiresAt: at(60_000) });
    expect(await b.consume('d1', 'link', at(2_000))).toBeUndefined();
  });

  it('finds a live session on any replica, and none once it is expired, used up (logout) or asked as another kind', async () => {
    const [a, b] = await replicas();
    await a.add(ticket('s1', 'session', 60_000));
    expect(await b.find('s1', 'session', at(1_000))).toMatchObject({ userName: 'alice' });
    expect(await b.find('s1', 'link', at(1_000))).toBeUndefined();
    expect(await b.consume('s1', 'link', at(1_000))).toBeUndefined();
    expect(await b.find('s1', 'session', at(60_000))).toBeUndefined();
    expect(await a.consume('s1', 'session', at(2_000))).toBeDefined();
    expect(await b.find('s1', 'session', at(3_000))).toBeUndefined();
  });

  it('never hands out an expired link', async () => {
    const [a] = await replicas();
    await a.add(ticket('d2', 'link', 1_000));
    expect(await a.consume('d2', 'link', at(1_000))).toBeUndefined();
  });

  it("keeps an identity provider session's principal id and roles, and leaves a link's principal unset", async () => {
    const [a, b] = await replicas();
    const principalId = `oidc:https://idp.example.com/realms/${'r'.repeat(300)}#0b5e3c1a-9f1d-4c7e-8a2b-d5e6f7a8b9c0`;
    await a.add({ ...ticket('s2', 'session', 60_000), role: 'read_only,ops_rw,approver,admin', principalId });
    expect(await b.find('s2', 'session', at(1_000))).toMatchObject({ role: 'read_only,ops_rw,approver,admin', principalId });
    await a.add(ticket('s3', 'session', 60_000));
    expect(await b.find('s3', 'session', at(1_000))).not.toHaveProperty('principalId');
  });
});
