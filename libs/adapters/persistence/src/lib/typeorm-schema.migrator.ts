import type { MigrationState, SchemaMigrator } from '@routeros-mcp/application-ports';
import { Database } from './database';
import { MIGRATIONS } from './migrations';

// Any constant works; it only has to be the same for every process of this service.
const MIGRATION_LOCK_KEY = 0x524f534d; // "ROSM"
const MAX_ATTEMPTS = 5;

export class TypeOrmSchemaMigrator implements SchemaMigrator {
  constructor(private readonly db: Database) {}

  async migrate(): Promise<string[]> {
    if (this.db.dialect === 'sqlite') return this.runPending();
    // Replicas starting together: one migrates, the others wait on the lock and then find nothing pending.
    const lock = this.db.dataSource.createQueryRunner();
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      return await this.runPending();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await lock.release();
    }
  }

  async status(): Promise<MigrationState[]> {
    const applied = new Set(await this.appliedNames());
    return MIGRATIONS.map((m) => new m().name).map((name) => ({ name, applied: applied.has(name) }));
  }

  private async runPending(attempt = 1): Promise<string[]> {
    try {
      const ran = await this.db.dataSource.runMigrations({ transaction: 'all' });
      return ran.map((m) => m.name);
    } catch (error) {
      // On SQLite (no advisory lock) another process may be applying the same migrations right now:
      // its transaction either lands (nothing left to do) or rolls back (try again).
      if ((await this.status()).every((m) => m.applied)) return [];
      if (attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      return this.runPending(attempt + 1);
    }
  }

  private async appliedNames(): Promise<string[]> {
    const runner = this.db.dataSource.createQueryRunner();
    try {
      if (!(await runner.hasTable('schema_migrations'))) return [];
      const rows: { name: string }[] = await runner.query('SELECT name FROM schema_migrations');
      return rows.map((r) => r.name);
    } finally {
      await runner.release();
    }
  }
}
