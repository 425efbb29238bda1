import type { ApiTokenRecord } from '@routeros-mcp/application-ports';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Database, DatabaseTarget, TypeOrmApiTokenRepository, TypeOrmSchemaMigrator } from '../../index';
import { UniqueTokenNames1767916800000, uniqueTokenNames } from '../migrations/1767916800000-unique-token-names.migration';

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

  it('refuses a second token with a name already taken, ignoring case and revocation; finds tokens by name', async () => {
    await tokens.add(token('aaaaaaaaaaaa', 1, { name: 'ci-bot' }));
    await tokens.revoke('aaaaaaaaaaaa', t(2));
    for (const name of ['ci-bot', 'CI-Bot']) {
      const refused = await tokens.add(token('bbbbbbbbbbbb', 3, { name })).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).errors).toEqual([{ field: 'name', message: expect.stringContaining(`an API token named '${name}' already exists`) }]);
    }
    expect((await tokens.list()).map((r) => r.id)).toEqual(['aaaaaaaaaaaa']);
    expect((await tokens.findByName('CI-BOT'))?.id).toBe('aaaaaaaaaaaa');
    expect(await tokens.findByName('other')).toBeUndefined();
  });

  it('migrates tokens named against the rule or alike: renamed, never removed, the old name kept, the oldest valid holder unchanged', async () => {
    // The database as it was before the migration: names free text, not unique.
    const runner = db.dataSource.createQueryRunner();
    try {
      await new UniqueTokenNames1767916800000().down(runner);
      const legacy = [
        ['000000000001', 'os:root'], ['000000000002', 'alice'], ['000000000003', 'alice'], ['000000000004', 'ALICE'],
        ['000000000005', 'os-root'], ['000000000006', ':odd name'], ['000000000007', 'ci:bot:1'],
      ];
      for (const [i, [id, name]] of legacy.entries()) {
        // Plain SQL: the entity already knows the column the migration adds. The names are this spec's literals.
        await runner.query(`INSERT INTO api_tokens (id, name, role, secret_hash, created_at, created_by) VALUES ('${id}', '${name}', 'ops_rw', 'scrypt$x', '2026-06-01 12:0${i}:00', 'root')`);
      }
      await new UniqueTokenNames1767916800000().up(runner);
    } finally {
      await runner.release();
    }
    const byId = Object.fromEntries((await tokens.list()).map((r) => [r.id, [r.name, r.renamedFrom ?? null]]));
    expect(byId).toEqual({
      '000000000001': ['os-root-2', 'os:root'],
      '000000000002': ['alice', null],
      '000000000003': ['alice-2', 'alice'],
      '000000000004': ['ALICE-3', 'ALICE'],
      '000000000005': ['os-root', null],
      '000000000006': ['t-odd-name', ':odd name'],
      '000000000007': ['ci-bot-1', 'ci:bot:1'],
    });
    await expect(tokens.add(token('aaaaaaaaaaaa', 9, { name: 'Alice' }))).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('uniqueTokenNames', () => {
  it('keeps every valid name with its oldest holder and fits suffixed names in 64 characters', () => {
    const long = 'x'.repeat(64);
    expect(uniqueTokenNames([{ id: 'a', name: long }, { id: 'b', name: long }, { id: 'c', name: `${long.slice(0, 63)}:` }])).toEqual([
      { id: 'b', name: `${'x'.repeat(62)}-2`, renamedFrom: long },
      { id: 'c', name: `${'x'.repeat(63)}-`, renamedFrom: `${long.slice(0, 63)}:` },
    ]);
    expect(uniqueTokenNames([{ id: 'a', name: 'fine' }])).toEqual([]);
  });
});
