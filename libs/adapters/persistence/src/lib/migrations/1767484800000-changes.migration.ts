import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from '@routeros-mcp/typeorm';
import { columnTypes, dialectOf } from '../dialect';

/**
 * Changes (one row per write attempted through the change pipeline, its before-state kept before the first write)
 * and per-device write locks shared by every process on the database. Neither has a foreign key to devices: a
 * change record outlives its device like an audit record, and a lock row must never block removing a device.
 */
export class Changes1767484800000 implements MigrationInterface {
  name = 'Changes1767484800000';

  async up(qr: QueryRunner): Promise<void> {
    const { timestamp } = columnTypes(dialectOf(qr));
    const str = (name: string, length: number, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isNullable: nullable });
    const text = (name: string, nullable = true): TableColumnOptions => ({ name, type: 'text', isNullable: nullable });
    const time = (name: string): TableColumnOptions => ({ name, type: timestamp as string, isNullable: false });

    await qr.createTable(
      new Table({
        name: 'changes',
        columns: [
          { ...str('id', 64), isPrimary: true }, str('device_id', 63), str('tool', 64), str('principal', 255), str('via', 32),
          str('plan_id', 64, true), str('correlation_id', 64, true), text('summary', false), str('risk', 16), str('status', 16),
          str('step', 16), str('protection', 32, true), text('outcome'), str('error_code', 64, true), text('error_message'),
          str('revert_of', 64, true), str('reverted_by', 64, true), text('body', false), time('created_at'), time('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'ix_changes_device_created', columnNames: ['device_id', 'created_at'] }),
          new TableIndex({ name: 'ix_changes_status', columnNames: ['status'] }),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'device_locks',
        columns: [
          { ...str('device_id', 63), isPrimary: true }, str('change_id', 64), str('holder', 64),
          // Epoch milliseconds: compared with one number, the same on both engines.
          { name: 'expires_at', type: 'bigint', isNullable: false }, { name: 'acquired_at', type: 'bigint', isNullable: false },
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('device_locks', true);
    await qr.dropTable('changes', true);
  }
}
