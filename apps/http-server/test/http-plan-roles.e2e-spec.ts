import { connectHttp, ERAS, Fleet, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { createToken, httpAuthFor, Role } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';

// The professional tier over HTTP with API tokens: read_only and ops_rw are refused the plan tools before anything
// runs (403 with a step-up challenge, on both revisions); approver and admin use them.

const dir = tempDir('http-plan-roles-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const PLAN_FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true };
let fleet: Fleet;
let server: RunningHttpServer;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  fleet = await startFleet({ devices: 3, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], fleet.devices.map((device, i) => ({ id: `pr-${i}`, device, environment: 'lab' as const, capabilities: PLAN_FLAGS })));
  const auth = await httpAuthFor(dataDir);
  tokens.set('admin', auth.token!);
  for (const role of ['read_only', 'ops_rw', 'approver'] as const) tokens.set(role, await createToken(dataDir, role));
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...auth.env, ROUTEROS_MCP_TOOLSETS: 'default,professional' });
}, 120_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fleet?.stop();
  dir.remove();
});

const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

describe.each([
  ['read_only', '2025-11-25'],
  ['read_only', '2026-07-28'],
  ['ops_rw', '2025-11-25'],
  ['ops_rw', '2026-07-28'],
] as const)('a %s token (%s)', (role, revision) => {
  it.each(['plan_dns_ntp', 'plan_list', 'plan_apply'])('is refused %s with 403 FORBIDDEN naming every role that opens plans, and a step-up challenge', async (tool) => {
    const modern = revision === '2026-07-28';
    const args: Record<string, unknown> = tool === 'plan_dns_ntp' ? { devices: ['pr-0'], dns_servers: ['192.0.2.1'] } : tool === 'plan_apply' ? { plan_id: 'plan-0000-none' } : {};
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${tokens.get(role)}`, ...(modern ? { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': tool } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: tool, arguments: args, ...(modern ? { _meta: MODERN_META } : {}) } }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect(body).toMatchObject({ id: 7, error: { data: { mcp_error_code: 'FORBIDDEN', allowed_roles: ['admin', 'approver'], roles: [role] } } });
    // approver opens plans as much as admin does: the refusal says so (it used to name admin alone).
    expect(body.error.message).toBe(`Forbidden: ${tool} is a professional tool; your roles (${role}) do not include admin or approver`);
    expect(body.error.data['suggestion']).toMatch(/admin or approver role/);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });
});

describe.each(ERAS)('approver and admin tokens over %s', (_label, era) => {
  it.each(['approver', 'admin'] as const)('a %s token makes, lists and reads plans (and no tool approves them)', async (role) => {
    const client = await connectHttp(era, server.url, { token: tokens.get(role) });
    try {
      const plan = (await client.callTool('plan_dns_ntp', { devices: ['pr-0', 'pr-1', 'pr-2'], dns_servers: ['192.0.2.77'] })).structuredContent;
      expect(plan).toMatchObject({ status: 'pending', devices: expect.arrayContaining([expect.objectContaining({ device_id: 'pr-1' })]) });
      expect((await client.callTool('plan_list', { created_by: plan.created_by })).structuredContent.items.map((p: { plan_id: string }) => p.plan_id)).toContain(plan.plan_id);
      expect(JSON.parse((await client.readResource(`plan://${plan.plan_id}/summary`)).contents[0].text)).toMatchObject({ status: 'pending' });
      // Even an approver's client cannot approve through MCP: the refusal names the admin command.
      const refused = await client.failure('plan_apply', { plan_id: plan.plan_id });
      expect(refused.data).toMatchObject({ mcp_error_code: 'PLAN_NOT_APPROVED', next_step: `routeros-mcp-admin plan approve ${plan.plan_id}` });
      expect((await client.listTools()).tools.map((t: { name: string }) => t.name).filter((n: string) => /approve/.test(n))).toEqual([]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
