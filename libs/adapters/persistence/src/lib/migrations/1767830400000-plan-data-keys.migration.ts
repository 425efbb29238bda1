import { MigrationInterface, QueryRunner, TableColumn } from '@routeros-mcp/typeorm';

/**
 * Envelope encryption of plan secrets: each plan's data key, sealed by the master key, in a column outside the
 * plan's hashed content, so a master key rotation re-seals it without altering what an approval vouches for.
 * Nullable: plans made before keep their step secrets sealed by the master key directly.
 */
export class PlanDataKeys1767830400000 implements MigrationInterface {
  name = 'PlanDataKeys1767830400000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('plans', new TableColumn({ name: 'sealed_key', type: 'text', isNullable: true }));
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('plans', 'sealed_key');
  }
}
