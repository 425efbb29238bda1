import { MigrationInterface, QueryRunner, TableColumn } from '@routeros-mcp/typeorm';

/**
 * A console session opened through the MCP endpoint's identity provider is the same principal as that person's
 * tokens at /mcp (`oidc:<issuer>#<sub>`, so four eyes sees one person), which a display name cannot hold: the
 * principal id is kept beside it. Null for login-link sessions, whose principal is `as:<user_name>`.
 */
export class ConsoleSessionPrincipals1795865354526 implements MigrationInterface {
  name = 'ConsoleSessionPrincipals1795865354526';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('console_sessions', new TableColumn({ name: 'principal_id', type: 'varchar', length: '600', isNullable: true }));
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('console_sessions', 'principal_id');
  }
}
