import type { ApiTokenRecord } from '@routeros-mcp/application-ports';
import type { Environment } from '@routeros-mcp/domain-kernel';
import type { ApiTokenRow } from '../records/api-token.record';

/** SQLite hands back its datetime text; PostgreSQL a Date. */
const date = (value: Date | string) => (value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`));
const optionalDate = (value: Date | string | null) => (value === null || value === undefined ? undefined : date(value));

export function toApiTokenRow(token: ApiTokenRecord): ApiTokenRow {
  return {
    id: token.id,
    name: token.name,
    renamed_from: token.renamedFrom ?? null,
    role: token.role,
    environments: token.environments ? JSON.stringify(token.environments) : null,
    device_tags: token.deviceTags ? JSON.stringify(token.deviceTags) : null,
    secret_hash: token.secretHash,
    created_at: token.createdAt,
    created_by: token.createdBy,
    expires_at: token.expiresAt ?? null,
    revoked_at: token.revokedAt ?? null,
    last_used_at: token.lastUsedAt ?? null,
  };
}

export function toApiTokenRecord(row: ApiTokenRow): ApiTokenRecord {
  const expiresAt = optionalDate(row.expires_at);
  const revokedAt = optionalDate(row.revoked_at);
  const lastUsedAt = optionalDate(row.last_used_at);
  return {
    id: row.id,
    name: row.name,
    ...(row.renamed_from !== null && row.renamed_from !== undefined ? { renamedFrom: row.renamed_from } : {}),
    role: row.role as ApiTokenRecord['role'],
    ...(row.environments !== null ? { environments: JSON.parse(row.environments) as Environment[] } : {}),
    ...(row.device_tags !== null ? { deviceTags: JSON.parse(row.device_tags) as string[] } : {}),
    secretHash: row.secret_hash,
    createdAt: date(row.created_at),
    createdBy: row.created_by,
    ...(expiresAt ? { expiresAt } : {}),
    ...(revokedAt ? { revokedAt } : {}),
    ...(lastUsedAt ? { lastUsedAt } : {}),
  };
}
