import type { Environment } from '@routeros-mcp/domain-kernel';

/** A static API token as stored: never the token itself, only a salted hash of its secret part. */
export interface ApiTokenRecord {
  /** Public id, also the token's prefix (`rmcp_<id>_<secret>`), so lookups need no scan. */
  id: string;
  name: string;
  role: 'read_only' | 'ops_rw' | 'admin' | 'approver';
  environments?: Environment[];
  deviceTags?: string[];
  /** `scrypt$N$r$p$salt$hash`, base64 parts. */
  secretHash: string;
  createdAt: Date;
  createdBy: string;
  expiresAt?: Date;
  revokedAt?: Date;
  lastUsedAt?: Date;
}

export const ApiTokenRepository = Symbol.for('ApiTokenRepository');
export interface ApiTokenRepository {
  add(token: ApiTokenRecord): Promise<void>;
  findById(id: string): Promise<ApiTokenRecord | undefined>;
  /** Newest first, revoked ones included (marked). */
  list(): Promise<ApiTokenRecord[]>;
  /** @returns false when no such token exists (revoking twice is fine). */
  revoke(id: string, at: Date): Promise<boolean>;
  touch(id: string, at: Date): Promise<void>;
}
