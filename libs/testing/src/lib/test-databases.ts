import { join } from 'node:path';
import { PostgresServer, startPostgres } from './postgres.harness';
import { tempDir } from './temp-dir';

export interface TestDatabases {
  /** A fresh data directory (removed after the spec file). */
  dataDir(): string;
  /** A path for a fresh SQLite file. */
  sqliteFile(): string;
  /** A fresh, empty database on this spec file's PostgreSQL server. */
  postgresUrl(): Promise<string>;
}

/**
 * Registers Jest hooks that start one PostgreSQL server for the spec file and clean up temp directories,
 * so the same specs can run against both engines.
 */
export function useTestDatabases(): TestDatabases {
  let pg: PostgresServer | undefined;
  const dirs: { remove(): void }[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(() => {
    pg?.stop();
    dirs.forEach((d) => d.remove());
  });
  const dataDir = () => {
    const dir = tempDir('routeros-mcp-spec-');
    dirs.push(dir);
    return join(dir.path, 'data');
  };
  return {
    dataDir,
    sqliteFile: () => join(dataDir(), 'test.sqlite'),
    postgresUrl: () => {
      if (!pg) throw new Error('useTestDatabases: PostgreSQL is not started yet (call inside a test or hook)');
      return pg.createDatabase();
    },
  };
}
