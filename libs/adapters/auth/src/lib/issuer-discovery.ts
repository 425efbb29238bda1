import { AuthenticationError } from '@routeros-mcp/application-ports';

/**
 * The issuer's `jwks_uri`, from its OpenID Connect discovery document or, failing that, its RFC 8414 authorization
 * server metadata. The document must name the same issuer (a mix-up defence, RFC 8414 §3.3).
 */
export async function discoverJwksUri(issuer: string, timeoutMs: number): Promise<string> {
  const base = issuer.replace(/\/+$/, '');
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  const candidates = [`${base}/.well-known/openid-configuration`, `${url.origin}/.well-known/oauth-authorization-server${path}`];
  for (const candidate of candidates) {
    let res: Response;
    try {
      res = await fetch(candidate, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new AuthenticationError('unavailable', "the issuer's metadata could not be fetched");
    }
    if (res.status === 404) {
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new AuthenticationError('unavailable', `the issuer's metadata answered HTTP ${res.status}`);
    }
    const meta = (await res.json().catch(() => undefined)) as { issuer?: unknown; jwks_uri?: unknown } | undefined;
    if (!meta || typeof meta.jwks_uri !== 'string') throw new AuthenticationError('unavailable', "the issuer's metadata names no jwks_uri");
    if (typeof meta.issuer === 'string' && meta.issuer.replace(/\/+$/, '') !== base) {
      throw new AuthenticationError('unavailable', "the issuer's metadata names another issuer");
    }
    return meta.jwks_uri;
  }
  throw new AuthenticationError('unavailable', 'the issuer publishes no metadata (openid-configuration or oauth-authorization-server)');
}
