import type { ApiTokenRecord, ApiTokenRepository, Authenticated, Clock, Principal } from '@routeros-mcp/application-ports';
import { AuthenticationError, Authenticator } from '@routeros-mcp/application-ports';
import { isDomainError, tokenPrincipalId } from '@routeros-mcp/domain-kernel';
import { createHash, timingSafeEqual } from 'node:crypto';
import { parseApiToken, verifyApiTokenSecret } from './api-token.secret';
import { FreshReadCoalescer } from './fresh-read.coalescer';

/** `lastUsedAt` is written at most this often per token: a busy token must not turn every call into a write. */
const TOUCH_INTERVAL_MS = 60_000;
const VERIFIED_MAX_ENTRIES = 10_000;

/**
 * Static API tokens (`rmcp_<id>_<secret>`): the id finds the record, the secret is checked against its scrypt
 * hash in constant time. scrypt is slow on purpose, so a secret once verified against a given hash is remembered
 * in this process as a SHA-256 digest (never the secret; bounded; valid only while the stored hash is the same).
 * The record is read for every request, so a revocation committed by any process (the admin CLI, another replica)
 * refuses the next request: concurrent requests for one token share a read, but only one that began after they
 * arrived (FreshReadCoalescer), so under load a busy token costs one indexed query per query time, not per request.
 * Not an event-bus invalidation: on SQLite the CLI's process cannot reach the server's in-process bus, and on
 * PostgreSQL a NOTIFY reaches the other replicas a little after the revoke commits, so a request sent right after
 * `token revoke` returned could still pass.
 */
export class ApiTokenAuthenticator implements Authenticator {
  private readonly verified = new Map<string, { secretHash: string; digest: Buffer }>();
  private readonly touched = new Map<string, number>();
  private readonly records: FreshReadCoalescer<string, ApiTokenRecord | undefined>;

  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly clock: Clock,
  ) {
    this.records = new FreshReadCoalescer((id) => this.tokens.findById(id));
  }

  async authenticate(bearer: string | undefined): Promise<Authenticated> {
    if (!bearer) throw new AuthenticationError('missing', 'no bearer token');
    const parsed = parseApiToken(bearer);
    if (!parsed) throw new AuthenticationError('invalid', 'not an API token of this server');
    let record: ApiTokenRecord | undefined;
    try {
      record = await this.records.read(parsed.id);
    } catch (error) {
      // The store's own words (StoreUnavailableError: kind and code) for the log; a 503 to retry, never a 401.
      throw new AuthenticationError('unavailable', `API tokens cannot be read right now: ${isDomainError(error) ? error.message : 'the token store failed'}`);
    }
    // Unknown id and wrong secret read the same: a caller learns nothing about which ids exist.
    if (!record || !(await this.secretMatches(record, parsed.secret))) throw new AuthenticationError('invalid', 'unknown API token');
    const now = this.clock.now();
    if (record.revokedAt) throw new AuthenticationError('invalid', 'the API token was revoked');
    if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) throw new AuthenticationError('expired', 'the API token has expired');
    await this.touch(record, now);
    return { principal: principalOf(record), scopes: [], ...(record.expiresAt ? { expiresAt: record.expiresAt } : {}) };
  }

  private async secretMatches(record: ApiTokenRecord, secret: string): Promise<boolean> {
    const digest = createHash('sha256').update(secret).digest();
    const known = this.verified.get(record.id);
    if (known && known.secretHash === record.secretHash) return timingSafeEqual(known.digest, digest);
    if (!(await verifyApiTokenSecret(secret, record.secretHash))) return false;
    if (this.verified.size >= VERIFIED_MAX_ENTRIES) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(record.id, { secretHash: record.secretHash, digest });
    return true;
  }

  private async touch(record: ApiTokenRecord, now: Date): Promise<void> {
    const last = Math.max(record.lastUsedAt?.getTime() ?? 0, this.touched.get(record.id) ?? 0);
    if (now.getTime() - last < TOUCH_INTERVAL_MS) return;
    this.touched.set(record.id, now.getTime());
    // Best effort: a failed bookkeeping write must not refuse a valid token.
    await this.tokens.touch(record.id, now).catch(() => undefined);
  }
}

/**
 * `token:<name>`: names are unique and never reused (revoked tokens keep theirs), so the name is as stable as the id and
 * reads in audit records and plans; the id is kept beside it as the credential.
 */
export function principalOf(record: ApiTokenRecord): Principal {
  return {
    id: tokenPrincipalId(record.name),
    via: 'http',
    authMethod: 'api_token',
    credentialId: record.id,
    roles: [record.role],
    ...(record.environments ? { environments: [...record.environments] } : {}),
    ...(record.deviceTags ? { deviceTags: [...record.deviceTags] } : {}),
  };
}
