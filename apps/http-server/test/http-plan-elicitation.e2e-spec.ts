import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { connectHttp, Fleet, startFleet, tempDir, until } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createToken, httpAuthFor } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';

/*
 * plan_apply over HTTP sends the person to the console page of the plan under the server's public origin
 * (/console/plans/{id}): a 2026-07-28 client declaring URL-mode elicitation gets input_required and its retry
 * applies once an operator approved; a 2025-era HTTP client is served statelessly (no session keeps what initialize
 * declared), so it gets PLAN_NOT_APPROVED with the page in next_steps. The page's URL approves nothing by itself.
 */
const dir = tempDir('http-plan-elicitation-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const operator = { id: 'os:e2e-operator', via: 'admin-cli' as const };
let fleet: Fleet;
let server: RunningHttpServer;
let admin: AdminServices;
let approverToken: string;
let octet = 40;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'he-0', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true, allow_professional_workflows: true } }]);
  const auth = await httpAuthFor(dataDir);
  // The model's own token holds the approver role: even so, neither MCP nor the page's URL approves anything.
  approverToken = await createToken(dataDir, 'approver');
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...auth.env, ROUTEROS_MCP_TOOLSETS: 'default,professional' });
  admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough(), runPlans: false })).get(AdminServices);
}, 120_000);
afterAll(async () => {
  for (const client of open) await client.close().catch(() => undefined);
  expect(await server?.stop()).toBe(0);
  await admin?.close();
  await fleet?.stop();
  dir.remove();
});

const requestInit = () => ({ headers: { authorization: `Bearer ${approverToken}` } });
async function modernClient(): Promise<any> {
  const client = new ModernClient({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { url: {} } } });
  await client.connect(new ModernHttp(new URL(server.url), { requestInit: requestInit() }));
  open.push(client);
  return client;
}
async function newPlan(client: any): Promise<string> {
  const result = await client.callTool({ name: 'plan_dns_ntp', arguments: { devices: ['he-0'], dns_servers: [`192.0.2.${octet++}`] } });
  expect(result.isError).toBeFalsy();
  return result.structuredContent.plan_id;
}
const apply = (client: any, planId: string) => client.callTool({ name: 'plan_apply', arguments: { plan_id: planId } });
const pageOf = (planId: string) => `${server.base}/console/plans/${planId}`;

describe('2026-07-28 client declaring URL-mode elicitation (HTTP)', () => {
  it('gets input_required for the page under the public origin; approved meanwhile, its retry waits for it and applies the plan', async () => {
    const client = await modernClient();
    const planId = await newPlan(client);
    const asked: any[] = [];
    let approved: Promise<unknown> | undefined;
    client.setRequestHandler('elicitation/create', async (request: any) => {
      asked.push(request.params);
      // The person approves after saying yes to the page: the retry may come first and wait for it.
      approved = admin.plans.approve(planId, operator);
      return { action: 'accept' };
    });
    const applied = await apply(client, planId);
    await approved;
    expect(asked).toEqual([{ mode: 'url', url: pageOf(planId), message: expect.stringContaining(planId) }]);
    expect(applied.isError).toBeFalsy();
    expect(applied.structuredContent).toMatchObject({ plan_id: planId, status: 'executing' });
    await until(async () => (await admin.plans.get(planId)).status === 'completed', 'the plan to complete', 120_000);
  }, 180_000);
});

describe('2025-era client over HTTP (stateless: what initialize declared is not kept)', () => {
  it('gets PLAN_NOT_APPROVED with the console page beside the CLI command in next_steps', async () => {
    const client = new LegacyClient({ name: 'e2e', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } } });
    await client.connect(new LegacyHttp(new URL(server.url), { requestInit: requestInit() }));
    open.push(client);
    const planId = await newPlan(client);
    const refused: any = await apply(client, planId);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', next_steps: [`routeros-mcp-admin plan approve ${planId}`, pageOf(planId), 'plan_get'] });
  }, 60_000);
});

describe('a 2026-07-28 client without URL-mode elicitation (HTTP)', () => {
  it('gets PLAN_NOT_APPROVED with the console page beside the CLI command in next_steps', async () => {
    const client = await connectHttp('modern', server.url, { token: approverToken });
    open.push(client);
    const planId = (await client.callTool('plan_dns_ntp', { devices: ['he-0'], dns_servers: [`192.0.2.${octet++}`] })).structuredContent.plan_id;
    const refused = await client.failure('plan_apply', { plan_id: planId });
    expect(refused.code).toBeUndefined();
    expect(refused.data).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', console_url: pageOf(planId), next_steps: [`routeros-mcp-admin plan approve ${planId}`, pageOf(planId), 'plan_get'] });
  }, 60_000);
});

describe('the page URL a model holds', () => {
  it('approves nothing: GET and POST to it and to its approve route, with or without the model\'s approver token, leave the plan pending', async () => {
    const client = await modernClient();
    const planId = await newPlan(client);
    let url = '';
    client.setRequestHandler('elicitation/create', async (request: any) => {
      url = request.params.url;
      return { action: 'decline' };
    });
    expect((await apply(client, planId)).structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED' });
    // Nothing in it but the plan's id: no token, no query, no fragment.
    expect(url).toBe(pageOf(planId));
    expect(new URL(url)).toMatchObject({ search: '', hash: '', pathname: `/console/plans/${planId}` });
    // Until the console lands these routes do not exist; once it does, they need a console login (and CSRF), which
    // the browser spec covers. Either way, what a model can send approves nothing.
    const bearer = { authorization: `Bearer ${approverToken}` };
    const attempts: [string, string, Record<string, string>][] = [
      ['GET', url, {}],
      ['POST', url, {}],
      ['POST', `${url}/approve`, {}],
      ['POST', `${url}/approve`, bearer],
      ['POST', `${url}/approve`, { ...bearer, 'content-type': 'application/x-www-form-urlencoded', origin: server.base }],
    ];
    for (const [method, target, headers] of attempts) {
      const response = await fetch(target, { method, headers, redirect: 'manual', ...(method === 'POST' ? { body: 'decision=approve' } : {}) });
      await response.arrayBuffer();
      // A page may be shown (a login form); a state-changing request is never accepted.
      if (method === 'POST') expect(response.status >= 200 && response.status < 300).toBe(false);
    }
    const plan = await admin.plans.get(planId);
    expect(plan.status).toBe('pending');
    expect(plan.approval ?? null).toBeNull();
    // And the retry still asks for the approval: nothing approved it.
    expect((await apply(client, planId)).structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', plan_status: 'pending' });
  }, 60_000);
});
