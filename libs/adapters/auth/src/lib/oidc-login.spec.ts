import { createHash } from 'node:crypto';
import { authorizationUrl, loginSecretsOf, OidcLoginError, stateMatches, tokenRequestAuth } from './oidc-login';

const seed = 'x'.repeat(43);
const meta = { authorization_endpoint: 'https://idp.example.com/auth?tenant=ops' };
const options = { clientId: 'routeros console', redirectUri: 'https://mcp.example.com/console/login/callback', scopes: 'openid profile' };

describe('console OIDC login: the pure parts', () => {
  it('derives state, nonce and a PKCE S256 pair from the seed: the same seed gives the same values, another seed others', () => {
    const secrets = loginSecretsOf(seed);
    expect(secrets).toEqual(loginSecretsOf(seed));
    expect(new Set(Object.values(secrets)).size).toBe(4);
    expect(secrets.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.challenge).toBe(createHash('sha256').update(secrets.verifier).digest('base64url'));
    const other = loginSecretsOf('y'.repeat(43));
    expect([other.state, other.nonce, other.verifier]).not.toContain(secrets.state);
    expect(other.nonce).not.toBe(secrets.nonce);
  });

  it("accepts only the seed's own state", () => {
    const { state } = loginSecretsOf(seed);
    expect(stateMatches(seed, state)).toBe(true);
    expect(stateMatches(seed, `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(stateMatches(seed, loginSecretsOf('z'.repeat(43)).state)).toBe(false);
    expect(stateMatches(seed, `${state}x`)).toBe(false);
    expect(stateMatches(seed, '')).toBe(false);
    expect(stateMatches(seed, null)).toBe(false);
  });

  it('builds the authorization URL on the endpoint (its own query kept) with code, PKCE S256, state, nonce and the redirect URI', () => {
    const secrets = loginSecretsOf(seed);
    const url = authorizationUrl(meta, options, secrets);
    expect(url.origin + url.pathname).toBe('https://idp.example.com/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'ops',
      response_type: 'code',
      client_id: 'routeros console',
      redirect_uri: options.redirectUri,
      scope: 'openid profile',
      state: secrets.state,
      nonce: secrets.nonce,
      code_challenge: secrets.challenge,
      code_challenge_method: 'S256',
    });
    expect(url.href).not.toContain(secrets.verifier);
  });

  it('authenticates at the token endpoint with client_secret_basic (form-encoded first), or _post when that is all the issuer offers', () => {
    expect(tokenRequestAuth({}, 'a b', 'p:w%')).toEqual({ headers: { authorization: `Basic ${Buffer.from('a+b:p%3Aw%25').toString('base64')}` }, body: {} });
    expect(tokenRequestAuth({ token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_post'] }, 'c', 's')).toEqual({ headers: {}, body: { client_id: 'c', client_secret: 's' } });
    expect(() => tokenRequestAuth({ token_endpoint_auth_methods_supported: ['private_key_jwt'] }, 'c', 'very-secret')).toThrow(OidcLoginError);
    try {
      tokenRequestAuth({ token_endpoint_auth_methods_supported: ['private_key_jwt'] }, 'c', 'very-secret');
    } catch (error) {
      expect((error as Error).message).not.toContain('very-secret');
    }
  });
});
