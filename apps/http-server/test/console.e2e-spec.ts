import { connectHttp, type EraClient, Fleet, launchChromium, startFleet, tempDir, waitFor } from '@routeros-mcp/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sqlite3 from 'sqlite3';
import { httpAuthFor } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { consoleLink, consoleSession, csrfOf, logInWithLink, planAudit, runAdmin, stopConsoleRig } from './console-session';

// The operator console end to end: a real routeros-mcp-http on a prod SQLite data directory, a simulated fleet, plans
// made by an MCP client, and people logging in with one-time links, in headless Chromium and over plain HTTP.

const dir = tempDir('console-');
const dataDir = join(dir.path, 'data');
const ARTIFACTS = join(__dirname, '..', 'test-artifacts', 'console');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const PLAN_FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true };
const DEVICES = ['cn-0', 'cn-1', 'cn-2'];
let fleet: Fleet;
let server: RunningHttpServer;
let base: string;
let mcp: EraClient;
let creator: string;
let browser: Browser;
/** The plan the approve test applied to completion, which the rollback test undoes. */
let completed: string;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  fleet = await startFleet({ devices: 3, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], fleet.devices.map((device, i) => ({ id: DEVICES[i], device, environment: 'prod' as const, capabilities: PLAN_FLAGS })));
  auth = await httpAuthFor(dataDir);
  server = await startHttpServer(serverEnv());
  base = server.base;
  mcp = await connectHttp('modern', server.url, { token: auth.token });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await stopConsoleRig({ browser, mcp, server, others: [() => fleet?.stop()] });
  dir.remove();
});

let auth: Awaited<ReturnType<typeof httpAuthFor>>;
/** The plan tools' rate limit (20 a minute) is not what this spec is about: its many plan calls run unlimited. */
const serverEnv = () => ({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_ENVIRONMENT: 'prod', ...auth.env, ROUTEROS_MCP_TOOLSETS: 'default,professional', ROUTEROS_MCP_RATE_LIMIT_PROFESSIONAL_PER_MINUTE: '100000' });
let planNumber = 0;
/** A pending prod plan made over MCP by the admin token (its creator). */
async function newPlan(): Promise<string> {
  const plan = (await mcp.callTool('plan_dns_ntp', { devices: DEVICES, dns_servers: [`192.0.2.${50 + ++planNumber}`], rollout: { canary_size: 1, batch_size: 2, pause_seconds: 0 } })).structuredContent;
  creator = plan.created_by;
  return plan.plan_id;
}

const planStatus = async (id: string): Promise<string> => (await mcp.callTool('plan_get', { plan_id: id })).structuredContent.status;

const loggedInPage = (user: string, role: string): Promise<Page> => logInWithLink(browser, dataDir, base, user, role);

const form = (fields: Record<string, string>) => ({ 'content-type': 'application/x-www-form-urlencoded', body: new URLSearchParams(fields) });
async function post(path: string, fields: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  const { body, ...type } = form(fields);
  return fetch(`${base}${path}`, { method: 'POST', redirect: 'manual', headers: { ...type, ...headers }, body });
}

async function expireSessionsOf(user: string): Promise<void> {
  const db = new sqlite3.Database(join(dataDir, 'routeros-mcp.sqlite'));
  await new Promise<void>((resolve, reject) => db.run("UPDATE console_sessions SET expires_at = 0 WHERE kind = 'session' AND user_name = ?", [user], (error) => (error ? reject(error) : resolve())));
  await new Promise<void>((resolve) => db.close(() => resolve()));
}

describe('in a browser', () => {
  it('a login link works once', async () => {
    const link = await consoleLink(dataDir, base, 'ann', 'approver');
    const first = await (await browser.newContext()).newPage();
    await first.goto(link);
    await first.getByRole('button', { name: 'Log in' }).click();
    await first.waitForURL(`${base}/console/plans`);
    await first.screenshot({ path: join(ARTIFACTS, 'plans.png'), fullPage: true });
    const second = await (await browser.newContext()).newPage();
    await second.goto(link);
    await second.getByRole('button', { name: 'Log in' }).click();
    await expect(second.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Login link not valid');
    await first.context().close();
    await second.context().close();
  }, 60_000);

  it('shows the fleet with its status per device, filtered by environment and tag', async () => {
    const page = await loggedInPage('fay', 'read_only');
    await page.goto(`${base}/console/fleet`);
    await expect(page.locator('tr[data-device]').count()).resolves.toBe(3);
    await page.screenshot({ path: join(ARTIFACTS, 'fleet.png'), fullPage: true });
    // Live: a change to the registry (here by the admin CLI) shows without a reload, the filter kept.
    await page.goto(`${base}/console/fleet?environment=prod`);
    await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
    await runAdmin(dataDir, ['device', 'update', DEVICES[1], '--name', 'renamed-live']);
    await page.locator(`tr[data-device="${DEVICES[1]}"]`, { hasText: 'renamed-live' }).waitFor({ timeout: 60_000 });
    await expect(page.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
    await expect(page.locator('tr[data-device]').count()).resolves.toBe(3);
    await page.goto(`${base}/console/fleet?environment=lab`);
    await expect(page.locator('tr[data-device]').count()).resolves.toBe(0);
    await page.goto(`${base}/console/fleet?environment=prod&tag=nosuch`);
    await expect(page.locator('tr[data-device]').count()).resolves.toBe(0);
    await page.context().close();
  }, 60_000);

  it('an approver opens a pending plan, reads its diff and approves the hash shown; the plan then applies and completes', async () => {
    const id = await newPlan();
    const page = await loggedInPage('alice', 'approver');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.getByRole('link', { name: id }).click();
    await page.waitForURL(`${base}/console/plans/${id}`);
    await expect(page.locator('pre.diff .add').first().textContent()).resolves.toMatch(/^\+ .*192\.0\.2\./);
    const shownHash = await page.locator('#content-hash').textContent();
    expect(shownHash).toBe((await mcp.callTool('plan_get', { plan_id: id })).structuredContent.content_hash);
    await page.screenshot({ path: join(ARTIFACTS, 'plan-pending.png'), fullPage: true });
    writeFileSync(join(ARTIFACTS, 'plan-pending.html'), await (await page.context().request.get(page.url())).text());
    await page.getByLabel('Comment (optional)').fill('looks right');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${base}/console/plans/${id}?done=approved`);
    await expect(page.locator('#plan-status').textContent()).resolves.toBe('approved');
    expect((await planAudit(dataDir, id)).find((e) => e.action === 'plan.approve')).toMatchObject({ principal: 'as:alice (console)', outcome: 'success' });
    // Applied through the existing path (plan_apply over MCP), then watched to its end on the page, which follows the
    // rollout by itself (no reload here): the script refreshes a plan still moving.
    await mcp.callTool('plan_apply', { plan_id: id });
    await page.locator('#plan-status', { hasText: /^(completed|failed)$/ }).waitFor({ timeout: 120_000 });
    await expect(page.locator('#plan-status').textContent()).resolves.toBe('completed');
    await page.screenshot({ path: join(ARTIFACTS, 'plan-completed.png'), fullPage: true });
    expect(errors).toEqual([]);
    completed = id;
    await page.context().close();
  }, 180_000);

  it('an approver rolls the completed plan back, and watches it roll back', async () => {
    const page = await loggedInPage('alice', 'approver');
    await page.goto(`${base}/console/plans/${completed}`);
    await page.getByRole('button', { name: 'Roll back this plan' }).click();
    await page.waitForURL(`${base}/console/plans/${completed}?done=rolling_back`);
    await page.locator('#plan-status', { hasText: /^(rolled_back|failed)$/ }).waitFor({ timeout: 120_000 });
    await expect(page.locator('#plan-status').textContent()).resolves.toBe('rolled_back');
    expect((await planAudit(dataDir, completed)).find((e) => e.action === 'plan.rollback')).toMatchObject({ principal: 'as:alice (console)', outcome: 'success' });
    await page.context().close();
  }, 180_000);

  it('an ops_rw person is offered a revert of a single change and it goes through the change pipeline (on prod: refused, a plan is needed); a read_only person is offered none', async () => {
    // A plan approved and applied, whose device changes are then there to revert.
    const id = await newPlan();
    const alice = await consoleSession(base, await consoleLink(dataDir, base, 'alice', 'approver'));
    const token = csrfOf(await (await fetch(`${base}/console/plans/${id}`, { headers: { cookie: `routeros_console=${alice}` } })).text());
    const hash = (await mcp.callTool('plan_get', { plan_id: id })).structuredContent.content_hash;
    expect((await post(`/console/plans/${id}/approve`, { csrf: token, content_hash: hash }, { origin: base, cookie: `routeros_console=${alice}` })).status).toBe(303);
    await mcp.callTool('plan_apply', { plan_id: id });
    await waitFor(async () => ((await planStatus(id)) === 'completed' ? true : undefined), 'the plan to complete', 120_000, 250);

    const viewer = await loggedInPage('bob', 'read_only');
    await viewer.goto(`${base}/console/changes`);
    await expect(viewer.locator('section[data-change]').count()).resolves.toBeGreaterThan(0);
    await expect(viewer.getByRole('button', { name: 'Revert this change' }).count()).resolves.toBe(0);
    const csrf = await viewer.locator('input[name="csrf"]').first().inputValue();
    const someChange = (await viewer.locator('section[data-change]').first().getAttribute('data-change'))!;
    const forged = await viewer.context().request.post(`${base}/console/changes/${someChange}/revert`, { form: { csrf }, headers: { origin: base }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    await viewer.context().close();

    const page = await loggedInPage('oscar', 'ops_rw');
    await page.goto(`${base}/console/changes`);
    const first = page.locator('section[data-change]', { has: page.getByRole('button', { name: 'Revert this change' }) }).first();
    const changeId = (await first.getAttribute('data-change'))!;
    await page.screenshot({ path: join(ARTIFACTS, 'changes.png'), fullPage: true });
    await first.getByRole('button', { name: 'Revert this change' }).click();
    await page.waitForURL(`${base}/console/changes/${changeId}/revert`);
    // The same rule as change_revert and `change revert` at the CLI: a single change on prod needs an approved plan.
    await expect(page.locator('main').textContent()).resolves.toMatch(/Not reverted.*is in prod; create a plan and have it approved/s);
    await page.goto(`${base}/console/changes`);
    await expect(page.locator(`section[data-change="${changeId}"] .badge`).first().textContent()).resolves.toBe('verified');
    await page.context().close();
  }, 180_000);

  it('shows a device: its changes with their diffs, and its config history compared against live', async () => {
    const page = await loggedInPage('fay', 'read_only');
    await page.goto(`${base}/console/fleet`);
    await page.getByRole('link', { name: 'cn-0' }).click();
    await page.waitForURL(`${base}/console/devices/cn-0`);
    await expect(page.locator('section[data-change] pre.diff').count()).resolves.toBeGreaterThan(0);
    const oldest = await page.locator('#from option').last().getAttribute('value');
    await page.locator('#from').selectOption(oldest!);
    await page.locator('#to').selectOption('live');
    await page.getByRole('button', { name: 'Diff' }).click();
    await page.waitForURL(/\/console\/devices\/cn-0\?from=/);
    await expect(page.locator('main h3').last().textContent()).resolves.toMatch(new RegExp(`^${oldest} → `));
    await page.screenshot({ path: join(ARTIFACTS, 'device.png'), fullPage: true });
    await page.context().close();
  }, 60_000);

  it('searches the audit log by principal and action', async () => {
    const page = await loggedInPage('fay', 'read_only');
    await page.goto(`${base}/console/audit`);
    await page.getByLabel('Principal').fill('as:alice');
    await page.getByLabel('Action or tool').fill('plan.approve');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/console\/audit\?/);
    const rows = page.locator('tr[data-audit]');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text).toMatch(/as:alice \(console\)plan\.approve/);
    await page.context().close();
  }, 60_000);

  it('an admin creates an API token (its secret shown once, and it works) and revokes it; others may not', async () => {
    const page = await loggedInPage('ada', 'admin');
    await page.getByRole('link', { name: 'Tokens' }).click();
    await page.getByLabel('Name').fill('console-made');
    await page.getByLabel('Role').selectOption('read_only');
    await page.getByRole('button', { name: 'Create' }).click();
    const secret = (await page.locator('#token-secret').textContent())!;
    const client = await connectHttp('modern', server.url, { token: secret });
    expect((await client.callTool('device_list', {})).isError).toBeFalsy();
    await client.close();
    await page.goto(`${base}/console/tokens`);
    await expect(page.locator('#token-secret').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Revoke console-made' }).click();
    await page.waitForURL(`${base}/console/tokens`);
    await expect(page.locator('tr[data-token="console-made"] td').nth(2).textContent()).resolves.toBe('revoked');
    await expect(connectHttp('modern', server.url, { token: secret })).rejects.toThrow();
    await page.context().close();

    const approver = await consoleSession(base, await consoleLink(dataDir, base, 'alice', 'approver'));
    expect((await fetch(`${base}/console/tokens`, { headers: { cookie: `routeros_console=${approver}` } })).status).toBe(403);
    const csrf = csrfOf(await (await fetch(`${base}/console/plans`, { headers: { cookie: `routeros_console=${approver}` } })).text());
    expect((await post('/console/tokens', { csrf, name: 'sneaky', role: 'admin' }, { origin: base, cookie: `routeros_console=${approver}` })).status).toBe(403);
  }, 60_000);

  it('an approver rejects another plan with a reason', async () => {
    const id = await newPlan();
    const page = await loggedInPage('alice', 'approver');
    await page.goto(`${base}/console/plans/${id}`);
    await page.getByLabel('Reason for rejecting').fill('wrong resolvers');
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.waitForURL(`${base}/console/plans/${id}?done=rejected`);
    await expect(page.locator('#plan-status').textContent()).resolves.toBe('rejected');
    expect(await planStatus(id)).toBe('rejected');
    await page.context().close();
  }, 60_000);

  it('a read_only person sees no approve button, and a POST forged from their session is refused', async () => {
    const id = await newPlan();
    const page = await loggedInPage('bob', 'read_only');
    await page.goto(`${base}/console/plans/${id}`);
    await expect(page.locator('#content-hash').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Reject' }).count()).resolves.toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'plan-read-only.png'), fullPage: true });
    // At phone width nothing runs off the side: long ids wrap, diffs and tables scroll in their own boxes.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'plan-phone.png'), fullPage: true });
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const hash = (await page.locator('#content-hash').textContent())!;
    const forged = await page.context().request.post(`${base}/console/plans/${id}/approve`, { form: { csrf, content_hash: hash }, headers: { origin: base }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    expect(await planStatus(id)).toBe('pending');
    await page.context().close();
  }, 60_000);
});

describe('over HTTP', () => {
  let pending: string;
  let cookie: string;
  let csrf: string;
  let hash: string;
  beforeAll(async () => {
    pending = await newPlan();
    cookie = await consoleSession(base, await consoleLink(dataDir, base, 'carol', 'approver'));
    const pageHtml = await (await fetch(`${base}/console/plans/${pending}`, { headers: { cookie: `routeros_console=${cookie}` } })).text();
    csrf = csrfOf(pageHtml);
    hash = /id="content-hash">([0-9a-f]{64})</.exec(pageHtml)![1];
  }, 60_000);

  it('serves pages with a strict CSP, no framing, nosniff and a same-origin referrer; without a session a page sends to the login', async () => {
    const response = await fetch(`${base}/console/plans`, { redirect: 'manual', headers: { cookie: `routeros_console=${cookie}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self';.*frame-ancestors 'none'/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(await response.text()).not.toMatch(/<script>|<style>|style="| on[a-z]+="/);
    const anonymous = await fetch(`${base}/console/plans`, { redirect: 'manual' });
    expect([anonymous.status, anonymous.headers.get('location')]).toEqual([303, '/console/login']);
  });

  it('is not served when turned off (ROUTEROS_MCP_HTTP_CONSOLE=false)', async () => {
    const off = await startHttpServer({ ...serverEnv(), ROUTEROS_MCP_HTTP_CONSOLE: 'false' });
    const client = await connectHttp('modern', off.url, { token: auth.token });
    try {
      for (const path of ['/console/login', '/console/plans']) expect((await fetch(`${off.base}${path}`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${off.base}/console/login`, { method: 'POST', headers: { origin: off.base, 'content-type': 'application/x-www-form-urlencoded' }, body: 'link=x' })).status).toBe(405);
      // plan_apply sends nobody to a console that is not served: the CLI command only.
      const id = await newPlan();
      const refused = await client.failure('plan_apply', { plan_id: id });
      expect(refused.data.mcp_error_code).toBe('PLAN_NOT_APPROVED');
      expect(JSON.stringify(refused.data.next_steps)).not.toContain('/console');
      await mcp.callTool('plan_cancel', { plan_id: id });
    } finally {
      await client.close();
      expect(await off.stop()).toBe(0);
    }
  });

  it('refuses a POST without the CSRF token, or with another session\'s', async () => {
    const other = csrfOf(await (await fetch(`${base}/console/plans`, { headers: { cookie: `routeros_console=${await consoleSession(base, await consoleLink(dataDir, base, 'dave', 'approver'))}` } })).text());
    for (const fields of [{ content_hash: hash }, { content_hash: hash, csrf: other }] as Record<string, string>[]) {
      const response = await post(`/console/plans/${pending}/approve`, fields, { origin: base, cookie: `routeros_console=${cookie}` });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('CSRF token missing or wrong');
    }
    expect(await planStatus(pending)).toBe('pending');
  });

  it('refuses a cross-origin POST, and one naming no origin, even with the session and its CSRF token', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const response = await post(`/console/plans/${pending}/approve`, { csrf, content_hash: hash }, { ...headers, cookie: `routeros_console=${cookie}` });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('did not come from a page of this console');
    }
    expect(await planStatus(pending)).toBe('pending');
  });

  it('refuses an approval of a content hash other than the plan\'s (the plan changed since the page was read)', async () => {
    const response = await post(`/console/plans/${pending}/approve`, { csrf, content_hash: 'f'.repeat(64) }, { origin: base, cookie: `routeros_console=${cookie}` });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('The plan changed since you read it');
    expect(await planStatus(pending)).toBe('pending');
  });

  it('keeps four eyes on prod: the plan\'s creator, by name, cannot approve it', async () => {
    const name = creator.replace(/^token:/, '');
    const own = await consoleSession(base, await consoleLink(dataDir, base, name, 'admin'));
    const token = csrfOf(await (await fetch(`${base}/console/plans`, { headers: { cookie: `routeros_console=${own}` } })).text());
    const response = await post(`/console/plans/${pending}/approve`, { csrf: token, content_hash: hash }, { origin: base, cookie: `routeros_console=${own}` });
    expect(response.status).toBe(403);
    expect(await planStatus(pending)).toBe('pending');
  });

  it('refuses a read_only person\'s POST server-side, and audits the refusal under their principal', async () => {
    const session = await consoleSession(base, await consoleLink(dataDir, base, 'erin', 'read_only'));
    const token = csrfOf(await (await fetch(`${base}/console/plans`, { headers: { cookie: `routeros_console=${session}` } })).text());
    for (const action of ['approve', 'reject']) {
      const response = await post(`/console/plans/${pending}/${action}`, { csrf: token, content_hash: hash, reason: 'x' }, { origin: base, cookie: `routeros_console=${session}` });
      expect(response.status).toBe(403);
    }
    expect(await planStatus(pending)).toBe('pending');
    const refused = (await planAudit(dataDir, pending)).filter((e) => e.principal === 'as:erin (console)');
    expect(refused.map((e) => [e.action, e.outcome, e.error_code]).sort()).toEqual([['plan.approve', 'error', 'ACCESS.REFUSED'], ['plan.reject', 'error', 'ACCESS.REFUSED']]);
  });

  it('refuses a POST from an expired session and one logged out, and a used login link', async () => {
    const link = await consoleLink(dataDir, base, 'gil', 'approver');
    const session = await consoleSession(base, link);
    const token = csrfOf(await (await fetch(`${base}/console/plans`, { headers: { cookie: `routeros_console=${session}` } })).text());
    await expireSessionsOf('gil');
    const expired = await post(`/console/plans/${pending}/approve`, { csrf: token, content_hash: hash }, { origin: base, cookie: `routeros_console=${session}` });
    expect(expired.status).toBe(401);
    await expect(consoleSession(base, link)).rejects.toThrow('login failed: 403');
    const other = await consoleSession(base, await consoleLink(dataDir, base, 'hal', 'approver'));
    const otherToken = csrfOf(await (await fetch(`${base}/console/plans`, { headers: { cookie: `routeros_console=${other}` } })).text());
    expect((await post('/console/logout', { csrf: otherToken }, { origin: base, cookie: `routeros_console=${other}` })).status).toBe(303);
    const afterLogout = await post(`/console/plans/${pending}/approve`, { csrf: otherToken, content_hash: hash }, { origin: base, cookie: `routeros_console=${other}` });
    expect(afterLogout.status).toBe(401);
    expect(await planStatus(pending)).toBe('pending');
  });
});
