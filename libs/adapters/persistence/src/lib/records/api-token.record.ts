import { EntitySchema } from '@routeros-mcp/typeorm';
import { columnTypes, Dialect } from '../dialect';

export interface ApiTokenRow {
  id: string;
  name: string;
  /** Set by the migration that made names unique and free of `:`, when it renamed the token. */
  renamed_from: string | null;
  role: string;
  /** JSON array, or null for no narrowing. */
  environments: string | null;
  device_tags: string | null;
  /** `scrypt$N$r$p$salt$hash`: never the secret. */
  secret_hash: string;
  created_at: Date;
  created_by: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export function apiTokenSchema(dialect: Dialect) {
  const { timestamp } = columnTypes(dialect);
  const time = { type: timestamp };
  const optionalTime = { type: timestamp, nullable: true };
  return new EntitySchema<ApiTokenRow>({
    name: 'ApiTokenRow',
    tableName: 'api_tokens',
    columns: {
      id: { type: 'varchar', primary: true },
      name: { type: 'varchar' },
      renamed_from: { type: 'varchar', nullable: true },
      role: { type: 'varchar' },
      environments: { type: 'text', nullable: true },
      device_tags: { type: 'text', nullable: true },
      secret_hash: { type: 'varchar' },
      created_at: time,
      created_by: { type: 'varchar' },
      expires_at: optionalTime,
      revoked_at: optionalTime,
      last_used_at: optionalTime,
    },
  });
}
