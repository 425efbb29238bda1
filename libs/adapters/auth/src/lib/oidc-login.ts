import type { Authenticated } from '@routeros-mcp/application-ports';
import type { JWTVerifyGetKey } from 'jose';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { authenticatedFromClaims, type ClaimMapping } from './claim-mapping';
import { jose } from './jose-loader';

/** A person's login at the issuer as a confidential client (authorization code + PKCE S256, OpenID Connect). */
export interface OidcLoginOptions {
  /** The MCP endpoint's issuer, exactly as in its tokens' `iss`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `<console URL>/login/callback`, registered at the issuer. */
  redirectUri: string;
  /** Space-separated, `openid` among them. */
  scopes: string;
  algorithms: string[];
  clockSkewS: number;
  /** The MCP endpoint's claim mapping: the same claims give the same roles. */
  mapping: ClaimMapping;
  /** Metadata, key-set and token requests (default 5 s). */
  timeoutMs?: number;
}

export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  code_challenge_methods_supported?: string[];
}

/** Why a login failed; `message` is a fixed text or the provider's own error code, never a code, token or secret. */
export class OidcLoginError extends Error {
  constructor(
    readonly reason: 'state' | 'provider' | 'unavailable' | 'exchange' | 'id_token',
    message: string,
  ) {
    super(message);
    this.name = 'OidcLoginError';
  }
}

/** What one login attempt needs, all derived from the pre-login cookie's random seed (so nothing else is stored). */
export interface LoginSecrets {
  state: string;
  nonce: string;
  verifier: string;
  challenge: string;
}

const derive = (seed: string, label: string) => createHmac('sha256', seed).update(`routeros-mcp console oidc ${label}`).digest('base64url');

export function loginSecretsOf(seed: string): LoginSecrets {
  const verifier = derive(seed, 'pkce');
  return { state: derive(seed, 'state'), nonce: derive(seed, 'nonce'), verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Whether the callback's `state` is the one this browser's seed gave (constant time). */
export function stateMatches(seed: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(loginSecretsOf(seed).state);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function authorizationUrl(meta: Pick<ProviderMetadata, 'authorization_endpoint'>, options: Pick<OidcLoginOptions, 'clientId' | 'redirectUri' | 'scopes'>, secrets: LoginSecrets): URL {
  const url = new URL(meta.authorization_endpoint);
  const params = { response_type: 'code', client_id: options.clientId, redirect_uri: options.redirectUri, scope: options.scopes, state: secrets.state, nonce: secrets.nonce, code_challenge: secrets.challenge, code_challenge_method: 'S256' };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/** client_secret_basic unless the issuer offers only client_secret_post (RFC 6749 §2.3.1: form-encoded, then base64). */
export function tokenRequestAuth(meta: Pick<ProviderMetadata, 'token_endpoint_auth_methods_supported'>, clientId: string, clientSecret: string): { headers: Record<string, string>; body: Record<string, string> } {
  const methods = meta.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) {
    const form = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
    return { headers: { authorization: `Basic ${Buffer.from(`${form(clientId)}:${form(clientSecret)}`).toString('base64')}` }, body: {} };
  }
  if (methods.includes('client_secret_post')) return { headers: {}, body: { client_id: clientId, client_secret: clientSecret } };
  throw new OidcLoginError('unavailable', `the issuer offers neither client_secret_basic nor client_secret_post (it offers ${methods.join(', ')})`);
}

const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : undefined);

/**
 * The console's OpenID Connect relying party, hand-rolled on fetch and jose: discovery (cached; a failure is tried
 * again next time), the authorization URL, the code exchange with client authentication, and the ID token's
 * verification (signature by the issuer's JWKS, issuer, audience, nonce, expiry). The person's roles come from the
 * MCP endpoint's claim mapping, applied to the ID token's claims (and the granted scopes, for a scope mapping).
 */
export class OidcLogin {
  private meta?: Promise<ProviderMetadata>;
  private keys?: JWTVerifyGetKey;
  /** Kept apart from the options, so that logging or inspecting them never shows it. */
  readonly #clientSecret: string;
  readonly options: Omit<OidcLoginOptions, 'clientSecret'>;

  constructor({ clientSecret, ...options }: OidcLoginOptions) {
    this.#clientSecret = clientSecret;
    this.options = options;
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 5_000;
  }

  metadata(): Promise<ProviderMetadata> {
    this.meta ??= this.discover().catch((error) => {
      this.meta = undefined;
      throw error;
    });
    return this.meta;
  }

  private async discover(): Promise<ProviderMetadata> {
    const base = this.options.issuer.replace(/\/+$/, '');
    let res: Response;
    try {
      res = await fetch(`${base}/.well-known/openid-configuration`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new OidcLoginError('unavailable', "the identity provider's metadata could not be fetched");
    }
    const meta = (res.ok ? await res.json().catch(() => undefined) : (await res.body?.cancel(), undefined)) as Partial<ProviderMetadata> | undefined;
    if (!meta) throw new OidcLoginError('unavailable', `the identity provider's metadata answered HTTP ${res.status}`);
    if (typeof meta.issuer !== 'string' || meta.issuer.replace(/\/+$/, '') !== base) throw new OidcLoginError('unavailable', "the identity provider's metadata names another issuer");
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof meta[key] !== 'string') throw new OidcLoginError('unavailable', `the identity provider's metadata names no ${key}`);
    }
    if (meta.code_challenge_methods_supported && !meta.code_challenge_methods_supported.includes('S256')) throw new OidcLoginError('unavailable', 'the identity provider does not offer PKCE with S256');
    return meta as ProviderMetadata;
  }

  /** Where to send the browser to log in, for the seed in its pre-login cookie. */
  async start(seed: string): Promise<URL> {
    return authorizationUrl(await this.metadata(), this.options, loginSecretsOf(seed));
  }

  /** The callback: checks the state against the seed, exchanges the code, verifies the ID token and maps its claims. */
  async finish(seed: string, query: URLSearchParams): Promise<Authenticated> {
    if (!stateMatches(seed, query.get('state'))) throw new OidcLoginError('state', 'the login answer does not belong to the login this browser started (state)');
    // RFC 9207: an answer naming its issuer must name this one (a mix-up defence where several are in use).
    const iss = query.get('iss');
    if (iss !== null && iss.replace(/\/+$/, '') !== this.options.issuer.replace(/\/+$/, '')) throw new OidcLoginError('provider', 'the login answer comes from another issuer (iss)');
    const error = query.get('error');
    if (error) throw new OidcLoginError('provider', `the identity provider refused the login: ${text(error, 60)}${query.get('error_description') ? ` (${text(query.get('error_description'))})` : ''}`);
    const code = query.get('code');
    if (!code) throw new OidcLoginError('provider', 'the identity provider answered with no authorization code');
    const meta = await this.metadata();
    const secrets = loginSecretsOf(seed);
    const tokens = await this.exchange(meta, code, secrets.verifier);
    const claims = await this.verifyIdToken(meta, tokens.id_token, secrets.nonce);
    // A scope mapping reads scopes; an ID token carries none, the token response says which were granted.
    if (claims['scope'] === undefined && claims['scp'] === undefined && typeof tokens.scope === 'string') claims['scope'] = tokens.scope;
    return authenticatedFromClaims(claims, this.options.mapping, this.options.issuer);
  }

  private async exchange(meta: ProviderMetadata, code: string, verifier: string): Promise<{ id_token: string; scope?: string }> {
    const auth = tokenRequestAuth(meta, this.options.clientId, this.#clientSecret);
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: this.options.redirectUri, code_verifier: verifier, ...auth.body });
    let res: Response;
    try {
      res = await fetch(meta.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...auth.headers }, body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new OidcLoginError('unavailable', "the identity provider's token endpoint could not be reached");
    }
    const answer = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    // Only the provider's error code is kept: its description may echo what was sent.
    if (!res.ok) throw new OidcLoginError('exchange', `the identity provider did not exchange the code (HTTP ${res.status}${text(answer?.['error'], 60) ? `, ${text(answer?.['error'], 60)}` : ''})`);
    if (!answer || typeof answer['id_token'] !== 'string') throw new OidcLoginError('exchange', 'the identity provider returned no ID token');
    return { id_token: answer['id_token'], ...(typeof answer['scope'] === 'string' ? { scope: answer['scope'] } : {}) };
  }

  private async verifyIdToken(meta: ProviderMetadata, idToken: string, nonce: string): Promise<Record<string, unknown>> {
    this.keys ??= jose().createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: this.timeoutMs });
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jose().jwtVerify(idToken, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.clientId,
        algorithms: this.options.algorithms,
        clockTolerance: this.options.clockSkewS,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      const e = error as { code?: string; claim?: string };
      throw new OidcLoginError('id_token', `the ID token was refused (${e.code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' ? `${e.claim ?? 'a'} claim` : (e.code ?? 'not a JWT')})`);
    }
    if (payload['nonce'] !== nonce) throw new OidcLoginError('id_token', 'the ID token was refused (nonce claim)');
    // OpenID Connect Core 3.1.3.7: with several audiences, azp must name this client.
    if (Array.isArray(payload['aud']) && payload['aud'].length > 1 && payload['azp'] !== this.options.clientId) throw new OidcLoginError('id_token', 'the ID token was refused (azp claim)');
    return { ...payload };
  }
}
