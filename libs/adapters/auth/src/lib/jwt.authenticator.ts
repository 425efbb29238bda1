import { Authenticated, AuthenticationError, Authenticator } from '@routeros-mcp/application-ports';
import type { JWTVerifyGetKey } from 'jose';
import { ClaimMapping, authenticatedFromClaims, stringsOf } from './claim-mapping';
import { discoverJwksUri } from './issuer-discovery';
import { jose } from './jose-loader';
import { authErrorOf } from './jose-errors';
import { IntrospectionSettings, TokenIntrospector } from './token-introspector';

export interface JwtAuthenticatorOptions {
  /** Exactly as in the tokens' `iss`. */
  issuer: string;
  /** The `aud` a token must carry (this resource, RFC 8707). */
  audience: string;
  /** JWS algorithms accepted; nothing else is (never `none`, HS* only if listed). */
  algorithms: string[];
  clockSkewS: number;
  /** Default: discovered from the issuer's metadata. */
  jwksUri?: string;
  mapping: ClaimMapping;
  /** For opaque (non-JWT) tokens; without it they are refused. */
  introspection?: IntrospectionSettings;
  /** No key-set refetch sooner than this after the last one, even for an unknown `kid` (default 30 s). */
  jwksCooldownMs?: number;
  /** Keys older than this are refetched (default 10 min). */
  jwksCacheMaxAgeMs?: number;
  /** Key-set and metadata fetch timeout (default 5 s). */
  timeoutMs?: number;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * OAuth 2.1 resource server: verifies JWT access tokens against the issuer's JWKS (cached; an unknown `kid`
 * refetches, so rotated keys are followed), or introspects opaque ones (RFC 7662), then maps claims to a principal.
 */
export class JwtAuthenticator implements Authenticator {
  private keys?: Promise<JWTVerifyGetKey>;
  private readonly introspector?: TokenIntrospector;

  constructor(private readonly options: JwtAuthenticatorOptions) {
    if (options.introspection) this.introspector = new TokenIntrospector(options.introspection);
  }

  async authenticate(bearer: string | undefined): Promise<Authenticated> {
    if (!bearer) throw new AuthenticationError('missing', 'no bearer token');
    if (!JWT_SHAPE.test(bearer)) {
      if (!this.introspector) throw new AuthenticationError('invalid', 'the access token is not a JWT');
      return this.fromIntrospection(await this.introspector.introspect(bearer));
    }
    try {
      const { payload } = await jose().jwtVerify(bearer, await this.keySet(), {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.options.algorithms,
        clockTolerance: this.options.clockSkewS,
        requiredClaims: ['exp'],
      });
      this.refuseFutureIssue(payload as Record<string, unknown>);
      return authenticatedFromClaims(payload as Record<string, unknown>, this.options.mapping, this.options.issuer);
    } catch (error) {
      throw authErrorOf(error);
    }
  }

  /** The same checks a JWT gets, on the introspection answer (`aud` and `iss` only when present there). */
  private fromIntrospection(claims: Record<string, unknown>): Authenticated {
    const now = Date.now() / 1000;
    const skew = this.options.clockSkewS;
    if (typeof claims['exp'] === 'number' && claims['exp'] <= now - skew) throw new AuthenticationError('expired', 'the access token has expired');
    if (typeof claims['nbf'] === 'number' && claims['nbf'] > now + skew) throw new AuthenticationError('expired', 'the access token is not valid yet (nbf)');
    this.refuseFutureIssue(claims);
    if (typeof claims['iss'] === 'string' && claims['iss'] !== this.options.issuer) throw new AuthenticationError('invalid', 'the access token was issued by another issuer');
    const aud = stringsOf(claims['aud']);
    if (claims['aud'] !== undefined && !aud?.includes(this.options.audience)) {
      throw new AuthenticationError('invalid', 'the access token is not meant for this resource (audience)');
    }
    return authenticatedFromClaims(claims, this.options.mapping, this.options.issuer);
  }

  /**
   * A token issued later than now plus the allowed skew was minted by a clock (or a forger) this server does not
   * share; jose checks `iat` only against a maximum age, which this service does not set.
   */
  private refuseFutureIssue(claims: Record<string, unknown>): void {
    const iat = claims['iat'];
    if (iat === undefined) return;
    if (typeof iat !== 'number' || !Number.isFinite(iat)) throw new AuthenticationError('invalid', "the access token's iat claim is missing or invalid");
    if (iat > Date.now() / 1000 + this.options.clockSkewS) throw new AuthenticationError('invalid', 'the access token was issued in the future (iat), beyond the allowed clock skew');
  }

  /** The remote key set, built once; a failed discovery is retried on the next request. */
  private keySet(): Promise<JWTVerifyGetKey> {
    this.keys ??= (async () => {
      const timeoutMs = this.options.timeoutMs ?? 5_000;
      const uri = this.options.jwksUri ?? (await discoverJwksUri(this.options.issuer, timeoutMs));
      return jose().createRemoteJWKSet(new URL(uri), {
        timeoutDuration: timeoutMs,
        cooldownDuration: this.options.jwksCooldownMs ?? 30_000,
        cacheMaxAge: this.options.jwksCacheMaxAgeMs ?? 600_000,
      });
    })();
    this.keys.catch(() => (this.keys = undefined));
    return this.keys;
  }
}
