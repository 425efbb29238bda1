import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from '@routeros-mcp/typeorm';

/**
 * Audit records written before a call acts and settled after it: a `started` record's lease (epoch milliseconds,
 * renewed by its process; a record whose lease ran out was left by a dead process) and the note the recovery sweep
 * settles it with. The lease is indexed for that sweep (settled records have none); change records by correlation
 * id, which links a call's record to the changes it made.
 */
export class AuditSettlement1768003200000 implements MigrationInterface {
  name = 'AuditSettlement1768003200000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumns('audit_events', [new TableColumn({ name: 'lease_until', type: 'bigint', isNullable: true }), new TableColumn({ name: 'note', type: 'text', isNullable: true })]);
    await qr.createIndex('audit_events', new TableIndex({ name: 'ix_audit_events_lease', columnNames: ['lease_until'] }));
    await qr.createIndex('changes', new TableIndex({ name: 'ix_changes_correlation', columnNames: ['correlation_id'] }));
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('changes', 'ix_changes_correlation');
    await qr.dropIndex('audit_events', 'ix_audit_events_lease');
    await qr.dropColumn('audit_events', 'note');
    await qr.dropColumn('audit_events', 'lease_until');
  }
}
