import { MigrationInterface, QueryRunner, TableColumn, TableColumnOptions, TableIndex } from '@routeros-mcp/typeorm';
import { columnTypes, dialectOf } from '../dialect';

/**
 * What multi-device plans need beyond the initial tables: a plan's topic, content hash and JSON body (rollout
 * policy, excluded devices); a step's body (its dry-run preview) and the change records the rollout makes; an
 * approval's signed expiry, entitlement, single use, the nonce's digest (unique: what a grant is consumed by) and
 * the sealed nonce and signature. Columns are nullable: rows of the old shape were never written by any release.
 */
export class PlanApprovals1767744000000 implements MigrationInterface {
  name = 'PlanApprovals1767744000000';

  async up(qr: QueryRunner): Promise<void> {
    const { timestamp } = columnTypes(dialectOf(qr));
    const col = (options: TableColumnOptions) => new TableColumn({ isNullable: true, ...options });
    const str = (name: string, length: number) => col({ name, type: 'varchar', length: String(length) });
    const text = (name: string) => col({ name, type: 'text' });
    const time = (name: string) => col({ name, type: timestamp as string });

    await qr.addColumns('plans', [str('topic', 64), str('content_hash', 64), text('body')]);
    await qr.addColumns('plan_steps', [text('body'), str('change_id', 64), str('rollback_change_id', 64)]);
    await qr.addColumns('plan_approvals', [time('expires_at'), str('basis', 32), str('nonce_digest', 64), text('sealed'), time('used_at'), str('used_by', 255)]);
    await qr.createIndex('plan_approvals', new TableIndex({ name: 'uq_plan_approvals_nonce_digest', columnNames: ['nonce_digest'], isUnique: true }));
    await qr.createIndex('plans', new TableIndex({ name: 'ix_plans_created_by', columnNames: ['created_by'] }));
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('plans', 'ix_plans_created_by');
    await qr.dropIndex('plan_approvals', 'uq_plan_approvals_nonce_digest');
    for (const name of ['used_by', 'used_at', 'sealed', 'nonce_digest', 'basis', 'expires_at']) await qr.dropColumn('plan_approvals', name);
    for (const name of ['rollback_change_id', 'change_id', 'body']) await qr.dropColumn('plan_steps', name);
    for (const name of ['body', 'content_hash', 'topic']) await qr.dropColumn('plans', name);
  }
}
