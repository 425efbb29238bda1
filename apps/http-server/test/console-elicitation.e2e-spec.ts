import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Fleet, launchChromium, simControl, startFleet, tempDir, until, waitFor } from '@routeros-mcp/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { httpAuthFor } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { consoleLink } from './console-session';

/*
 * From the assistant to the page and back, joined end to end: an SDK client declaring URL-mode elicitation calls
 * plan_apply, the console URL it receives is opened in headless Chromium, an approver logs in and approves there,
 * the client learns it and the plan applies to the simulated device.
 * - 2026-07-28 over HTTP: input_required asking for the URL; the SDK retries with the requestState once the person
 *   accepted.
 * - 2025-11-25: over HTTP a 2025-era client is served statelessly (no session to send a notification on), so this
 *   runs where that revision's flow lives, a stdio server on the same data directory whose console is the HTTP
 *   server's: -32042 with the URL, notifications/elicitation/complete once approved in the browser, then the retry.
 * Before anyone logs in, what the model holds (the URL alone) is tried against the console and approves nothing.
 */
const dir = tempDir('console-elicitation-');
const dataDir = join(dir.path, 'data');
const ARTIFACTS = join(__dirname, '..', 'test-artifacts', 'console');
const STDIO_MAIN = join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;
let token: string;
let browser: Browser;
let octet = 60;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'ce-0', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true, allow_professional_workflows: true } }]);
  const auth = await httpAuthFor(dataDir);
  token = auth.token!;
  // The waits poll plan_get; the limit per minute is not what these tests judge, so it is lifted (CI once met it).
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...auth.env, ROUTEROS_MCP_TOOLSETS: 'default,professional', ROUTEROS_MCP_RATE_LIMIT_PROFESSIONAL_PER_MINUTE: '100000' });
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  for (const client of open) await client.close().catch(() => undefined);
  await browser?.close();
  expect(await server?.stop()).toBe(0);
  await fleet?.stop();
  dir.remove();
});

const dnsOnDevice = async (): Promise<string> => String((await simControl(fleet, 'GET', '/devices/0/state')).config['ip/dns'][0]['servers']);
async function newPlan(client: any): Promise<{ planId: string; dns: string }> {
  const dns = `192.0.2.${octet++}`;
  const result = await client.callTool({ name: 'plan_dns_ntp', arguments: { devices: ['ce-0'], dns_servers: [dns] } });
  expect(result.isError).toBeFalsy();
  return { planId: result.structuredContent.plan_id, dns };
}
/** The plan as plan_get shows it; a refused read fails here, with its error, rather than as a missing field later. */
async function planOf(client: any, planId: string): Promise<any> {
  const result = await client.callTool({ name: 'plan_get', arguments: { plan_id: planId } });
  if (result.isError) throw new Error(`plan_get ${planId} failed: ${JSON.stringify(result.structuredContent ?? result.content)}`);
  return result.structuredContent;
}

/** What the model holds is the URL: sent without a console session, GET or POST, to it or its approve route. */
async function urlAloneApprovesNothing(client: any, url: string, planId: string): Promise<void> {
  expect(new URL(url)).toMatchObject({ origin: server.base, pathname: `/console/plans/${planId}`, search: '', hash: '' });
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: server.base };
  const bearer = { authorization: `Bearer ${token}` };
  const attempts: [string, string, Record<string, string>][] = [
    ['GET', url, {}],
    ['POST', url, form],
    ['POST', `${url}/approve`, form],
    ['POST', `${url}/approve`, { ...form, ...bearer }],
  ];
  for (const [method, target, headers] of attempts) {
    const response = await fetch(target, { method, headers, redirect: 'manual', ...(method === 'POST' ? { body: 'decision=approve' } : {}) });
    const body = await response.text();
    // The page without a session is the login, not the plan: no content hash, no approve form.
    if (method === 'GET') expect([response.status, new URL(response.headers.get('location') ?? '', server.base).pathname]).toEqual([303, '/console/login']);
    else expect(response.status >= 200 && response.status < 400).toBe(false);
    expect(body).not.toMatch(/content-hash|name="csrf"/);
  }
  const plan = await planOf(client, planId);
  expect(plan.status).toBe('pending');
  expect(plan.approval ?? null).toBeNull();
}

/** The person the URL reaches: opens it, is sent to log in, logs in with a login link, opens it again and approves. */
async function approveInBrowser(url: string, planId: string, person: string): Promise<void> {
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    await page.goto(url);
    await page.waitForURL((u) => u.pathname === '/console/login');
    await page.goto(await consoleLink(dataDir, server.base, person, 'approver'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/console/plans'));
    await page.goto(url);
    await expect(page.locator('#plan-status').textContent()).resolves.toBe('pending');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${server.base}/console/plans/${planId}?done=approved`);
    await expect(page.locator('#plan-status').textContent()).resolves.toBe('approved');
    await page.screenshot({ path: join(ARTIFACTS, `elicited-approved-${person}.png`), fullPage: true });
    expect(errors).toEqual([]);
  } finally {
    await page.context().close();
  }
}

describe('2026-07-28 SDK v2 client over HTTP', () => {
  it('receives the console URL by input_required, the person approves in the browser, the SDK retries with the requestState and the plan applies', async () => {
    const client = new ModernClient({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { url: {} } } });
    const transport = new ModernHttp(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    open.push(client);
    // What the SDK sends: the first plan_apply, then its retry carrying the requestState and the person's answer.
    const sent: any[] = [];
    const send = transport.send.bind(transport);
    transport.send = (message: any, options?: any) => (sent.push(message), send(message, options));
    const { planId, dns } = await newPlan(client);
    const asked: any[] = [];
    client.setRequestHandler('elicitation/create', async (request: any) => {
      asked.push(request.params);
      await urlAloneApprovesNothing(client, request.params.url, planId);
      await approveInBrowser(request.params.url, planId, 'alice');
      return { action: 'accept' };
    });
    const applied: any = await client.callTool({ name: 'plan_apply', arguments: { plan_id: planId } }, { timeout: 120_000 });
    expect(asked).toEqual([{ mode: 'url', url: `${server.base}/console/plans/${planId}`, message: expect.stringContaining(planId) }]);
    expect(applied.isError).toBeFalsy();
    expect(applied.structuredContent).toMatchObject({ plan_id: planId, status: 'executing' });
    const calls = sent.filter((m) => m.method === 'tools/call' && m.params?.name === 'plan_apply').map((m) => m.params);
    expect(calls).toHaveLength(2);
    expect(calls[0].requestState).toBeUndefined();
    expect(calls[1]).toMatchObject({ arguments: { plan_id: planId }, requestState: expect.any(String), inputResponses: { approve_plan: { action: 'accept' } } });
    await waitFor(async () => ((await planOf(client, planId)).status === 'completed' ? true : undefined), 'the plan to complete', 120_000, 250);
    expect((await planOf(client, planId)).approval).toMatchObject({ approved_by: expect.stringContaining('alice') });
    expect(await dnsOnDevice()).toContain(dns);
  }, 240_000);
});

describe('2025-11-25 SDK client (stdio, the console served by the HTTP server)', () => {
  it('gets -32042 with the console URL, the person approves in the browser, notifications/elicitation/complete arrives and the retry applies the plan', async () => {
    const client = new LegacyClient({ name: 'e2e', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } } });
    const env = { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_TOOLSETS: 'default,professional', ROUTEROS_MCP_CONSOLE_URL: `${server.base}/console` };
    await client.connect(new LegacyStdio({ command: process.execPath, args: [STDIO_MAIN], env, stderr: 'pipe' }));
    open.push(client);
    const completed: string[] = [];
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n: any) => void completed.push(n.params.elicitationId));
    const { planId, dns } = await newPlan(client);
    const error: any = await client.callTool({ name: 'plan_apply', arguments: { plan_id: planId } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error?.code).toBe(-32042);
    const [elicitation] = error.data.elicitations;
    expect(elicitation).toMatchObject({ mode: 'url', url: `${server.base}/console/plans/${planId}`, elicitationId: expect.any(String) });
    await urlAloneApprovesNothing(client, elicitation.url, planId);
    expect(completed).toEqual([]);
    await approveInBrowser(elicitation.url, planId, 'bea');
    await until(() => completed.includes(elicitation.elicitationId), 'notifications/elicitation/complete', 60_000);
    const applied: any = await client.callTool({ name: 'plan_apply', arguments: { plan_id: planId } });
    expect(applied.isError).toBeFalsy();
    expect(applied.structuredContent).toMatchObject({ plan_id: planId, status: 'executing' });
    await waitFor(async () => ((await planOf(client, planId)).status === 'completed' ? true : undefined), 'the plan to complete', 120_000, 250);
    expect(await dnsOnDevice()).toContain(dns);
  }, 240_000);
});
