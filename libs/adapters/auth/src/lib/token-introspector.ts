import { AuthenticationError } from '@routeros-mcp/application-ports';
import { createHash } from 'node:crypto';

export interface IntrospectionSettings {
  url: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  /** How long an active answer is reused (capped by the token's `exp`); at most 60 s. */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  now?: () => number;
}

const MAX_CACHE_TTL_MS = 60_000;

/** RFC 6749 §2.3.1: client id and secret are form-encoded before they go into the Basic credentials. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/**
 * RFC 7662 token introspection with client_secret_basic. Active answers are cached briefly under the token's
 * SHA-256 (never the token itself), in a bounded map; inactive ones are not, so a fresh token is never refused
 * from the cache.
 */
export class TokenIntrospector {
  private readonly cache = new Map<string, { claims: Record<string, unknown>; until: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly settings: IntrospectionSettings) {
    this.ttlMs = Math.min(settings.cacheTtlMs ?? 30_000, MAX_CACHE_TTL_MS);
    this.maxEntries = settings.cacheMaxEntries ?? 10_000;
    this.now = settings.now ?? Date.now;
  }

  /** The active token's claims; throws AuthenticationError when inactive or when the endpoint fails. */
  async introspect(token: string): Promise<Record<string, unknown>> {
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = this.cache.get(key);
    if (hit && hit.until > this.now()) return hit.claims;
    if (hit) this.cache.delete(key);

    const credentials = Buffer.from(`${formEncode(this.settings.clientId)}:${formEncode(this.settings.clientSecret)}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(this.settings.url, {
        method: 'POST',
        headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 5_000),
      });
    } catch {
      throw new AuthenticationError('unavailable', 'the token introspection endpoint could not be reached');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new AuthenticationError('unavailable', `the token introspection endpoint answered HTTP ${res.status}`);
    }
    const claims = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!claims || typeof claims !== 'object') throw new AuthenticationError('unavailable', 'the token introspection endpoint answered no JSON object');
    if (claims['active'] !== true) throw new AuthenticationError('invalid', 'the access token is not active');

    const exp = typeof claims['exp'] === 'number' ? claims['exp'] * 1000 : Infinity;
    const until = Math.min(this.now() + this.ttlMs, exp);
    if (until > this.now()) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { claims, until });
    }
    return claims;
  }
}
