import { MigrationInterface, QueryRunner, Table } from '@routeros-mcp/typeorm';
import { dialectOf } from '../dialect';

/**
 * rate-limiter-flexible's table, shared by every replica on PostgreSQL: the columns are the library's own
 * (`key`, `points`, `expire` in epoch ms), created here so the server needs no CREATE right at run time. SQLite
 * deployments count in memory (one process), so nothing is created there.
 */
export class RateLimits1767657600000 implements MigrationInterface {
  name = 'RateLimits1767657600000';

  async up(qr: QueryRunner): Promise<void> {
    if (dialectOf(qr) !== 'postgres') return;
    await qr.createTable(
      new Table({
        name: 'rate_limits',
        columns: [
          { name: 'key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'points', type: 'integer', isNullable: false, default: 0 },
          { name: 'expire', type: 'bigint', isNullable: true },
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    if (dialectOf(qr) !== 'postgres') return;
    await qr.dropTable('rate_limits', true);
  }
}
