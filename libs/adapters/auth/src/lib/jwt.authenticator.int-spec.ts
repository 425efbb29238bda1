import { AuthenticationError } from '@routeros-mcp/application-ports';
import { OidcProvider, startOidcProvider } from '@routeros-mcp/testing';
import { decodeProtectedHeader, exportJWK, generateKeyPair, JWK, SignJWT } from 'jose';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { parseScopeRoles } from './claim-mapping';
import { JwtAuthenticator, JwtAuthenticatorOptions } from './jwt.authenticator';

const SCOPE_ROLES = parseScopeRoles('routeros:read=read_only,routeros:write=ops_rw,routeros:admin=admin,routeros:approve=approver');

const RESOURCE = 'http://127.0.0.1:8080/mcp';

async function refusal(auth: JwtAuthenticator, bearer: string | undefined): Promise<{ kind: string; description: string }> {
  const error = await auth.authenticate(bearer).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthenticationError);
  const { kind, description, message, stack } = error as AuthenticationError;
  // Nothing about a refusal repeats the token, or any of its parts.
  if (bearer) for (const part of bearer.split('.').filter((p) => p.length > 8)) expect(JSON.stringify({ kind, description, message, stack })).not.toContain(part);
  return { kind, description };
}

describe('JwtAuthenticator against oidc-provider', () => {
  let idp: OidcProvider;
  let other: OidcProvider;
  const claims = { routeros_roles: ['approver', 'superuser'], routeros_envs: ['lab', 'mars'], routeros_tags: 'core edge' };
  beforeAll(async () => {
    [idp, other] = await Promise.all([startOidcProvider({ extraClaims: claims }), startOidcProvider()]);
  });
  afterAll(() => Promise.all([idp?.stop(), other?.stop()]));

  const authenticator = (extra: Partial<JwtAuthenticatorOptions> = {}) =>
    new JwtAuthenticator({ issuer: idp.issuer, audience: RESOURCE, algorithms: ['RS256'], clockSkewS: 30, mapping: { scopeRoles: SCOPE_ROLES }, ...extra });

  it('accepts a client-credentials JWT for this resource, keys found through discovery, roles from scopes', async () => {
    const token = await idp.clientCredentialsToken(['routeros:read', 'routeros:write'], RESOURCE);
    const result = await authenticator().authenticate(token);
    expect(result.principal).toEqual({ id: `oidc:${idp.issuer}#routeros-cc`, via: 'http', authMethod: 'oauth', roles: ['read_only', 'ops_rw'], credentialId: 'routeros-cc' });
    expect(result.scopes).toEqual(['routeros:read', 'routeros:write']);
    expect(result.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('names the same subject from two issuers as two principals', async () => {
    const fromIdp = await authenticator().authenticate(await idp.clientCredentialsToken(['routeros:read'], RESOURCE));
    const elsewhere = new JwtAuthenticator({ issuer: other.issuer, audience: RESOURCE, algorithms: ['RS256'], clockSkewS: 30, mapping: { scopeRoles: SCOPE_ROLES } });
    const fromOther = await elsewhere.authenticate(await other.clientCredentialsToken(['routeros:read'], RESOURCE));
    expect(other.issuer).not.toBe(idp.issuer);
    expect([fromIdp.principal.id, fromOther.principal.id]).toEqual([`oidc:${idp.issuer}#routeros-cc`, `oidc:${other.issuer}#routeros-cc`]);
  });

  it('gives no roles for a scope it does not know', async () => {
    const token = await idp.clientCredentialsToken(['other:scope'], RESOURCE);
    expect((await authenticator().authenticate(token)).principal.roles).toEqual([]);
  });

  it('takes roles, environments and tags from claims when configured', async () => {
    const token = await idp.clientCredentialsToken(['routeros:read'], RESOURCE);
    const auth = authenticator({ mapping: { scopeRoles: SCOPE_ROLES, rolesClaim: 'routeros_roles', environmentsClaim: 'routeros_envs', deviceTagsClaim: 'routeros_tags' } });
    expect((await auth.authenticate(token)).principal).toMatchObject({ roles: ['approver'], environments: ['lab'], deviceTags: ['core', 'edge'] });
  });

  it('answers missing for no token', async () => {
    expect(await refusal(authenticator(), undefined)).toEqual({ kind: 'missing', description: 'no bearer token' });
    expect(await refusal(authenticator(), '')).toMatchObject({ kind: 'missing' });
  });

  it('refuses a token for another resource (audience)', async () => {
    const token = await idp.clientCredentialsToken(['routeros:admin'], 'https://elsewhere.example/mcp');
    expect(await refusal(authenticator(), token)).toEqual({ kind: 'invalid', description: 'the access token is not meant for this resource (audience)' });
  });

  it('refuses a bad signature: the issuer key id over a signature by another key', async () => {
    const token = await idp.clientCredentialsToken(['routeros:admin'], RESOURCE);
    const { kid } = decodeProtectedHeader(token);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' }).sign(privateKey);
    expect(await refusal(authenticator(), forged)).toEqual({ kind: 'invalid', description: "the access token's signature does not verify" });
    // A flipped byte in the signature of a real token.
    const [h, p, s] = token.split('.');
    const sig = Buffer.from(s!, 'base64url');
    sig[10] ^= 0xff;
    expect(await refusal(authenticator(), `${h}.${p}.${sig.toString('base64url')}`)).toMatchObject({ kind: 'invalid' });
  });

  it('refuses a token of another issuer (keys it does not publish)', async () => {
    const token = await other.clientCredentialsToken(['routeros:admin'], RESOURCE);
    expect(await refusal(authenticator(), token)).toEqual({ kind: 'invalid', description: 'the access token is signed with a key the issuer does not publish' });
  });

  it('refuses an algorithm not on the allow-list', async () => {
    const token = await idp.clientCredentialsToken(['routeros:read'], RESOURCE, { client: 'es256' });
    expect(await refusal(authenticator(), token)).toEqual({ kind: 'invalid', description: "the access token's signing algorithm is not allowed" });
    expect((await authenticator({ algorithms: ['RS256', 'ES256'] }).authenticate(token)).principal.roles).toEqual(['read_only']);
  });

  it('follows key rotation: a token signed with a new key verifies, and so do tokens under the old one', async () => {
    const auth = authenticator({ jwksUri: idp.jwksUri, jwksCooldownMs: 0 });
    const before = await idp.clientCredentialsToken(['routeros:read'], RESOURCE);
    await auth.authenticate(before);
    const kids = await idp.rotateKeys();
    const after = await idp.clientCredentialsToken(['routeros:read'], RESOURCE);
    expect(decodeProtectedHeader(after).kid).toBe(kids[0]);
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    expect((await auth.authenticate(after)).principal.id).toBe(`oidc:${idp.issuer}#routeros-cc`);
    expect((await auth.authenticate(before)).principal.id).toBe(`oidc:${idp.issuer}#routeros-cc`);
  });

  it('answers unavailable when the metadata or keys of the issuer cannot be fetched', async () => {
    const closed = await closedPort();
    const auth = new JwtAuthenticator({ issuer: `http://127.0.0.1:${closed}`, audience: RESOURCE, algorithms: ['RS256'], clockSkewS: 30, mapping: { scopeRoles: SCOPE_ROLES } });
    const token = await idp.clientCredentialsToken(['routeros:read'], RESOURCE);
    expect(await refusal(auth, token)).toEqual({ kind: 'unavailable', description: "the issuer's metadata could not be fetched" });
    const viaJwks = authenticator({ jwksUri: `http://127.0.0.1:${closed}/jwks` });
    expect(await refusal(viaJwks, token)).toEqual({ kind: 'unavailable', description: "the issuer's signing keys could not be fetched" });
  });

  describe('opaque tokens through introspection (RFC 7662)', () => {
    const introspecting = (secret = 'routeros-rs-secret') =>
      authenticator({ introspection: { url: `${idp.issuer}/token/introspection`, clientId: 'routeros-rs', clientSecret: secret } });

    it('accepts an active token for this resource with the same claim mapping', async () => {
      const token = await idp.clientCredentialsToken(['routeros:admin', 'routeros:approve'], RESOURCE, { client: 'opaque' });
      const result = await introspecting().authenticate(token);
      // The introspection answer names no `sub`: the client acting for itself, in a namespace of its own.
      expect(result.principal).toEqual({ id: `oidc-client:${idp.issuer}#routeros-cc-opaque`, via: 'http', authMethod: 'oauth', roles: ['admin', 'approver'], credentialId: 'routeros-cc-opaque' });
      expect(result.scopes).toEqual(['routeros:admin', 'routeros:approve']);
    });

    it('refuses inactive, unknown-audience and uninspectable tokens; unavailable when the endpoint refuses us', async () => {
      expect(await refusal(introspecting(), 'not-a-token-the-issuer-knows-0123456789')).toEqual({ kind: 'invalid', description: 'the access token is not active' });
      const elsewhere = await idp.clientCredentialsToken(['routeros:admin'], 'https://elsewhere.example/mcp', { client: 'opaque' });
      expect(await refusal(introspecting(), elsewhere)).toEqual({ kind: 'invalid', description: 'the access token is not meant for this resource (audience)' });
      const token = await idp.clientCredentialsToken(['routeros:read'], RESOURCE, { client: 'opaque' });
      expect(await refusal(authenticator(), token)).toEqual({ kind: 'invalid', description: 'the access token is not a JWT' });
      expect(await refusal(introspecting('wrong-secret'), token)).toEqual({ kind: 'unavailable', description: 'the token introspection endpoint answered HTTP 401' });
    });
  });
});

/** An issuer whose keys and tokens the spec controls: exact exp/nbf/iss/alg values, no clock races. */
describe('JwtAuthenticator against a local issuer', () => {
  let server: Server;
  let issuer: string;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      if (req.url === '/jwks') return res.end(JSON.stringify({ keys: [jwk] }));
      // Introspection answers carry what the spec put under the opaque token's name.
      if (req.url === '/introspect') {
        let form = '';
        req.on('data', (chunk) => (form += chunk));
        return req.on('end', () => res.end(JSON.stringify(introspected.get(new URLSearchParams(form).get('token') ?? '') ?? { active: false })));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const introspected = new Map<string, Record<string, unknown>>();

  const auth = () => new JwtAuthenticator({ issuer, audience: RESOURCE, algorithms: ['RS256'], clockSkewS: 60, mapping: { scopeRoles: SCOPE_ROLES }, introspection: { url: `${issuer}/introspect`, clientId: 'rs', clientSecret: 'rs-secret', cacheTtlMs: 0 } });
  const mint = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    new SignJWT({ sub: 'alice', scope: 'routeros:read', iss: issuer, aud: RESOURCE, exp: now() + 600, ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'local-1', ...header }).sign(privateKey);

  it('accepts a token within the skew, with its subject and name', async () => {
    const result = await auth().authenticate(await mint({ exp: now() - 5, name: 'Alice A.', azp: 'vscode' }));
    expect(result.principal).toEqual({ id: `oidc:${issuer}#alice`, via: 'http', authMethod: 'oauth', roles: ['read_only'], name: 'Alice A.', credentialId: 'vscode' });
  });

  it('answers expired past exp, and before nbf, beyond the skew', async () => {
    expect(await refusal(auth(), await mint({ exp: now() - 3600 }))).toEqual({ kind: 'expired', description: 'the access token has expired' });
    expect(await refusal(auth(), await mint({ nbf: now() + 3600 }))).toEqual({ kind: 'expired', description: 'the access token is not valid yet (nbf)' });
  });

  it('refuses a token issued in the future beyond the skew (iat), JWT or introspected, and accepts one within it', async () => {
    const future = 'the access token was issued in the future (iat), beyond the allowed clock skew';
    expect(await refusal(auth(), await mint({ iat: now() + 3600 }))).toEqual({ kind: 'invalid', description: future });
    expect((await auth().authenticate(await mint({ iat: now() + 30 }))).principal.id).toBe('alice');
    expect((await auth().authenticate(await mint({ iat: now() - 30 }))).principal.id).toBe('alice');
    introspected.set('opaque-future-token', { active: true, sub: 'alice', scope: 'routeros:read', iss: issuer, aud: RESOURCE, exp: now() + 600, iat: now() + 3600 });
    introspected.set('opaque-fresh-token', { active: true, sub: 'alice', scope: 'routeros:read', iss: issuer, aud: RESOURCE, exp: now() + 600, iat: now() });
    expect(await refusal(auth(), 'opaque-future-token')).toEqual({ kind: 'invalid', description: future });
    expect((await auth().authenticate('opaque-fresh-token')).principal.id).toBe('alice');
  });

  it('refuses a wrong issuer, a missing exp, an audience list without this resource', async () => {
    expect(await refusal(auth(), await mint({ iss: 'https://evil.example' }))).toEqual({ kind: 'invalid', description: 'the access token was issued by another issuer' });
    expect(await refusal(auth(), await mint({ exp: undefined }))).toMatchObject({ kind: 'invalid', description: "the access token's exp claim is missing or invalid" });
    expect(await refusal(auth(), await mint({ aud: ['https://a.example', 'https://b.example'] }))).toMatchObject({ kind: 'invalid', description: 'the access token is not meant for this resource (audience)' });
    expect((await auth().authenticate(await mint({ aud: ['https://a.example', RESOURCE] }))).principal.id).toBe(`oidc:${issuer}#alice`);
    expect(await refusal(auth(), await mint({ sub: undefined }))).toEqual({ kind: 'invalid', description: 'the access token names no subject (sub) and no client (client_id or azp)' });
  });

  it('refuses unsigned (alg none) and HMAC tokens, and garbage', async () => {
    const body = Buffer.from(JSON.stringify({ sub: 'alice', scope: 'routeros:admin', iss: issuer, aud: RESOURCE, exp: now() + 600 })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${body}.`;
    expect(await refusal(auth(), none)).toMatchObject({ kind: 'invalid' });
    const hs = await new SignJWT({ sub: 'alice', scope: 'routeros:admin', iss: issuer, aud: RESOURCE, exp: now() + 600 })
      .setProtectedHeader({ alg: 'HS256', kid: 'local-1' })
      .sign(new TextEncoder().encode('a-shared-secret-of-enough-length-0123456789'));
    expect(await refusal(auth(), hs)).toEqual({ kind: 'invalid', description: "the access token's signing algorithm is not allowed" });
    expect(await refusal(auth(), 'abc.def.ghi')).toMatchObject({ kind: 'invalid', description: 'the access token is malformed or uses an unsupported form' });
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
