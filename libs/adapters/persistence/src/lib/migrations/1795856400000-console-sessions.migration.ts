import { MigrationInterface, QueryRunner, Table } from '@routeros-mcp/typeorm';

/**
 * (1795856400000 is 2026-11-28T09:00:00Z, this stream's migration slot 20261128090000, as TypeORM wants it: epoch ms.)
 *
 * The operator console's login links and sessions (see ConsoleSessionStore): in the database, so every replica on one
 * PostgreSQL honours a link's single use and a logout at once. Only digests of the secrets are stored.
 */
export class ConsoleSessions1795856400000 implements MigrationInterface {
  name = 'ConsoleSessions1795856400000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'console_sessions',
        columns: [
          { name: 'digest', type: 'varchar', length: '64', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16', isNullable: false },
          { name: 'user_name', type: 'varchar', length: '64', isNullable: false },
          { name: 'role', type: 'varchar', length: '32', isNullable: false },
          // Epoch milliseconds, as job_leases: compared as one number, the same on both engines.
          { name: 'created_at', type: 'bigint', isNullable: false },
          { name: 'expires_at', type: 'bigint', isNullable: false },
          { name: 'used_at', type: 'bigint', isNullable: true },
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('console_sessions', true);
  }
}
