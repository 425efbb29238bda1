import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey, TableIndex } from '@routeros-mcp/typeorm';
import { columnTypes, dialectOf } from '../dialect';

/**
 * Config history: the initial schema's placeholder `config_snapshots` (never written by any release) gives way
 * to the table the snapshot repository uses: normalised, redacted lines, header facts, why it was taken, and when
 * its content was first and last seen (an unchanged export moves `last_seen_at` instead of adding a row).
 */
export class ConfigSnapshots1767398400000 implements MigrationInterface {
  name = 'ConfigSnapshots1767398400000';

  async up(qr: QueryRunner): Promise<void> {
    const { timestamp } = columnTypes(dialectOf(qr));
    const str = (name: string, length: number): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isNullable: false });
    const time = (name: string): TableColumnOptions => ({ name, type: timestamp as string, isNullable: false });
    await qr.dropTable('config_snapshots', true);
    await qr.createTable(
      new Table({
        name: 'config_snapshots',
        columns: [
          { ...str('id', 64), isPrimary: true }, str('device_id', 63), time('captured_at'), time('last_seen_at'), str('reason', 16),
          str('content_hash', 64), { name: 'line_count', type: 'integer', isNullable: false }, { name: 'size_bytes', type: 'integer', isNullable: false },
          { name: 'header', type: 'text', isNullable: false }, { name: 'content', type: 'text', isNullable: false },
        ],
        indices: [new TableIndex({ name: 'ix_config_snapshots_device_captured', columnNames: ['device_id', 'captured_at'] })],
        foreignKeys: [new TableForeignKey({ columnNames: ['device_id'], referencedTableName: 'devices', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
      }),
    );
  }

  /** Back to the initial schema's placeholder (its rows were never written, so nothing is lost that it could hold). */
  async down(qr: QueryRunner): Promise<void> {
    const { timestamp } = columnTypes(dialectOf(qr));
    await qr.dropTable('config_snapshots', true);
    await qr.createTable(
      new Table({
        name: 'config_snapshots',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true }, { name: 'device_id', type: 'varchar', length: '63' },
          { name: 'taken_at', type: timestamp as string }, { name: 'source', type: 'varchar', length: '32' },
          { name: 'plan_id', type: 'varchar', length: '64', isNullable: true }, { name: 'sha256', type: 'varchar', length: '64' },
          { name: 'size_bytes', type: 'integer' }, { name: 'content', type: 'text' },
        ],
        indices: [new TableIndex({ name: 'ix_config_snapshots_device_taken', columnNames: ['device_id', 'taken_at'] })],
        foreignKeys: [new TableForeignKey({ columnNames: ['device_id'], referencedTableName: 'devices', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
      }),
    );
  }
}
