import { until, useTestDatabases } from '@routeros-mcp/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import * as sqlite3 from 'sqlite3';
import { CliResult, runAdmin } from './cli-runner';

const databases = useTestDatabases();

const enrol = (id: string, env: Record<string, string>) =>
  runAdmin(['device', 'add', '--id', id, '--name', id, '--host', '192.0.2.5', '--environment', 'lab', '--username', 'admin', '--password-stdin', '--offline'], { env, stdin: `pw-${id}\n` });

/** The key ids the key file still holds, and the key ids the stored credentials reference. */
function keysOnFile(dataDir: string): string[] {
  return Object.keys(JSON.parse(readFileSync(join(dataDir, 'master.key'), 'utf8')).keys);
}

/**
 * Two processes race: `device add` (a credential writer) is held in its transaction by a third connection, and
 * `keys rotate` starts meanwhile. Whatever the order they then finish in, no credential may be left encrypted
 * under a key the rotation retired.
 */
function expectNothingUnderARetiredKey(dataDir: string, rotated: CliResult, added: CliResult, keyIds: string[]): void {
  expect(rotated.stderr).toBe('');
  expect(rotated.code).toBe(0);
  expect(added.code).toBe(0);
  const { new_key_id: newKeyId } = JSON.parse(rotated.stdout);
  const onFile = keysOnFile(dataDir);
  expect(keyIds.filter((id) => !onFile.includes(id))).toEqual([]);
  expect(new Set(keyIds)).toEqual(new Set([newKeyId]));
}

describe('keys rotate while another process writes credentials', () => {
  it('on PostgreSQL: the writer holds the credential lock, so the rotation waits and re-encrypts its rows', async () => {
    const dataDir = databases.dataDir();
    const url = await databases.postgresUrl();
    const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DATABASE_URL: url };
    expect((await enrol('dev-a', env)).code).toBe(0);
    const gate = new Client({ connectionString: url });
    const observer = new Client({ connectionString: url });
    await gate.connect();
    await observer.connect();
    try {
      const waitingOn = async (table: string) =>
        (await observer.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND relation = $1::regclass`, [table])).rowCount! > 0;
      // Holds the writer between encrypting and storing: its INSERT INTO devices waits for this lock.
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE devices IN SHARE MODE');
      const adding = enrol('dev-z', env);
      await until(() => waitingOn('devices'), 'device add to wait for the devices table');
      let rotationDone = false;
      const rotating = runAdmin(['keys', 'rotate', '--json'], { env }).finally(() => (rotationDone = true));
      // Before the fix the rotation finished here, retiring the key the writer had used; now it waits for the writer.
      await until(async () => rotationDone || (await waitingOn('device_credentials')), 'keys rotate to finish or wait for the credential lock');
      await gate.query('ROLLBACK');
      const [added, rotated] = await Promise.all([adding, rotating]);
      const { rows } = await observer.query<{ key_id: string }>('SELECT key_id FROM device_credentials');
      expectNothingUnderARetiredKey(dataDir, rotated, added, rows.map((r) => r.key_id));
      expect(rows).toHaveLength(4);
    } finally {
      await gate.end();
      await observer.end();
    }
  });

  it('on SQLite: writer and rotation both take the write lock first (BEGIN IMMEDIATE), whichever gets it first', async () => {
    const dataDir = databases.dataDir();
    const env = { ROUTEROS_MCP_DATA_DIR: dataDir };
    expect((await enrol('dev-a', env)).code).toBe(0);
    const file = join(dataDir, 'routeros-mcp.sqlite');
    const gate = new sqlite3.Database(file);
    const run = (sql: string) => new Promise<void>((resolve, reject) => gate.run(sql, (error) => (error ? reject(error) : resolve())));
    const all = <T>(sql: string) => new Promise<T[]>((resolve, reject) => gate.all(sql, (error, rows) => (error ? reject(error) : resolve(rows as T[]))));
    try {
      const before = keysOnFile(dataDir);
      // Holds the database's write lock: both processes queue behind it.
      await run('BEGIN IMMEDIATE');
      const adding = enrol('dev-z', env);
      // The writer has no observable waiting state on SQLite; give it a head start to reach the lock (the
      // assertions below hold whichever process gets the lock first).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const rotating = runAdmin(['keys', 'rotate', '--json'], { env });
      await until(() => keysOnFile(dataDir).length > before.length, 'keys rotate to switch the key file');
      await run('COMMIT');
      const [added, rotated] = await Promise.all([adding, rotating]);
      const rows = await all<{ key_id: string }>('SELECT key_id FROM device_credentials');
      expectNothingUnderARetiredKey(dataDir, rotated, added, rows.map((r) => r.key_id));
      expect(rows).toHaveLength(4);
    } finally {
      await new Promise((resolve) => gate.close(resolve));
    }
  });
});
