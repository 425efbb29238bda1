import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey, TableIndex } from '@routeros-mcp/typeorm';
import { columnTypes, dialectOf } from '../dialect';

/**
 * The whole schema, written with TypeORM's schema builder so one migration runs on SQLite and PostgreSQL.
 * Tables not yet used by a repository (plans, approvals, snapshots, health checks) are here already so that
 * later features add behaviour, not schema churn.
 */
export class InitialSchema1767225600000 implements MigrationInterface {
  name = 'InitialSchema1767225600000';

  async up(qr: QueryRunner): Promise<void> {
    const { timestamp } = columnTypes(dialectOf(qr));
    const str = (name: string, length: number, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isNullable: nullable });
    const text = (name: string, nullable = true): TableColumnOptions => ({ name, type: 'text', isNullable: nullable });
    const int = (name: string, nullable = false, dflt?: number): TableColumnOptions => ({ name, type: 'integer', isNullable: nullable, ...(dflt !== undefined ? { default: dflt } : {}) });
    const bool = (name: string): TableColumnOptions => ({ name, type: 'boolean', isNullable: false, default: false });
    const time = (name: string, nullable = false): TableColumnOptions => ({ name, type: timestamp as string, isNullable: nullable });
    const pk = (name: string, length = 64): TableColumnOptions => ({ ...str(name, length), isPrimary: true });
    const fk = (column: string, table: string, onDelete: 'CASCADE' | 'RESTRICT' = 'CASCADE') =>
      new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete });

    await qr.createTable(
      new Table({
        name: 'devices',
        columns: [
          pk('id', 63), str('name', 64), str('host', 253), int('rest_port'), int('ssh_port'), str('environment', 16),
          bool('critical'), bool('allow_advanced_writes'), bool('allow_professional_workflows'), bool('allow_firewall_writes'),
          bool('allow_routing_writes'), bool('allow_wireless_writes'), bool('allow_dhcp_writes'), bool('allow_bridge_writes'),
          bool('allow_bandwidth_test'), str('tls_fingerprint', 128, true), str('ssh_host_key', 128, true), bool('tls_skip_verify'),
          str('status', 16), str('routeros_version', 32, true), str('identity', 255, true), str('board', 128, true),
          str('serial', 64, true), time('last_seen_at', true), time('created_at'), time('updated_at'), int('version', false, 0),
        ],
        indices: [
          new TableIndex({ name: 'uq_devices_name', columnNames: ['name'], isUnique: true }),
          new TableIndex({ name: 'ix_devices_environment_status', columnNames: ['environment', 'status'] }),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'device_tags',
        columns: [{ ...str('device_id', 63), isPrimary: true }, { ...str('key', 32), isPrimary: true }, str('value', 64)],
        indices: [new TableIndex({ name: 'ix_device_tags_key_value', columnNames: ['key', 'value'] })],
        foreignKeys: [fk('device_id', 'devices')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'device_credentials',
        columns: [
          { ...str('device_id', 63), isPrimary: true }, { ...str('purpose', 32), isPrimary: true }, str('username', 64),
          text('ciphertext', false), str('key_id', 32), time('updated_at'),
        ],
        indices: [new TableIndex({ name: 'ix_device_credentials_key_id', columnNames: ['key_id'] })],
        foreignKeys: [fk('device_id', 'devices')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'plans',
        columns: [
          pk('id'), str('title', 200), str('tool_name', 64), str('created_by', 255), str('environment', 16), str('status', 16),
          str('risk_level', 16), text('summary', false), text('parameters', false), text('transitions', false),
          time('created_at'), time('expires_at'), time('started_at', true), time('finished_at', true), text('failure_reason'),
          int('version', false, 0),
        ],
        indices: [new TableIndex({ name: 'ix_plans_status_created', columnNames: ['status', 'created_at'] })],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'plan_steps',
        columns: [
          pk('id', 80), str('plan_id', 64), str('device_id', 63), int('batch'), int('sequence'), str('status', 16),
          text('change', false), str('pre_snapshot_id', 64, true), text('error'), time('started_at', true), time('finished_at', true),
        ],
        indices: [
          new TableIndex({ name: 'uq_plan_steps_plan_sequence', columnNames: ['plan_id', 'sequence'], isUnique: true }),
          new TableIndex({ name: 'ix_plan_steps_device', columnNames: ['device_id'] }),
        ],
        foreignKeys: [fk('plan_id', 'plans')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'plan_approvals',
        columns: [
          pk('id'), str('plan_id', 64), str('decision', 16), str('decided_by', 255), time('decided_at'), text('comment'),
          str('content_hash', 128), str('signature', 128, true),
        ],
        indices: [new TableIndex({ name: 'ix_plan_approvals_plan', columnNames: ['plan_id'] })],
        foreignKeys: [fk('plan_id', 'plans')],
      }),
    );
    // Audit records outlive the devices and plans they mention: no foreign keys on purpose.
    await qr.createTable(
      new Table({
        name: 'audit_events',
        columns: [
          pk('id', 36), time('occurred_at'), str('correlation_id', 64, true), str('principal', 255), str('via', 32),
          str('session_id', 128, true), str('client_name', 128, true), str('client_version', 64, true), str('action', 64),
          str('device_id', 63, true), str('plan_id', 64, true), text('arguments'), str('outcome', 16), str('error_code', 64, true),
          int('duration_ms', true),
        ],
        indices: [
          new TableIndex({ name: 'ix_audit_events_occurred', columnNames: ['occurred_at'] }),
          new TableIndex({ name: 'ix_audit_events_device_occurred', columnNames: ['device_id', 'occurred_at'] }),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'config_snapshots',
        columns: [
          pk('id'), str('device_id', 63), time('taken_at'), str('source', 32), str('plan_id', 64, true),
          str('sha256', 64), int('size_bytes'), text('content', false),
        ],
        indices: [new TableIndex({ name: 'ix_config_snapshots_device_taken', columnNames: ['device_id', 'taken_at'] })],
        foreignKeys: [fk('device_id', 'devices')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'health_checks',
        columns: [
          pk('id'), str('device_id', 63), time('checked_at'), str('status', 16), int('latency_ms', true),
          { name: 'cpu_load', type: 'real', isNullable: true }, { name: 'memory_used_pct', type: 'real', isNullable: true },
          { name: 'uptime_seconds', type: 'bigint', isNullable: true }, text('details'),
        ],
        indices: [new TableIndex({ name: 'ix_health_checks_device_checked', columnNames: ['device_id', 'checked_at'] })],
        foreignKeys: [fk('device_id', 'devices')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of ['health_checks', 'config_snapshots', 'audit_events', 'plan_approvals', 'plan_steps', 'plans', 'device_credentials', 'device_tags', 'devices']) {
      await qr.dropTable(table, true);
    }
  }
}
