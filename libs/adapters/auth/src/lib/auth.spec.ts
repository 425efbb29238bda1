import type { ApiTokenRecord, ApiTokenRepository } from '@routeros-mcp/application-ports';
import { AuthenticationError } from '@routeros-mcp/application-ports';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import {
  ApiTokenAuthenticator,
  ApiTokenService,
  AuthConfig,
  authenticatedFromClaims,
  audienceOf,
  bearerErrorOf,
  claimAt,
  hashApiTokenSecret,
  NoAuthAuthenticator,
  parseApiToken,
  parseScopeRoles,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
  entryScope,
  scopeForRole,
  stepUpSuggestion,
  verifyApiTokenSecret,
  wwwAuthenticate,
} from '../index';

const base: AuthConfig = {
  auth: 'oauth',
  httpHost: '127.0.0.1',
  httpPort: 8080,
  oauthIssuer: 'https://idp.example.com/realms/ops',
  oauthAlgorithms: 'RS256,PS256,ES256,EdDSA',
  oauthClockSkewS: 30,
  oauthScopeRoles: 'routeros:read=read_only,routeros:write=ops_rw,routeros:admin=admin,routeros:approve=approver',
};
const mapping = { scopeRoles: parseScopeRoles(base.oauthScopeRoles) };
const ISSUER = base.oauthIssuer!;

describe('claims to principal', () => {
  it('maps scopes (scope string or scp array) to roles; unknown scopes give none', () => {
    const a = authenticatedFromClaims({ sub: 'u1', scope: 'routeros:read routeros:admin other', azp: 'cli', name: 'Ann', exp: 2_000_000_000 }, mapping, ISSUER);
    expect(a).toEqual({
      principal: { id: 'oidc:https://idp.example.com/realms/ops#u1', via: 'http', authMethod: 'oauth', roles: ['read_only', 'admin'], name: 'Ann', credentialId: 'cli' },
      scopes: ['routeros:read', 'routeros:admin', 'other'],
      expiresAt: new Date(2_000_000_000_000),
    });
    expect(authenticatedFromClaims({ sub: 'u1', scp: ['routeros:write'] }, mapping, ISSUER).principal.roles).toEqual(['ops_rw']);
    expect(authenticatedFromClaims({ sub: 'u1', scope: 'other:scope' }, mapping, ISSUER).principal.roles).toEqual([]);
    expect(authenticatedFromClaims({ client_id: 'svc', preferred_username: 'svc-user' }, mapping, ISSUER).principal).toMatchObject({ id: 'oidc-client:https://idp.example.com/realms/ops#svc', name: 'svc-user', credentialId: 'svc' });
  });

  it('names the principal by issuer and subject: the same sub from two issuers is two principals, and display names never count', () => {
    const alice = authenticatedFromClaims({ sub: 'alice', name: 'Alice' }, mapping, 'https://a.example.com/').principal.id;
    const other = authenticatedFromClaims({ sub: 'alice', name: 'Alice' }, mapping, 'https://b.example.com/').principal.id;
    expect([alice, other]).toEqual(['oidc:https://a.example.com/#alice', 'oidc:https://b.example.com/#alice']);
    // A subject shaped like another namespace's id stays within its issuer's namespace.
    expect(authenticatedFromClaims({ sub: 'os:root' }, mapping, ISSUER).principal.id).toBe('oidc:https://idp.example.com/realms/ops#os:root');
    expect(authenticatedFromClaims({ sub: 'u9', preferred_username: 'os:root', name: 'root' }, mapping, ISSUER).principal).toMatchObject({ id: 'oidc:https://idp.example.com/realms/ops#u9', name: 'root' });
  });

  it('refuses a token that names neither a subject nor a client: it would be nobody', () => {
    expect(() => authenticatedFromClaims({ scope: 'routeros:admin' }, mapping, ISSUER)).toThrow(expect.objectContaining({ kind: 'invalid', description: 'the access token names no subject (sub) and no client (client_id or azp)' }));
  });

  it('takes roles from a claim (dotted path, array or space-separated) when configured, ignoring scopes and unknown names', () => {
    const m = { ...mapping, rolesClaim: 'realm_access.roles' };
    expect(authenticatedFromClaims({ sub: 'u', scope: 'routeros:admin', realm_access: { roles: ['ops_rw', 'offline_access'] } }, m, ISSUER).principal.roles).toEqual(['ops_rw']);
    expect(authenticatedFromClaims({ sub: 'u', roles: 'approver read_only' }, { ...mapping, rolesClaim: 'roles' }, ISSUER).principal.roles).toEqual(['approver', 'read_only']);
    expect(authenticatedFromClaims({ sub: 'u', scope: 'routeros:admin' }, m, ISSUER).principal.roles).toEqual([]);
    expect(claimAt({ 'cognito:groups': ['a'] }, 'cognito:groups')).toEqual(['a']);
  });

  it('narrows environments (valid names only) and device tags when the claims are configured and present', () => {
    const m = { ...mapping, environmentsClaim: 'envs', deviceTagsClaim: 'ext.tags' };
    expect(authenticatedFromClaims({ sub: 'u', envs: 'lab prod moon', ext: { tags: ['core'] } }, m, ISSUER).principal).toMatchObject({ environments: ['lab', 'prod'], deviceTags: ['core'] });
    const none = authenticatedFromClaims({ sub: 'u' }, m, ISSUER).principal;
    expect(none.environments).toBeUndefined();
    expect(none.deviceTags).toBeUndefined();
  });
});

describe('resource metadata and WWW-Authenticate', () => {
  it('describes the resource (RFC 9728) with the issuer and the scopes of the scope map, in OAuth mode only', () => {
    expect(protectedResourceMetadata(base)).toEqual({
      resource: 'http://127.0.0.1:8080/mcp',
      authorization_servers: ['https://idp.example.com/realms/ops'],
      scopes_supported: ['routeros:read', 'routeros:write', 'routeros:admin', 'routeros:approve'],
      bearer_methods_supported: ['header'],
      resource_name: 'RouterOS MCP',
    });
    const pub = { ...base, httpPublicUrl: 'https://mcp.example.com/mcp' };
    expect(protectedResourceMetadata(pub)!.resource).toBe('https://mcp.example.com/mcp');
    expect(protectedResourceMetadataUrl(pub)).toBe('https://mcp.example.com/.well-known/oauth-protected-resource/mcp');
    // MCP requires authorization_servers: without an authorization server there is no metadata to serve.
    expect(protectedResourceMetadata({ ...base, auth: 'tokens' })).toBeUndefined();
    expect(protectedResourceMetadata({ ...base, auth: 'none' })).toBeUndefined();
    expect(protectedResourceMetadata({ ...base, oauthRolesClaim: 'roles' })!.scopes_supported).toBeUndefined();
    expect(protectedResourceMetadata({ ...base, httpHost: '::1', httpTlsCert: '/c.pem' })!.resource).toBe('https://[::1]:8080/mcp');
  });

  it('names the scope of a role where a scope grants it: mapped scopes (OAuth), the role itself (API tokens)', () => {
    expect(scopeForRole(base, 'ops_rw')).toBe('routeros:write');
    expect(scopeForRole(base, 'approver')).toBe('routeros:approve');
    expect(scopeForRole({ ...base, auth: 'tokens' }, 'ops_rw')).toBe('ops_rw');
    // Roles from a claim: no scope grants one, so none is named.
    expect(scopeForRole({ ...base, oauthRolesClaim: 'roles' }, 'ops_rw')).toBeUndefined();
    expect(scopeForRole({ ...base, oauthScopeRoles: 'mcp:all=admin' }, 'read_only')).toBeUndefined();
    expect(scopeForRole({ ...base, auth: 'none' }, 'admin')).toBeUndefined();
    // A 401 names the reading scope in OAuth mode, nothing for API tokens (there is nothing to ask an authorization server for).
    expect(entryScope(base)).toBe('routeros:read');
    expect(entryScope({ ...base, auth: 'tokens' })).toBeUndefined();
    expect(entryScope({ ...base, oauthRolesClaim: 'roles' })).toBeUndefined();
  });

  it('tells a refused caller every role that opens the request, in the deployment\'s terms', () => {
    const plans = ['admin', 'approver'] as const;
    expect(stepUpSuggestion({ ...base, auth: 'tokens' }, [...plans])).toEqual({ suggestion: 'Get an API token with the admin or approver role (routeros-mcp-admin token create --role …) and retry.', scopes: ['admin', 'approver'] });
    expect(stepUpSuggestion(base, [...plans])).toEqual({ suggestion: 'Get a token with scope routeros:admin or routeros:approve and retry.', scopes: ['routeros:admin', 'routeros:approve'] });
    expect(stepUpSuggestion(base, ['ops_rw', 'admin'])).toEqual({ suggestion: 'Get a token with scope routeros:write or routeros:admin and retry.', scopes: ['routeros:write', 'routeros:admin'] });
    expect(stepUpSuggestion({ ...base, oauthRolesClaim: 'realm_access.roles' }, [...plans])).toEqual({ suggestion: 'Get a token whose realm_access.roles claim holds admin or approver and retry.', scopes: [] });
    // A scope map that grants only some of them names those.
    expect(stepUpSuggestion({ ...base, oauthScopeRoles: 'mcp:all=admin' }, [...plans])).toEqual({ suggestion: 'Get a token with scope mcp:all and retry.', scopes: ['mcp:all'] });
  });

  it('takes the audience from oauthAudience, else the public URL, else host and port', () => {
    expect(audienceOf(base)).toBe('http://127.0.0.1:8080/mcp');
    expect(audienceOf({ ...base, httpPublicUrl: 'https://mcp.example.com/mcp' })).toBe('https://mcp.example.com/mcp');
    expect(audienceOf({ ...base, httpPublicUrl: 'https://mcp.example.com/mcp', oauthAudience: 'api://routeros' })).toBe('api://routeros');
  });

  it('builds Bearer challenges, quoting safely', () => {
    const md = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
    expect(wwwAuthenticate({ resourceMetadata: md })).toBe(`Bearer resource_metadata="${md}"`);
    expect(wwwAuthenticate({ resourceMetadata: md, scope: 'routeros:read' })).toBe(`Bearer resource_metadata="${md}", scope="routeros:read"`);
    // No metadata (API tokens): a realm instead, pointing nowhere.
    expect(wwwAuthenticate({})).toBe('Bearer realm="routeros-mcp"');
    expect(wwwAuthenticate({ error: 'invalid_token', errorDescription: 'unknown API token' })).toBe('Bearer realm="routeros-mcp", error="invalid_token", error_description="unknown API token"');
    expect(wwwAuthenticate({ resourceMetadata: md, error: 'invalid_token', errorDescription: 'the access token has "expired"\n' })).toBe(
      `Bearer resource_metadata="${md}", error="invalid_token", error_description="the access token has \\"expired\\" "`,
    );
    expect(wwwAuthenticate({ resourceMetadata: md, error: 'insufficient_scope', scope: 'routeros:write' })).toBe(`Bearer resource_metadata="${md}", error="insufficient_scope", scope="routeros:write"`);
    expect([bearerErrorOf('missing'), bearerErrorOf('invalid'), bearerErrorOf('expired'), bearerErrorOf('unavailable')]).toEqual([undefined, 'invalid_token', 'invalid_token', undefined]);
  });
});

describe('none mode', () => {
  it('is one local principal with admin and approver roles', async () => {
    expect(await new NoAuthAuthenticator().authenticate(undefined)).toEqual({ principal: { id: 'anonymous', via: 'http', authMethod: 'none', roles: ['admin', 'approver'] }, scopes: [] });
  });
});

/** A port fake: API token rules are pure apart from storage, which the persistence int-spec covers on both engines. */
class MemoryTokens implements ApiTokenRepository {
  readonly rows = new Map<string, ApiTokenRecord>();
  touches: Date[] = [];
  async add(t: ApiTokenRecord) {
    this.rows.set(t.id, { ...t });
  }
  async findById(id: string) {
    const r = this.rows.get(id);
    return r && { ...r };
  }
  async findByName(name: string) {
    const r = [...this.rows.values()].find((row) => row.name.toLowerCase() === name.toLowerCase());
    return r && { ...r };
  }
  async list() {
    return [...this.rows.values()].reverse();
  }
  async revoke(id: string, at: Date) {
    const r = this.rows.get(id);
    if (r && !r.revokedAt) r.revokedAt = at;
    return !!r;
  }
  async touch(id: string, at: Date) {
    this.touches.push(at);
    this.rows.get(id)!.lastUsedAt = at;
  }
}

describe('API tokens', () => {
  let now = new Date('2026-06-01T12:00:00Z');
  const clock = { now: () => now };
  let repo: MemoryTokens;
  let service: ApiTokenService;
  let auth: ApiTokenAuthenticator;
  beforeEach(() => {
    now = new Date('2026-06-01T12:00:00Z');
    repo = new MemoryTokens();
    service = new ApiTokenService(repo, clock);
    auth = new ApiTokenAuthenticator(repo, clock);
  });

  const refusal = async (bearer: string | undefined) => {
    const error = await auth.authenticate(bearer).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    if (bearer) expect(JSON.stringify({ ...(error as object), message: (error as Error).message, stack: (error as Error).stack })).not.toContain(bearer.slice(5));
    return { kind: (error as AuthenticationError).kind, description: (error as AuthenticationError).description };
  };

  it('hashes secrets with scrypt and verifies them in constant time', async () => {
    const hash = await hashApiTokenSecret('s3cret-s3cret-s3cret-s3cret-s3cret-s3cret-xx');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyApiTokenSecret('s3cret-s3cret-s3cret-s3cret-s3cret-s3cret-xx', hash)).toBe(true);
    expect(await verifyApiTokenSecret('s3cret-s3cret-s3cret-s3cret-s3cret-s3cret-xy', hash)).toBe(false);
    expect(await verifyApiTokenSecret('x', 'plain$text')).toBe(false);
    expect(parseApiToken('rmcp_0123456789ab_' + 'A'.repeat(43))).toEqual({ id: '0123456789ab', secret: 'A'.repeat(43) });
    expect(parseApiToken('rmcp_0123456789ab_short')).toBeUndefined();
  });

  it('creates a token shown once, stores only its hash, and authenticates it as a principal named after it', async () => {
    const created = await service.create({ name: 'ci-bot', role: 'ops_rw', environments: ['lab', 'staging'], deviceTags: ['edge'], createdBy: 'alice' });
    expect(created.token).toMatch(/^rmcp_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const stored = repo.rows.get(created.summary.id)!;
    expect(JSON.stringify(stored)).not.toContain(created.token.split('_').slice(2).join('_'));
    expect(created.summary).not.toHaveProperty('secretHash');
    expect(await auth.authenticate(created.token)).toEqual({
      principal: { id: 'token:ci-bot', via: 'http', authMethod: 'api_token', credentialId: created.summary.id, roles: ['ops_rw'], environments: ['lab', 'staging'], deviceTags: ['edge'] },
      scopes: [],
    });
    expect((await service.list())[0]).not.toHaveProperty('secretHash');
  });

  it('refuses a missing, malformed, unknown, wrong-secret, revoked or expired token', async () => {
    const { token, summary } = await service.create({ name: 'ops', role: 'read_only', expiresAt: new Date('2026-06-02T00:00:00Z'), createdBy: 'alice' });
    expect(await refusal(undefined)).toEqual({ kind: 'missing', description: 'no bearer token' });
    expect(await refusal('Bearer-ish garbage')).toMatchObject({ kind: 'invalid' });
    expect(await refusal(`rmcp_ffffffffffff_${'A'.repeat(43)}`)).toEqual({ kind: 'invalid', description: 'unknown API token' });
    expect(await refusal(`rmcp_${summary.id}_${'A'.repeat(43)}`)).toEqual({ kind: 'invalid', description: 'unknown API token' });
    await auth.authenticate(token);
    expect(await refusal(`rmcp_${summary.id}_${'B'.repeat(43)}`)).toEqual({ kind: 'invalid', description: 'unknown API token' });
    now = new Date('2026-06-02T00:00:00Z');
    expect(await refusal(token)).toEqual({ kind: 'expired', description: 'the API token has expired' });
    now = new Date('2026-06-01T13:00:00Z');
    expect(await service.revoke(summary.id)).toEqual({ revokedAt: now, already: false });
    expect(await refusal(token)).toEqual({ kind: 'invalid', description: 'the API token was revoked' });
    // Revoking again says it already was, since the first time.
    const first = now;
    now = new Date('2026-06-01T14:00:00Z');
    expect(await service.revoke(summary.id)).toEqual({ revokedAt: first, already: true });
    expect(await service.revoke('ffffffffffff')).toBeUndefined();
  });

  it('concurrent requests with one token share record reads (each read begun after they arrived), not one per request', async () => {
    const { token, summary } = await service.create({ name: 'ops', role: 'read_only', createdBy: 'alice' });
    await auth.authenticate(token); // verifies the secret once (scrypt)
    let reads = 0;
    const findById = repo.findById.bind(repo);
    repo.findById = (id: string) => (reads++, findById(id));
    const answers = await Promise.all(Array.from({ length: 20 }, () => auth.authenticate(token)));
    expect(answers.every((a) => a.principal.credentialId === summary.id)).toBe(true);
    expect(reads).toBe(2); // the first caller's read, then one for everyone who arrived while it ran
    await service.revoke(summary.id);
    expect(await refusal(token)).toEqual({ kind: 'invalid', description: 'the API token was revoked' });
  });

  it('touches lastUsedAt at most once a minute', async () => {
    const { token } = await service.create({ name: 'ops', role: 'read_only', createdBy: 'alice' });
    await auth.authenticate(token);
    now = new Date(now.getTime() + 59_000);
    await auth.authenticate(token);
    now = new Date(now.getTime() + 1_000);
    await auth.authenticate(token);
    expect(repo.touches.map((d) => d.toISOString())).toEqual(['2026-06-01T12:00:00.000Z', '2026-06-01T12:01:00.000Z']);
  });

  it('refuses a name another token has, ignoring case and revocation, and names that could read as another namespace', async () => {
    const first = await service.create({ name: 'ops-bot', role: 'read_only', createdBy: 'os:alice' });
    await service.revoke(first.summary.id);
    for (const name of ['ops-bot', 'OPS-Bot', 'os:root', 'token:ops-bot', 'oidc:https://idp#u1', 'a#b', 'x\u001b[8m', 'anonymous ']) {
      const error = await service.create({ name, role: 'admin', createdBy: 'os:alice' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors.map((e) => e.field)).toEqual(['name']);
    }
    const dup = (await service.create({ name: 'OPS-Bot', role: 'admin', createdBy: 'os:alice' }).catch((e: unknown) => e)) as ValidationError;
    expect(dup.message).toBe("name: an API token named 'OPS-Bot' already exists (names are never reused, revoked tokens keep theirs, so an audit record names one token): choose another name");
    const colon = (await service.create({ name: 'os:root', role: 'admin', createdBy: 'os:alice' }).catch((e: unknown) => e)) as ValidationError;
    expect(colon.message).toBe(`name: must be 1-64 letters, digits or . _ @ - starting with a letter or digit (no ":"); got 'os:root'`);
    expect(repo.rows.size).toBe(1);
  });

  it('refuses bad input with every field named, storing nothing', async () => {
    const error = await service
      .create({ name: 'bad name', role: 'root', environments: ['moon'], deviceTags: [''], expiresAt: new Date('2026-01-01T00:00:00Z'), createdBy: 'alice' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors.map((e) => e.field)).toEqual(['name', 'role', 'environments', 'tags', 'expires']);
    expect(repo.rows.size).toBe(0);
  });
});
