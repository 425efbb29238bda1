import { MigrationInterface, QueryRunner, Table } from '@routeros-mcp/typeorm';

/**
 * Singular jobs on SQLite (a plan's runner, the recovery sweep, the snapshot scheduler, a device's health poll): one
 * lease row per job key, held by one process and renewed while it leads, so processes sharing one SQLite file (a
 * server and the admin CLI) never both lead a job. Created on both engines (one schema); PostgreSQL replicas lead
 * through advisory locks, which end with the session at once.
 */
export class JobLeases1768089600000 implements MigrationInterface {
  name = 'JobLeases1768089600000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'job_leases',
        columns: [
          { name: 'job_key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '64', isNullable: false },
          // Epoch milliseconds, as device_locks: compared with one number, the same on both engines.
          { name: 'expires_at', type: 'bigint', isNullable: false },
          { name: 'acquired_at', type: 'bigint', isNullable: false },
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('job_leases', true);
  }
}
