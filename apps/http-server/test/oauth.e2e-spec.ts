import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { connectHttp, EraClient, ERAS, Fleet, freePort, OIDC_TEST_CLIENTS, OidcProvider, simControl, startFleet, startOidcProvider, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { enrollFleet } from './replica-fleet';

// routeros-mcp-http as an OAuth 2.1 resource server, against a real OIDC provider (oidc-provider) run by the spec.
const dir = tempDir('http-oauth-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const REDIRECT = 'http://127.0.0.1:1/callback';
let idp: OidcProvider;
let otherIdp: OidcProvider;
let fleet: Fleet;
let server: RunningHttpServer;
let expiring: RunningHttpServer | undefined;
let resource: string;

const identity = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name as string;
const setIdentity = (token: string | undefined, name: string) =>
  fetch(resource, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'system_set_identity', arguments: { device_id: 'r-1', name } } }),
  });

beforeAll(async () => {
  [idp, otherIdp, fleet] = await Promise.all([startOidcProvider({ redirectUris: [REDIRECT] }), startOidcProvider({ accessTokenTtlS: 1 }), startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS })]);
  await enrollFleet({ env: {} }, dataDir, fleet, ['r-1']);
  const port = await freePort();
  resource = `http://127.0.0.1:${port}/mcp`;
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_AUTH: 'oauth', ROUTEROS_MCP_OAUTH_ISSUER: idp.issuer, ROUTEROS_MCP_HTTP_PUBLIC_URL: resource }, ['--port', String(port)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.stop(), expiring?.stop()]);
  await Promise.all([idp?.stop(), otherIdp?.stop(), fleet?.stop()]);
  dir.remove();
});

/** A token for this server (aud = its public URL) with these scopes, by client credentials. */
const tokenWith = (scopes: Parameters<OidcProvider['clientCredentialsToken']>[0]) => idp.clientCredentialsToken(scopes, resource);

describe('discovery', () => {
  it('answers a request without a token with 401, the metadata URL and the scope to start with, and serves RFC 9728 metadata naming the issuer', async () => {
    const response = await setIdentity(undefined, 'no-token');
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate')!;
    // The scope that opens reading, the least a client needs (MCP's scope selection); more by step-up (403).
    expect(challenge).toMatch(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp", scope="routeros:read"$/);
    const invalid = await setIdentity('not-a-jwt', 'bad-token');
    expect(invalid.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="[^"]+", error="invalid_token", error_description="[^"]+", scope="routeros:read"$/);
    const metadata = (await (await fetch(challenge.match(/resource_metadata="([^"]+)"/)![1])).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ resource, authorization_servers: [idp.issuer], bearer_methods_supported: ['header'] });
    expect(metadata['scopes_supported']).toEqual(expect.arrayContaining(['routeros:read', 'routeros:write']));
  });
});

describe.each(ERAS)('client credentials, %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectHttp(era, resource, { token: await tokenWith(['routeros:read']) });
  });
  afterAll(() => client?.close());

  it('lets a read-only token read', async () => {
    const result = await client.callTool('device_list', {});
    expect(result.structuredContent.items.map((d: { id: string }) => d.id)).toEqual(['r-1']);
  });
});

describe('the SDK client\'s own OAuth providers', () => {
  it('connects with client credentials through ClientCredentialsProvider (RFC 8707 resource from the metadata)', async () => {
    const client = new Client({ name: 'cc', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const authProvider = new ClientCredentialsProvider({ ...OIDC_TEST_CLIENTS.jwt, scope: 'routeros:read', issuer: idp.issuer } as never);
    await client.connect(new StreamableHTTPClientTransport(new URL(resource), { authProvider }));
    try {
      const result = (await client.callTool({ name: 'device_list', arguments: {} })) as { structuredContent: { total_count: number } };
      expect(result.structuredContent.total_count).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('runs authorization code with PKCE: 401, authorization for the scope it names, code exchange, a call as the signed-in user, and step-up for a write', async () => {
    let codeVerifier = '';
    let tokens: unknown;
    let information: unknown = { client_id: OIDC_TEST_CLIENTS.app.clientId };
    let authorizationUrl: URL | undefined;
    const provider = {
      get redirectUrl() {
        return REDIRECT;
      },
      get clientMetadata() {
        return { client_name: 'e2e', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', scope: 'routeros:read routeros:write' };
      },
      clientInformation: () => information,
      saveClientInformation: (value: unknown) => void (information = value),
      tokens: () => tokens,
      saveTokens: (value: unknown) => void (tokens = value),
      redirectToAuthorization: (url: URL) => void (authorizationUrl = url),
      saveCodeVerifier: (value: string) => void (codeVerifier = value),
      codeVerifier: () => codeVerifier,
    };
    const attempt = async () => {
      const client = new Client({ name: 'pkce', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      const transport = new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider as never });
      // The first request (the connection's, or the first call's) meets the 401 and starts the authorization.
      const refused = await client
        .connect(transport)
        .then(() => client.callTool({ name: 'device_list', arguments: {} }))
        .then(() => undefined, (error: unknown) => error);
      return { client, transport, refused };
    };
    const first = await attempt();
    expect(first.refused).toBeInstanceOf(UnauthorizedError);
    expect(authorizationUrl!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl!.searchParams.get('resource')).toBe(resource);
    // The client asks for what the 401 named, not every scope of the metadata.
    expect(authorizationUrl!.searchParams.get('scope')!.split(' ')).not.toContain('routeros:write');
    expect(authorizationUrl!.searchParams.get('scope')!.split(' ')).toContain('routeros:read');
    const callback = await idp.authorize(authorizationUrl!);
    await first.transport.finishAuth(callback.searchParams);
    await first.client.close();
    const second = await attempt();
    expect(second.refused).toBeUndefined();
    const signedIn = second;
    try {
      // A write needs routeros:write: 403 insufficient_scope naming it, and the SDK asks for it on top of what it holds.
      authorizationUrl = undefined;
      const stepUp = await signedIn.client.callTool({ name: 'system_set_identity', arguments: { device_id: 'r-1', name: 'pkce-user' } }).then(() => undefined, (error: unknown) => error);
      expect(stepUp).toBeInstanceOf(UnauthorizedError);
      expect(authorizationUrl!.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['routeros:read', 'routeros:write']));
      expect(await identity()).not.toBe('pkce-user');
      await signedIn.transport.finishAuth((await idp.authorize(authorizationUrl!)).searchParams);
      const result = (await signedIn.client.callTool({ name: 'system_set_identity', arguments: { device_id: 'r-1', name: 'pkce-user' } })) as { structuredContent: { changed: boolean } };
      expect(result.structuredContent.changed).toBe(true);
      expect(await identity()).toBe('pkce-user');
      // The signed-in subject and the client reach the audit record.
      const audit = (await signedIn.client.callTool({ name: 'audit_list_events', arguments: { action: 'tool.system_set_identity' } })) as { structuredContent: { items: { principal: string; client: string }[] } };
      expect(audit.structuredContent.items[0]).toMatchObject({ principal: `oidc:${idp.issuer}#test-user (http)`, client: 'pkce 1.0.0' });
    } finally {
      await signedIn.client.close();
    }
  });
});

describe('refusals: answered correctly, nothing executed', () => {
  const refusedWith = async (token: string | undefined, status: number, error?: RegExp) => {
    const before = await identity();
    const response = await setIdentity(token, `refused-${status}`);
    expect(response.status).toBe(status);
    if (error) expect(response.headers.get('www-authenticate')).toMatch(error);
    const body = (await response.json()) as { error: { data: { mcp_error_code: string } } };
    expect(await identity()).toBe(before);
    if (token) expect(JSON.stringify(body) + (response.headers.get('www-authenticate') ?? '')).not.toContain(token);
    return body;
  };

  it('a token signed by another key (forged signature)', async () => {
    const token = await tokenWith(['routeros:write']);
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await refusedWith(`${header}.${payload}.${flipped}`, 401, /error="invalid_token"/);
  });

  it('a token from another issuer', async () => {
    await refusedWith(await otherIdp.clientCredentialsToken(['routeros:write'], resource), 401, /error="invalid_token"/);
  });

  it('a token for another audience', async () => {
    await refusedWith(await idp.clientCredentialsToken(['routeros:write'], 'http://127.0.0.1:9/mcp'), 401, /error="invalid_token"/);
  });

  it('a malformed token', async () => {
    await refusedWith('not-a-jwt', 401, /error="invalid_token"/);
  });

  it('a token whose scopes do not open the tool: 403 insufficient_scope naming the scope for step-up', async () => {
    const body = await refusedWith(await tokenWith(['routeros:read']), 403, /error="insufficient_scope".*scope="routeros:write"/);
    expect(body.error.data.mcp_error_code).toBe('FORBIDDEN');
    // A scope that maps to no role opens nothing, not even reads.
    await refusedWith(await tokenWith(['other:scope']), 403, /insufficient_scope/);
  });

  it('a plan resource read with the write scope: 403 naming both scopes that open plans (admin and approve), the challenge the least one', async () => {
    const response = await fetch(resource, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${await tokenWith(['routeros:read', 'routeros:write'])}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'resources/read', params: { uri: 'plan://plan-0000-none/summary' } }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="routeros:admin"$/);
    const body = (await response.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect(body.error.message).toMatch(/do not include admin or approver$/);
    expect(body.error.data).toMatchObject({ mcp_error_code: 'FORBIDDEN', required_scope: 'routeros:admin', allowed_scopes: ['routeros:admin', 'routeros:approve'], allowed_roles: ['admin', 'approver'], suggestion: 'Get a token with scope routeros:admin or routeros:approve and retry.' });
  });
});

describe('expiry', () => {
  it('refuses a token once it has expired (no skew configured)', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    expiring = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: join(dir.path, 'expiring'), ROUTEROS_MCP_AUTH: 'oauth', ROUTEROS_MCP_OAUTH_ISSUER: otherIdp.issuer, ROUTEROS_MCP_HTTP_PUBLIC_URL: url, ROUTEROS_MCP_OAUTH_CLOCK_SKEW_S: '0' }, ['--port', String(port)]);
    const token = await otherIdp.clientCredentialsToken(['routeros:read'], url);
    const exp = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }).exp;
    const list = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    // Waits for the expiry itself (the clock is the event), then one more second past it.
    while (Date.now() < exp * 1000 + 1000) await new Promise((next) => setTimeout(next, 100));
    const response = await list();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });
});
