import type { ApiTokenRecord } from '@routeros-mcp/application-ports';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, DatabaseTarget, TypeOrmApiTokenRepository, TypeOrmSchemaMigrator } from '../../index';

const databases = useTestDatabases();
const engines: [string, () => Promise<DatabaseTarget>][] = [
  ['SQLite', async () => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async () => ({ kind: 'postgres', url: await databases.postgresUrl() })],
];

const t = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 12, minutes, 0, 250));
const token = (id: string, minutes: number, extra: Partial<ApiTokenRecord> = {}): ApiTokenRecord => ({
  id,
  name: `token-${id}`,
  role: 'ops_rw',
  secretHash: `scrypt$16384$8$1$c2FsdA==$aGFzaC0${id}`,
  createdAt: t(minutes),
  createdBy: 'alice',
  ...extra,
});

describe.each(engines)('API token repository on %s', (_engine, newTarget) => {
  let db: Database;
  let tokens: TypeOrmApiTokenRepository;
  beforeEach(async () => {
    db = await Database.open(await newTarget());
    await new TypeOrmSchemaMigrator(db).migrate();
    tokens = new TypeOrmApiTokenRepository(db);
  });
  afterEach(() => db.close());

  it('stores every field and reads it back; unknown ids are undefined', async () => {
    const full = token('0123456789ab', 1, { role: 'read_only', environments: ['lab', 'staging'], deviceTags: ['edge', 'core'], expiresAt: t(600) });
    await tokens.add(full);
    await tokens.add(token('bbbbbbbbbbbb', 2));
    expect(await tokens.findById('0123456789ab')).toEqual(full);
    expect(await tokens.findById('bbbbbbbbbbbb')).toEqual(token('bbbbbbbbbbbb', 2));
    expect(await tokens.findById('ffffffffffff')).toBeUndefined();
  });

  it('lists newest first, revoked ones included and marked', async () => {
    await tokens.add(token('aaaaaaaaaaaa', 1));
    await tokens.add(token('bbbbbbbbbbbb', 3));
    await tokens.add(token('cccccccccccc', 2));
    expect(await tokens.revoke('aaaaaaaaaaaa', t(10))).toBe(true);
    const listed = await tokens.list();
    expect(listed.map((r) => r.id)).toEqual(['bbbbbbbbbbbb', 'cccccccccccc', 'aaaaaaaaaaaa']);
    expect(listed[2]!.revokedAt).toEqual(t(10));
  });

  it('revokes once (a second revocation keeps the first time), refuses unknown ids, and touches lastUsedAt', async () => {
    await tokens.add(token('aaaaaaaaaaaa', 1));
    expect(await tokens.revoke('aaaaaaaaaaaa', t(10))).toBe(true);
    expect(await tokens.revoke('aaaaaaaaaaaa', t(20))).toBe(true);
    expect((await tokens.findById('aaaaaaaaaaaa'))!.revokedAt).toEqual(t(10));
    expect(await tokens.revoke('ffffffffffff', t(10))).toBe(false);
    await tokens.touch('aaaaaaaaaaaa', t(30));
    expect((await tokens.findById('aaaaaaaaaaaa'))!.lastUsedAt).toEqual(t(30));
  });

  it('refuses a second token with the same id', async () => {
    await tokens.add(token('aaaaaaaaaaaa', 1));
    await expect(tokens.add(token('aaaaaaaaaaaa', 2))).rejects.toThrow();
  });
});
