import { Environment, ValidationError } from '@routeros-mcp/domain-kernel';

/** A static API token as stored: never the token itself, only a salted hash of its secret part. */
export interface ApiTokenRecord {
  /** Public id, also the token's prefix (`rmcp_<id>_<secret>`), so lookups need no scan. */
  id: string;
  /** Unique ignoring case, never reused (revoked tokens keep theirs): the principal is `token:<name>`. */
  name: string;
  /** The name it had before names were unique and free of `:`, when the migration that made them so renamed it. */
  renamedFrom?: string;
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

/** Why a token cannot have a name another token (revoked ones included) already has, in any case. */
export const apiTokenNameTakenMessage = (name: string): string =>
  `an API token named '${name}' already exists (names are never reused, revoked tokens keep theirs, so an audit record names one token): choose another name`;

export function apiTokenNameTaken(name: string): ValidationError {
  return ValidationError.single('name', apiTokenNameTakenMessage(name));
}

export const ApiTokenRepository = Symbol.for('ApiTokenRepository');
export interface ApiTokenRepository {
  /** @throws ValidationError (apiTokenNameTaken) when the name is taken, ignoring case; nothing is stored then. */
  add(token: ApiTokenRecord): Promise<void>;
  findById(id: string): Promise<ApiTokenRecord | undefined>;
  /** The token with this name, ignoring case, revoked or not. */
  findByName(name: string): Promise<ApiTokenRecord | undefined>;
  /** Newest first, revoked ones included (marked). */
  list(): Promise<ApiTokenRecord[]>;
  /** @returns false when no such token exists (revoking twice is fine). */
  revoke(id: string, at: Date): Promise<boolean>;
  touch(id: string, at: Date): Promise<void>;
}
