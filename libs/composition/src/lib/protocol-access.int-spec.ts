import type { Principal } from '@routeros-mcp/application-ports';
import { loadConfig } from '@routeros-mcp/config';
import { authInfoOf, createHttpMcpHandler, createMcpServer, McpHttpHandler, McpService, ToolCatalog } from '@routeros-mcp/mcp-protocol';
import { enrollmentOf, Fleet, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, ServerServices } from '../index';

// Issue 21 items 2 and 7: the protocol layer refuses on its own, whatever an HTTP app in front of it checks. The
// MCP handler is driven directly (no route, no pre-dispatch check), on both revisions, with real services on SQLite
// and the simulator: a principal with no role gets nothing of the fleet, a narrowed one nothing outside its reach.
const USERS = [{ name: 'admin', password: 'sim-pw', group: 'full' as const }];
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'spec', version: '1' } };
const NOBODY: Principal = { id: 'nobody', via: 'http', roles: [] };
const SITE1: Principal = { id: 'site1', via: 'http', roles: ['read_only'], deviceTags: ['site=s1'] };

let fleet: Fleet;
let dir: ReturnType<typeof tempDir>;
let services: ServerServices;
let service: McpService;
let handler: McpHttpHandler;

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'home', version: '7.20.5', users: USERS });
  dir = tempDir();
  const config = loadConfig({ env: { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_LOG_LEVEL: 'error' }, homeDir: '/nonexistent' });
  const admin = (await buildContainer(config, { logStream: new PassThrough() })).get(AdminServices);
  for (const device of fleet.devices) await admin.devices.enroll({ id: 'spec', via: 'test' }, ...enrollmentOf(device, `r${device.index + 1}`, USERS[0], { tags: { site: `s${device.index + 1}` } }));
  await admin.close();
  services = (await buildContainer(config, { logStream: new PassThrough() })).get(ServerServices);
  service = createMcpServer({
    mode: 'stateless',
    version: '0.0.0',
    environment: 'lab',
    tools: {
      catalog: new ToolCatalog({ toolsets: ['all'] }),
      services: services.toolServices(),
      options: { principal: () => NOBODY, toolErrors: 'jsonrpc' },
    },
  });
  handler = createHttpMcpHandler(service, { heartbeatMs: 20_000, maxListenStreams: 10 });
}, 120_000);
afterAll(async () => {
  await handler?.close();
  service?.close();
  await services?.close();
  await fleet?.stop();
  dir?.remove();
});

/** One request straight to the MCP handler as `principal`; the answer's status and its JSON-RPC message. */
async function ask(era: 'legacy' | 'modern', principal: Principal, method: string, params: Record<string, any> = {}) {
  const body = { jsonrpc: '2.0', id: 1, method, params: era === 'modern' ? { ...params, _meta: ENVELOPE } : params };
  const name = params['name'] ?? params['uri'];
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(era === 'modern' ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(typeof name === 'string' ? { 'mcp-name': name } : {}) } : {}) };
  const aborted = new AbortController();
  const response = await handler.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body: JSON.stringify(body), signal: aborted.signal }), { authInfo: authInfoOf({ clientId: principal.id, scopes: [], principal }), parsedBody: body });
  if (method === 'subscriptions/listen' && response.ok) {
    aborted.abort();
    return { status: response.status, message: undefined as any };
  }
  const text = await response.text();
  const events = (response.headers.get('content-type') ?? '').startsWith('text/event-stream') ? text.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5))) : [JSON.parse(text)];
  return { status: response.status, message: events.filter((e: any) => 'result' in e || 'error' in e).pop() };
}

/** The refusal in the revision's shape: a JSON-RPC error, or a modern tool call's isError result. */
const refusal = (message: any) => message?.error?.data ?? (message?.result?.isError ? message.result.structuredContent.error : undefined);

describe.each(['legacy', 'modern'] as const)('the MCP handler on its own, %s', (era) => {
  it.each([
    ['resources/list', {}],
    ['resources/read', { uri: 'device://r1/config' }],
    ['resources/read', { uri: 'fleet://devices' }],
    ['resources/read', { uri: 'audit://events/recent' }],
    ['completion/complete', { ref: { type: 'ref/resource', uri: 'device://{device_id}/overview' }, argument: { name: 'device_id', value: 'r' } }],
    ['tools/call', { name: 'device_list', arguments: {} }],
    ['tools/call', { name: 'system_get_overview', arguments: { device_id: 'r1' } }],
  ])('refuses %s %j to a principal with no role, in-band', async (method, params) => {
    const answer = await ask(era, NOBODY, method, params);
    expect(refusal(answer.message)).toMatchObject({ mcp_error_code: 'FORBIDDEN', required_role: 'read_only' });
    expect(JSON.stringify(answer.message)).not.toMatch(/\/ip |"r2"|routeros_version/);
  });

  it('keeps the catalogue open to it', async () => {
    expect((await ask(era, NOBODY, 'tools/list')).message.result.tools.length).toBeGreaterThan(0);
  });

  it('refuses a narrowed principal every path to a device outside its reach, and serves the one inside', async () => {
    for (const [method, params] of [
      ['tools/call', { name: 'system_get_overview', arguments: { device_id: 'r2' } }],
      ['tools/call', { name: 'device_get', arguments: { device_id: 'r2' } }],
      ['tools/call', { name: 'audit_list_events', arguments: { device_id: 'r2' } }],
      ['resources/read', { uri: 'device://r2/overview' }],
    ] as const) {
      expect(refusal((await ask(era, SITE1, method, params)).message)).toMatchObject({ mcp_error_code: 'FORBIDDEN', device_id: 'r2', refused_by: 'tags' });
    }
    const inside = await ask(era, SITE1, 'tools/call', { name: 'system_get_overview', arguments: { device_id: 'r1' } });
    expect(inside.message.result.structuredContent).toMatchObject({ device_id: 'r1' });
  });
});

describe('subscriptions/listen, which the SDK serves past every handler', () => {
  it('is refused (403) to a principal with no role, and for a device outside a narrowed reach; served otherwise', async () => {
    const listen = (principal: Principal, uri: string) => ask('modern', principal, 'subscriptions/listen', { notifications: { resourceSubscriptions: [uri] } });
    const nobody = await listen(NOBODY, 'device://r1/health');
    expect(nobody.status).toBe(403);
    expect(refusal(nobody.message)).toMatchObject({ mcp_error_code: 'FORBIDDEN', required_role: 'read_only' });
    const outside = await listen(SITE1, 'device://r2/health');
    expect(outside.status).toBe(403);
    expect(refusal(outside.message)).toMatchObject({ mcp_error_code: 'FORBIDDEN', device_id: 'r2' });
    expect((await listen(SITE1, 'device://r1/health')).status).toBe(200);
  });
});
