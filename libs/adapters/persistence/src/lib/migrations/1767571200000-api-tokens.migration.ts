import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from '@routeros-mcp/typeorm';
import { columnTypes, dialectOf } from '../dialect';

/**
 * Static API tokens for the HTTP server (`routeros-mcp-admin token create`). Only the scrypt hash of a token's
 * secret is kept; the id is the token's public prefix, so a lookup is by primary key.
 */
export class ApiTokens1767571200000 implements MigrationInterface {
  name = 'ApiTokens1767571200000';

  async up(qr: QueryRunner): Promise<void> {
    const { timestamp } = columnTypes(dialectOf(qr));
    const str = (name: string, length: number, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isNullable: nullable });
    const time = (name: string, nullable = false): TableColumnOptions => ({ name, type: timestamp as string, isNullable: nullable });
    await qr.createTable(
      new Table({
        name: 'api_tokens',
        columns: [
          { ...str('id', 32), isPrimary: true }, str('name', 64), str('role', 16),
          // JSON arrays; null: no narrowing.
          { name: 'environments', type: 'text', isNullable: true }, { name: 'device_tags', type: 'text', isNullable: true },
          str('secret_hash', 255), time('created_at'), str('created_by', 255), time('expires_at', true), time('revoked_at', true), time('last_used_at', true),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('api_tokens', true);
  }
}
