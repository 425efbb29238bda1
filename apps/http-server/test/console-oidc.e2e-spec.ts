import { connectHttp, type EraClient, Fleet, freePort, launchChromium, OIDC_TEST_CLIENTS, type OidcProvider, startFleet, startOidcProvider, tempDir } from '@routeros-mcp/testing';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_MAIN, httpAuthFor } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { planAudit, stopConsoleRig } from './console-session';

// The console's sign-in through the MCP endpoint's identity provider, end to end: a real oidc-provider (the console a
// confidential client of it), a real routeros-mcp-http on a prod SQLite data directory with a simulated fleet, and
// people signing in in headless Chromium; the refusals over plain HTTP, where a test can tamper with the answer.

const dir = tempDir('console-oidc-');
const dataDir = join(dir.path, 'data');
const ARTIFACTS = join(__dirname, '..', 'test-artifacts', 'console-oidc');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const DEVICES = ['co-0', 'co-1'];
const PEOPLE = {
  alice: { name: 'Alice Approver', roles: ['approver'] },
  rita: { name: 'Rita Reader', roles: ['read_only'] },
  // Signed in by the provider, but no claim of hers maps to a role.
  nora: { name: 'Nora Nobody', roles: ['superuser'] },
};
const run = promisify(execFile);
let fleet: Fleet;
let idp: OidcProvider;
let server: RunningHttpServer;
let base: string;
let mcp: EraClient;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  [fleet, idp] = await Promise.all([
    startFleet({ devices: 2, profile: 'home', version: '7.20.5', users: USERS }),
    startOidcProvider({ consoleRedirectUris: [`${base}/console/login/callback`], accounts: PEOPLE }),
  ]);
  await enrollWriters(dataDir, USERS[0], fleet.devices.map((device, i) => ({ id: DEVICES[i], device, environment: 'prod' as const, capabilities: { allow_advanced_writes: true, allow_professional_workflows: true } })));
  const auth = await httpAuthFor(dataDir);
  // The secret from a file, as a deployment mounts it.
  const secretFile = join(dir.path, 'console-oidc-secret');
  writeFileSync(secretFile, `${OIDC_TEST_CLIENTS.console.clientSecret}\n`, { mode: 0o600 });
  server = await startHttpServer(
    {
      ROUTEROS_MCP_DATA_DIR: dataDir,
      ROUTEROS_MCP_ENVIRONMENT: 'prod',
      ...auth.env,
      ROUTEROS_MCP_TOOLSETS: 'default,professional',
      ROUTEROS_MCP_OAUTH_ISSUER: idp.issuer,
      ROUTEROS_MCP_OAUTH_ROLES_CLAIM: 'roles',
      ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_ID: OIDC_TEST_CLIENTS.console.clientId,
      ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET_FILE: secretFile,
      ROUTEROS_MCP_CONSOLE_OIDC_PROVIDER_NAME: 'Test IdP',
    },
    ['--port', String(port)],
  );
  mcp = await connectHttp('modern', server.url, { token: auth.token });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await stopConsoleRig({ browser, mcp, server, others: [() => fleet?.stop(), () => idp?.stop()] });
  dir.remove();
});

/** A new browser (its own cookies, at the console and at the provider) signing `who` in from the login page. */
async function signIn(who: keyof typeof PEOPLE): Promise<Page> {
  await idp.loginAs(who);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/console/login`);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  return page;
}

const cookieValue = (response: Response, name: string) => response.headers.getSetCookie().map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1]).find((v) => v !== undefined);

/** Over plain HTTP: starts a sign-in and follows the provider's automatic login; the callback URL and the pre-login cookie. */
async function callbackOverHttp(who: keyof typeof PEOPLE): Promise<{ callback: URL; seed: string }> {
  await idp.loginAs(who);
  const start = await fetch(`${base}/console/login/oidc`, { redirect: 'manual' });
  expect(start.status).toBe(303);
  const seed = cookieValue(start, 'routeros_console_login')!;
  expect(start.headers.getSetCookie().find((c) => c.startsWith('routeros_console_login='))).toMatch(/Path=\/console\/login; HttpOnly; SameSite=Lax; Max-Age=600/);
  const authorization = new URL(start.headers.get('location')!);
  expect(authorization.href.startsWith(idp.issuer)).toBe(true);
  expect(Object.fromEntries(authorization.searchParams)).toMatchObject({ response_type: 'code', client_id: OIDC_TEST_CLIENTS.console.clientId, redirect_uri: `${base}/console/login/callback`, code_challenge_method: 'S256', scope: 'openid profile' });
  return { callback: await idp.authorize(authorization), seed };
}

const callback = (url: URL | string, seed?: string) => fetch(url, { redirect: 'manual', headers: seed ? { cookie: `routeros_console_login=${seed}` } : {} });

async function loginAudit(): Promise<{ principal: string; action: string; outcome: string; error_code: string | null }[]> {
  const { stdout } = await run(process.execPath, [ADMIN_MAIN, 'audit', '--action', 'console.login', '--json', '--limit', '200'], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } });
  return JSON.parse(stdout);
}

describe('signing in through the identity provider', () => {
  it('an approver signs in, lands on the fleet with her name and role, and approves a plan as her provider identity', async () => {
    const page = await signIn('alice');
    await page.waitForURL(`${base}/console/fleet`);
    await expect(page.locator('.who span').textContent()).resolves.toBe('Alice Approver (approver)');
    await expect(page.locator('tr[data-device]').count()).resolves.toBe(2);
    await page.screenshot({ path: join(ARTIFACTS, 'fleet.png'), fullPage: true });
    const cookie = (await page.context().cookies()).find((c) => c.name === 'routeros_console')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console' });
    expect((await page.context().cookies()).some((c) => c.name === 'routeros_console_login')).toBe(false);

    const plan = (await mcp.callTool('plan_dns_ntp', { devices: DEVICES, dns_servers: ['192.0.2.77'], rollout: { canary_size: 1, batch_size: 1, pause_seconds: 0 } })).structuredContent;
    await page.goto(`${base}/console/plans/${plan.plan_id}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${base}/console/plans/${plan.plan_id}?done=approved`);
    await expect(page.locator('#plan-status').textContent()).resolves.toBe('approved');
    // The same principal the MCP endpoint gives her tokens: four eyes sees one person on both.
    expect((await planAudit(dataDir, plan.plan_id)).find((e) => e.action === 'plan.approve')).toMatchObject({ principal: `oidc:${idp.issuer}#alice (console)`, outcome: 'success' });
    expect(await loginAudit()).toEqual(expect.arrayContaining([expect.objectContaining({ principal: `oidc:${idp.issuer}#alice (console)`, outcome: 'success' })]));
    await page.context().close();
  }, 120_000);

  it('logging out ends the session: its cookie no longer opens a page', async () => {
    const page = await signIn('rita');
    await page.waitForURL(`${base}/console/fleet`);
    await expect(page.locator('.who span').textContent()).resolves.toBe('Rita Reader (read_only)');
    const secret = (await page.context().cookies()).find((c) => c.name === 'routeros_console')!.value;
    const withCookie = () => fetch(`${base}/console/fleet`, { redirect: 'manual', headers: { cookie: `routeros_console=${secret}` } });
    expect((await withCookie()).status).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/console/login`);
    const after = await withCookie();
    expect([after.status, after.headers.get('location')]).toEqual([303, '/console/login']);
    await page.context().close();
  }, 60_000);

  it('a person none of whose claims maps to a role is refused, and the refusal is audited as that person', async () => {
    const page = await signIn('nora');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Not signed in');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/Test IdP signed you in, but the console cannot serve you: .*maps to a role/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('routeros_console');
    await page.screenshot({ path: join(ARTIFACTS, 'no-role.png'), fullPage: true });
    expect(await loginAudit()).toEqual(expect.arrayContaining([expect.objectContaining({ principal: `oidc:${idp.issuer}#nora (console)`, outcome: 'error', error_code: 'ACCESS.REFUSED' })]));
    await page.context().close();
  }, 60_000);

  it('a replayed callback is refused in the browser: its pre-login cookie was spent', async () => {
    await idp.loginAs('alice');
    const page = await (await browser.newContext()).newPage();
    const callbacks: string[] = [];
    page.on('request', (request) => request.url().startsWith(`${base}/console/login/callback`) && callbacks.push(request.url()));
    await page.goto(`${base}/console/login/oidc`);
    await page.waitForURL(`${base}/console/fleet`);
    expect(callbacks).toHaveLength(1);
    await page.goto(callbacks[0]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Not signed in');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/does not belong to a sign-in started in this browser/);
    await page.context().close();
  }, 60_000);
});

describe('sign-in answers that are refused (plain HTTP)', () => {
  it('a tampered state is refused before the code is used; the true answer then signs in, once', async () => {
    const { callback: url, seed } = await callbackOverHttp('alice');
    const tampered = new URL(url);
    tampered.searchParams.set('state', `${url.searchParams.get('state')!.slice(0, -2)}xx`);
    const refused = await callback(tampered, seed);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('does not belong to the login this browser started (state)');
    expect(refused.headers.getSetCookie().join()).not.toMatch(/routeros_console=[^;]/);
    expect(await loginAudit()).toEqual(expect.arrayContaining([expect.objectContaining({ principal: 'unauthenticated (console)', outcome: 'error', error_code: 'PROTOCOL.UNAUTHORIZED' })]));

    const signedIn = await callback(url, seed);
    expect(signedIn.status).toBe(200);
    const session = cookieValue(signedIn, 'routeros_console')!;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieValue(signedIn, 'routeros_console_login')).toBe('');
    // A plain client keeps what the browser dropped: the same cookie and code again fail at the provider (code used).
    const replayed = await callback(url, seed);
    expect(replayed.status).toBe(502);
    expect(await replayed.text()).toMatch(/did not exchange the code \(HTTP 400, invalid_grant\)/);
    expect((await callback(url)).status).toBe(403);

    // The session works for a state-changing form with its CSRF token, and not without it.
    const fleetPage = await (await fetch(`${base}/console/fleet`, { headers: { cookie: `routeros_console=${session}` } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(fleetPage)![1];
    const post = (fields: Record<string, string>) => fetch(`${base}/console/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: `routeros_console=${session}`, origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    expect((await post({ csrf: 'forged' })).status).toBe(403);
    expect((await post({ csrf })).status).toBe(303);
    expect((await fetch(`${base}/console/fleet`, { redirect: 'manual', headers: { cookie: `routeros_console=${session}` } })).status).toBe(303);
  }, 60_000);

  it("the provider's error answer and a callback with no code are refused, naming the error", async () => {
    await idp.loginAs('alice');
    const start = await fetch(`${base}/console/login/oidc`, { redirect: 'manual' });
    const seed = cookieValue(start, 'routeros_console_login')!;
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const denied = await callback(`${base}/console/login/callback?error=access_denied&error_description=${encodeURIComponent('<b>no</b>')}&state=${state}`, seed);
    expect(denied.status).toBe(403);
    const text = await denied.text();
    expect(text).toContain('The identity provider refused the login: access_denied (&lt;b&gt;no&lt;/b&gt;). Start again.');
    expect((await callback(`${base}/console/login/callback?state=${state}`, seed)).status).toBe(403);
    const mixedUp = await callback(`${base}/console/login/callback?code=abc&state=${state}&iss=${encodeURIComponent('https://other-issuer.example')}`, seed);
    expect([mixedUp.status, await mixedUp.text()]).toEqual([403, expect.stringContaining('The login answer comes from another issuer (iss)')]);
  }, 60_000);

  it('never logs the client secret, a code or a session secret', async () => {
    const { callback: url, seed } = await callbackOverHttp('alice');
    const session = cookieValue(await callback(url, seed), 'routeros_console')!;
    const log = server.lines.join('\n');
    expect(log).toContain('console sign-in refused');
    for (const secret of [OIDC_TEST_CLIENTS.console.clientSecret, url.searchParams.get('code')!, seed, session]) expect(log).not.toContain(secret);
  }, 60_000);
});
