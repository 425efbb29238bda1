import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Scopes the test provider knows; `other:scope` maps to no role. */
export type OidcTestScope = 'routeros:read' | 'routeros:write' | 'routeros:admin' | 'routeros:approve' | 'other:scope' | 'openid' | 'offline_access';

export interface OidcProviderOptions {
  /** Added to every access token (JWT claims, or the introspection answer of an opaque token). */
  extraClaims?: Record<string, unknown>;
  /** Redirect URIs of the public client `routeros-app` (authorization code + PKCE). */
  redirectUris?: string[];
  /** The resource a client gets when it names none. */
  defaultResource?: string;
  accessTokenTtlS?: number;
  /** The subject the automatic login signs in as (default `test-user`; `loginAs` changes it). */
  accountId?: string;
  /** Claims of named test people, in their ID tokens (e.g. `{ alice: { name: 'Alice', roles: ['approver'] } }`). */
  accounts?: Record<string, Record<string, unknown>>;
  /** Redirect URIs of the confidential client `routeros-console` (a person's login, e.g. `<console>/login/callback`). */
  consoleRedirectUris?: string[];
}

/**
 * Fixed test clients. `jwt`: RS256 JWT access tokens; `es256`: ES256 JWTs (for algorithm allow-lists);
 * `opaque`: opaque tokens (for introspection); `resourceServer`: the resource server's introspection credentials;
 * `app`: a public client for authorization code with PKCE; `console`: a confidential one, for a person's login.
 */
export const OIDC_TEST_CLIENTS = {
  jwt: { clientId: 'routeros-cc', clientSecret: 'routeros-cc-secret' },
  es256: { clientId: 'routeros-cc-es256', clientSecret: 'routeros-cc-es256-secret' },
  opaque: { clientId: 'routeros-cc-opaque', clientSecret: 'routeros-cc-opaque-secret' },
  resourceServer: { clientId: 'routeros-rs', clientSecret: 'routeros-rs-secret' },
  app: { clientId: 'routeros-app' },
  /** A confidential client for a person's login (authorization code + PKCE, client_secret_basic): the console. */
  console: { clientId: 'routeros-console', clientSecret: 'routeros-console-secret' },
} as const;

export interface OidcProvider {
  /** `http://127.0.0.1:<port>`, exactly as in the tokens' `iss`. */
  issuer: string;
  jwksUri: string;
  tokenEndpoint: string;
  introspectionEndpoint: string;
  /** A client-credentials access token for `resource` (its `aud`), with these scopes. */
  clientCredentialsToken(scopes: OidcTestScope[], resource: string, options?: { client?: 'jwt' | 'es256' | 'opaque' }): Promise<string>;
  /**
   * Follows an authorization URL (authorization code + PKCE) through the automatic login and consent, cookies
   * kept, and returns the final redirect (to the client's redirect URI, carrying `code` and `state`).
   */
  authorize(authorizationUrl: string | URL): Promise<URL>;
  /** The automatic login signs the next new browser session in as this subject (its claims from `accounts`). */
  loginAs(accountId: string): Promise<void>;
  /** Publishes a new signing key and signs with it from now on; older keys stay in the JWKS. Returns every kid, newest first. */
  rotateKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'oidc-provider.mjs');
const START_TIMEOUT_MS = 60_000;

/** Starts oidc-provider in a child process on 127.0.0.1 (ephemeral port) and waits for its ready line. */
export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<OidcProvider> {
  const child = spawn(process.execPath, [SCRIPT, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'test' } });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const issuer = await readyLine(child, () => stderr);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const post = async (path: string, body: Record<string, string>, auth?: { clientId: string; clientSecret: string }) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (auth) headers['authorization'] = `Basic ${Buffer.from(`${encodeURIComponent(auth.clientId)}:${encodeURIComponent(auth.clientSecret)}`).toString('base64')}`;
    return fetch(`${issuer}${path}`, { method: 'POST', headers, body: new URLSearchParams(body) });
  };

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    tokenEndpoint: `${issuer}/token`,
    introspectionEndpoint: `${issuer}/token/introspection`,
    async clientCredentialsToken(scopes, resource, { client = 'jwt' } = {}) {
      const res = await post('/token', { grant_type: 'client_credentials', scope: scopes.join(' '), resource }, OIDC_TEST_CLIENTS[client]);
      const body = (await res.json()) as { access_token?: string; error?: string; error_description?: string };
      if (!res.ok || !body.access_token) throw new Error(`token request failed (${res.status}): ${body.error} ${body.error_description ?? ''}`);
      return body.access_token;
    },
    async authorize(authorizationUrl) {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop++) {
        if (!url.href.startsWith(issuer)) return url;
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) throw new Error(`authorization stopped at ${url.pathname} with HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
        await res.arrayBuffer().catch(() => undefined);
        url = new URL(location, url);
      }
      throw new Error('authorization: too many redirects');
    },
    async loginAs(accountId) {
      const res = await fetch(`${issuer}/__test/login-as/${encodeURIComponent(accountId)}`, { method: 'POST' });
      if (res.status !== 204) throw new Error(`login-as failed: HTTP ${res.status}`);
    },
    async rotateKeys() {
      const res = await fetch(`${issuer}/__test/rotate-keys`, { method: 'POST' });
      if (!res.ok) throw new Error(`rotate-keys failed: HTTP ${res.status}`);
      return ((await res.json()) as { kids: string[] }).kids;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function readyLine(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`oidc-provider did not start within ${START_TIMEOUT_MS} ms: ${stderr()}`)), START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout! });
    const fail = (error: Error) => {
      clearTimeout(timer);
      lines.close();
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`oidc-provider exited (${code}) before it was ready: ${stderr()}`)));
    lines.on('line', (line) => {
      const match = /^OIDC_PROVIDER_READY (\S+)$/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(match[1]!);
    });
  });
}
