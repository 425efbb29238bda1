import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { Fleet, startFleet, tempDir, until } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { enrollWriters, MAIN } from './fleet-setup';

/*
 * plan_apply on an unapproved plan sends the person to the plan's console page by URL-mode elicitation, over stdio
 * on both revisions: 2025-11-25 answers -32042 and sends notifications/elicitation/complete once an operator
 * approves or rejects (here through the plan service, as routeros-mcp-admin does, from another process's view: no
 * event reaches the server, it re-reads the plan); 2026-07-28 answers input_required and applies on the retry.
 */
const dir = tempDir('plan-elicitation-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const CONSOLE = 'https://console.example.test/console';
const ENV = { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_TOOLSETS: 'default,professional', ROUTEROS_MCP_CONSOLE_URL: CONSOLE };
const operator = { id: 'os:e2e-operator', via: 'admin-cli' as const };
let fleet: Fleet;
let admin: AdminServices;
let dnsOctet = 10;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'el-0', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true, allow_professional_workflows: true } }]);
  admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough(), runPlans: false })).get(AdminServices);
}, 120_000);
afterAll(async () => {
  for (const client of open) await client.close().catch(() => undefined);
  await admin?.close();
  await fleet?.stop();
  dir.remove();
});

async function legacyClient(capabilities: Record<string, unknown>, withConsole = true): Promise<any> {
  const { ROUTEROS_MCP_CONSOLE_URL: _console, ...withoutConsole } = ENV;
  const client = new LegacyClient({ name: 'e2e', version: '1.0.0' }, { capabilities });
  await client.connect(new LegacyStdio({ command: process.execPath, args: [MAIN], env: withConsole ? ENV : withoutConsole, stderr: 'pipe' }));
  open.push(client);
  return client;
}
async function modernClient(capabilities: Record<string, unknown>): Promise<any> {
  const client = new ModernClient({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities });
  await client.connect(new ModernStdio({ command: process.execPath, args: [MAIN], env: ENV, stderr: 'pipe' }));
  open.push(client);
  return client;
}
/** A new pending plan on the one device (a distinct DNS server each time, so every plan changes something). */
async function newPlan(client: any): Promise<string> {
  const args = { name: 'plan_dns_ntp', arguments: { devices: ['el-0'], dns_servers: [`192.0.2.${dnsOctet++}`] } };
  const result = await client.callTool(args);
  expect(result.isError).toBeFalsy();
  return result.structuredContent.plan_id;
}
const apply = (client: any, planId: string) => client.callTool({ name: 'plan_apply', arguments: { plan_id: planId } });
async function thrown(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail with a JSON-RPC error');
}
const pageOf = (planId: string) => `${CONSOLE}/plans/${planId}`;

describe('2025-11-25 client declaring URL-mode elicitation (stdio)', () => {
  let client: any;
  const completed: string[] = [];
  beforeAll(async () => {
    client = await legacyClient({ elicitation: { url: {} } });
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n: any) => void completed.push(n.params.elicitationId));
  }, 60_000);

  it('gets -32042 with the console page, is told when an operator approves, and the retry applies the plan', async () => {
    const planId = await newPlan(client);
    const error = await thrown(apply(client, planId));
    expect(error.code).toBe(-32042);
    const [elicitation] = error.data.elicitations;
    expect(elicitation).toMatchObject({ mode: 'url', url: pageOf(planId), elicitationId: expect.any(String), message: expect.stringContaining(planId) });
    // The URL is the page and nothing more: no token, no query.
    expect(new URL(elicitation.url).search).toBe('');
    // A second call while it waits is the same elicitation.
    expect((await thrown(apply(client, planId))).data.elicitations[0].elicitationId).toBe(elicitation.elicitationId);
    expect(completed).toEqual([]);
    await admin.plans.approve(planId, operator);
    await until(() => completed.includes(elicitation.elicitationId), 'notifications/elicitation/complete', 60_000);
    const applied = await apply(client, planId);
    expect(applied.isError).toBeFalsy();
    expect(applied.structuredContent).toMatchObject({ plan_id: planId, status: 'executing' });
    await until(async () => (await admin.plans.get(planId)).status === 'completed', 'the plan to complete', 120_000);
  }, 180_000);

  it('is told when an operator rejects the plan, and the plan does not apply', async () => {
    const planId = await newPlan(client);
    const { elicitationId } = (await thrown(apply(client, planId))).data.elicitations[0];
    await admin.plans.reject(planId, operator, 'not tonight');
    await until(() => completed.includes(elicitationId), 'notifications/elicitation/complete', 60_000);
    const refused = await apply(client, planId);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', plan_status: 'rejected' });
    expect((await admin.plans.get(planId)).status).toBe('rejected');
  }, 60_000);
});

describe('a client without URL-mode elicitation (stdio)', () => {
  it('gets PLAN_NOT_APPROVED with the console page beside the CLI command in next_steps', async () => {
    const client = await legacyClient({ elicitation: { form: {} } });
    const planId = await newPlan(client);
    const refused = await apply(client, planId);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', console_url: pageOf(planId), next_steps: [`routeros-mcp-admin plan approve ${planId}`, pageOf(planId), 'plan_get'] });
    expect(refused.content[0].text).toContain(pageOf(planId));
  }, 60_000);

  it('gets today\'s PLAN_NOT_APPROVED, with no URL, from a stdio server without a console configured', async () => {
    const client = await legacyClient({ elicitation: { url: {} } }, false);
    const planId = await newPlan(client);
    const refused = await apply(client, planId);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', next_steps: ['plan_get'] });
    expect(JSON.stringify(refused)).not.toContain('/console');
  }, 60_000);
});

describe('2026-07-28 client declaring URL-mode elicitation (stdio)', () => {
  let client: any;
  let onElicit: (params: any) => Promise<unknown>;
  beforeAll(async () => {
    client = await modernClient({ elicitation: { url: {} } });
    client.setRequestHandler('elicitation/create', async (request: any) => onElicit(request.params));
  }, 60_000);

  it('gets input_required for the console page; approved out of band, the retry with requestState applies the plan', async () => {
    const planId = await newPlan(client);
    const asked: any[] = [];
    onElicit = async (params) => {
      asked.push(params);
      await admin.plans.approve(planId, operator);
      return { action: 'accept' };
    };
    const applied = await apply(client, planId);
    expect(asked).toEqual([{ mode: 'url', url: pageOf(planId), message: expect.stringContaining(planId) }]);
    expect(applied.isError).toBeFalsy();
    expect(applied.structuredContent).toMatchObject({ plan_id: planId, status: 'executing' });
  }, 120_000);

  it('does not apply a plan the operator rejected: the retry answers PLAN_NOT_APPROVED', async () => {
    const planId = await newPlan(client);
    onElicit = async () => {
      await admin.plans.reject(planId, operator, 'wrong servers');
      return { action: 'accept' };
    };
    const refused = await apply(client, planId);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', plan_status: 'rejected' });
  }, 60_000);

  it('answers PLAN_NOT_APPROVED with the page when the person declines to open it', async () => {
    const planId = await newPlan(client);
    onElicit = async () => ({ action: 'decline' });
    const refused = await apply(client, planId);
    expect(refused.structuredContent.error).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', console_url: pageOf(planId) });
    expect((await admin.plans.get(planId)).status).toBe('pending');
  }, 60_000);
});
