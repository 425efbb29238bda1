import { createHash, randomBytes } from 'node:crypto';
import { OIDC_TEST_CLIENTS, OidcProvider, startOidcProvider } from './oidc-provider.harness';

const RESOURCE = 'http://127.0.0.1:8080/mcp';
const part = (jwt: string, i: number) => JSON.parse(Buffer.from(jwt.split('.')[i]!, 'base64url').toString()) as Record<string, any>;

describe('oidc-provider harness', () => {
  let provider: OidcProvider;
  beforeAll(async () => (provider = await startOidcProvider({ extraClaims: { groups: ['netops'] } })));
  afterAll(() => provider.stop());

  it('serves discovery with the JWKS and introspection endpoints', async () => {
    const meta = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(meta).toMatchObject({ issuer: provider.issuer, jwks_uri: provider.jwksUri, introspection_endpoint: provider.introspectionEndpoint, token_endpoint: provider.tokenEndpoint });
  });

  it('issues client-credentials JWTs for a resource (aud), with the scopes asked and the extra claims', async () => {
    const token = await provider.clientCredentialsToken(['routeros:read', 'routeros:write'], RESOURCE);
    expect(part(token, 0)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(part(token, 1)).toMatchObject({ iss: provider.issuer, aud: RESOURCE, scope: 'routeros:read routeros:write', client_id: 'routeros-cc', groups: ['netops'] });
    expect(part(await provider.clientCredentialsToken(['routeros:read'], RESOURCE, { client: 'es256' }), 0)).toMatchObject({ alg: 'ES256' });
  });

  it('issues opaque tokens that its introspection endpoint answers for', async () => {
    const token = await provider.clientCredentialsToken(['routeros:admin'], RESOURCE, { client: 'opaque' });
    expect(token.split('.')).toHaveLength(1);
    const { clientId, clientSecret } = OIDC_TEST_CLIENTS.resourceServer;
    const res = await fetch(provider.introspectionEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    });
    expect(await res.json()).toMatchObject({ active: true, scope: 'routeros:admin', aud: RESOURCE, client_id: 'routeros-cc-opaque', groups: ['netops'] });
  });

  it('runs authorization code with PKCE through the automatic login and consent', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL(`${provider.issuer}/auth`);
    const params = { client_id: 'routeros-app', response_type: 'code', redirect_uri: 'http://127.0.0.1/callback', scope: 'routeros:read routeros:admin', resource: RESOURCE, code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 's-1' };
    Object.entries(params).forEach(([k, v]) => url.searchParams.set(k, v));
    const back = await provider.authorize(url);
    expect(back.origin + back.pathname).toBe('http://127.0.0.1/callback');
    expect(back.searchParams.get('state')).toBe('s-1');
    const res = await fetch(provider.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: params.redirect_uri, client_id: 'routeros-app', code_verifier: verifier, resource: RESOURCE }),
    });
    const body = (await res.json()) as { access_token: string };
    expect(res.status).toBe(200);
    expect(part(body.access_token, 1)).toMatchObject({ iss: provider.issuer, aud: RESOURCE, sub: 'test-user', scope: 'routeros:read routeros:admin' });
  });

  it('rotates keys: new tokens carry the new kid, and the JWKS keeps the old one', async () => {
    const before = part(await provider.clientCredentialsToken(['routeros:read'], RESOURCE), 0)['kid'];
    const kids = await provider.rotateKeys();
    const after = part(await provider.clientCredentialsToken(['routeros:read'], RESOURCE), 0)['kid'];
    expect(after).not.toBe(before);
    expect(kids[0]).toBe(after);
    const jwks = (await (await fetch(provider.jwksUri)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([before, after]));
  });
});
