// A real OAuth 2.1 / OIDC provider (oidc-provider 8) for specs, run as a child process because the package is
// ESM-only and Jest's CommonJS runtime cannot load it. Options arrive as JSON in argv[2]; once listening it prints
// one line `OIDC_PROVIDER_READY <issuer>` on stdout. Test-only: fixed secrets, automatic login and consent.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const options = JSON.parse(process.argv[2] ?? '{}');
const SCOPES = 'routeros:read routeros:write routeros:admin routeros:approve other:scope';
let ACCOUNT = options.accountId ?? 'test-user';
// Claims of named test people (e.g. { alice: { name: 'Alice', roles: ['approver'] } }), in their ID tokens.
const accounts = options.accounts ?? {};
const extraClaims = options.extraClaims ?? {};
const accessTokenTTL = options.accessTokenTtlS ?? 600;

function newKey(kind) {
  const { privateKey } = kind === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: `${kind}-${randomUUID().slice(0, 8)}`, use: 'sig', ...(kind === 'ec' ? { alg: 'ES256' } : {}) };
}

// Newest first: oidc-provider signs with the first key that fits the algorithm, and publishes them all.
let keys = [newKey('rsa'), newKey('ec')];

const clients = [
  { client_id: 'routeros-cc', client_secret: 'routeros-cc-secret', grant_types: ['client_credentials'], response_types: [], redirect_uris: [], scope: SCOPES },
  { client_id: 'routeros-cc-es256', client_secret: 'routeros-cc-es256-secret', grant_types: ['client_credentials'], response_types: [], redirect_uris: [], scope: SCOPES },
  { client_id: 'routeros-cc-opaque', client_secret: 'routeros-cc-opaque-secret', grant_types: ['client_credentials'], response_types: [], redirect_uris: [], scope: SCOPES },
  // The resource server's own client, for introspection (client_secret_basic).
  { client_id: 'routeros-rs', client_secret: 'routeros-rs-secret', grant_types: [], response_types: [], redirect_uris: [] },
  // A public client for authorization code with PKCE (the MCP client's flow).
  {
    client_id: 'routeros-app',
    token_endpoint_auth_method: 'none',
    application_type: 'native',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: options.redirectUris ?? ['http://127.0.0.1/callback'],
    scope: `openid offline_access ${SCOPES}`,
  },
  // A confidential client for a person's login (the operator console): client_secret_basic at the token endpoint.
  {
    client_id: 'routeros-console',
    client_secret: 'routeros-console-secret',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: options.consoleRedirectUris ?? ['http://127.0.0.1/console/login/callback'],
    scope: `openid profile ${SCOPES}`,
  },
];

const server = createServer();
await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

function build() {
  const provider = new Provider(issuer, {
    clients,
    jwks: { keys },
    cookies: { keys: ['routeros-test-cookie-key'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, name: 'Test User', preferred_username: 'tester', ...(accounts[sub] ?? {}) }),
    }),
    // `roles` rides with profile, so a console login's ID token carries the role claim the test people have.
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'roles'] },
    // Profile claims in the ID token itself (not only at userinfo), as many providers are set up for a login.
    conformIdTokenClaims: false,
    scopes: ['openid', 'offline_access', ...SCOPES.split(' ')],
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource gets the configured default (or none: an opaque, audience-less token).
        defaultResource: async (_ctx, _client, oneOf) => oneOf?.[0] ?? options.defaultResource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource, client) => ({
          scope: SCOPES,
          audience: resource,
          accessTokenTTL,
          accessTokenFormat: client.clientId === 'routeros-cc-opaque' ? 'opaque' : 'jwt',
          jwt: { sign: { alg: client.clientId === 'routeros-cc-es256' ? 'ES256' : 'RS256' } },
        }),
      },
    },
    extraTokenClaims: async () => extraClaims,
    ttl: { AccessToken: accessTokenTTL, ClientCredentials: accessTokenTTL },
  });
  provider.proxy = false;
  return { provider, handle: provider.callback() };
}

let current = build();

/** Logs the fixed test account in and grants whatever was asked: no browser, no form. */
async function autoInteraction(req, res) {
  const { provider } = current;
  const details = await provider.interactionDetails(req, res);
  const { prompt, params, session } = details;
  let result;
  if (prompt.name === 'login') {
    result = { login: { accountId: ACCOUNT } };
  } else {
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    result = { consent: { grantId: await grant.save() } };
  }
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

/** Test controls: a new signing key first in the set (the old ones stay published, as in a real rotation). */
function control(req, res) {
  const loginAs = /^\/__test\/login-as\/([A-Za-z0-9._-]+)$/.exec(req.url);
  if (req.method === 'POST' && loginAs) {
    ACCOUNT = loginAs[1];
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'POST' && req.url === '/__test/rotate-keys') {
    keys = [newKey('rsa'), newKey('ec'), ...keys];
    current = build();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ kids: keys.map((k) => k.kid) }));
    return;
  }
  res.writeHead(404).end();
}

server.on('request', (req, res) => {
  if (req.url.startsWith('/__test/')) return control(req, res);
  if (req.url.startsWith('/interaction/')) {
    autoInteraction(req, res).catch((error) => {
      process.stderr.write(`interaction failed: ${error.stack}\n`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
    return;
  }
  return current.handle(req, res);
});

process.on('SIGTERM', () => process.exit(0));
process.stdout.write(`OIDC_PROVIDER_READY ${issuer}\n`);
