import { Fleet, freePort, OidcProvider, OidcTestScope, startFleet, startOidcProvider, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { RawEra, rawRpc } from './raw-rpc';
import { enrollFleet } from './replica-fleet';

// Issue 21 item 2: every MCP method that reveals data needs the read role, on both revisions. Each role an OAuth
// token can carry (none: a token whose only scope maps to no role, as `openid` alone does) against every method, over HTTP: a method that reveals data is refused
// with 403 insufficient_scope and the scope to ask for; the catalogue (the same for every caller, no fleet data)
// and the handshake stay open, so a client can connect and step up at its first real use.
const dir = tempDir('http-authz-matrix-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let idp: OidcProvider;
let fleet: Fleet;
let server: RunningHttpServer;
let resource: string;

const ROLES: [string, OidcTestScope][] = [
  ['none (no role scope)', 'other:scope'],
  ['read_only', 'routeros:read'],
  ['ops_rw', 'routeros:write'],
  ['approver', 'routeros:approve'],
  ['admin', 'routeros:admin'],
];
const tokens = new Map<OidcTestScope, string>();

beforeAll(async () => {
  [idp, fleet] = await Promise.all([startOidcProvider(), startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS })]);
  await enrollFleet({ env: {} }, dataDir, fleet, ['r-1']);
  const port = await freePort();
  resource = `http://127.0.0.1:${port}/mcp`;
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_AUTH: 'oauth', ROUTEROS_MCP_OAUTH_ISSUER: idp.issuer, ROUTEROS_MCP_HTTP_PUBLIC_URL: resource }, ['--port', String(port)]);
  for (const [, scope] of ROLES) tokens.set(scope, await idp.clientCredentialsToken([scope], resource));
}, 120_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await Promise.all([idp?.stop(), fleet?.stop()]);
  dir.remove();
});

interface MethodCase {
  label: string;
  method: string;
  params?: Record<string, any>;
  eras: RawEra[];
  /** Reveals fleet data: needs the read role. */
  data: boolean;
  /** Needs the professional tier (plan resources): admin or approver. */
  plans?: boolean;
  stream?: boolean;
}

const BOTH: RawEra[] = ['legacy', 'modern'];
const METHODS: MethodCase[] = [
  { label: 'initialize', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }, eras: ['legacy'], data: false },
  { label: 'ping', method: 'ping', eras: ['legacy'], data: false },
  { label: 'logging/setLevel', method: 'logging/setLevel', params: { level: 'info' }, eras: ['legacy'], data: false },
  { label: 'server/discover', method: 'server/discover', params: {}, eras: ['modern'], data: false },
  { label: 'tools/list', method: 'tools/list', eras: BOTH, data: false },
  { label: 'prompts/list', method: 'prompts/list', eras: BOTH, data: false },
  { label: 'prompts/get', method: 'prompts/get', params: { name: 'troubleshoot-device', arguments: { device_id: 'r-1' } }, eras: BOTH, data: false },
  { label: 'resources/templates/list', method: 'resources/templates/list', eras: BOTH, data: false },
  { label: 'resources/list', method: 'resources/list', eras: BOTH, data: true },
  // ui://…: an MCP Apps view, static HTML, but still behind the read scope like every resource.
  ...['device://r-1/config', 'device://r-1/overview', 'device://r-1/interfaces', 'audit://events/recent', 'fleet://devices', 'fleet://health-summary', 'ui://routeros-mcp/fleet-health'].map((uri) => ({ label: `resources/read ${uri}`, method: 'resources/read', params: { uri }, eras: BOTH, data: true })),
  { label: 'resources/read plan://…/summary', method: 'resources/read', params: { uri: 'plan://plan-0000-none/summary' }, eras: BOTH, data: true, plans: true },
  { label: 'completion/complete', method: 'completion/complete', params: { ref: { type: 'ref/resource', uri: 'device://{device_id}/overview' }, argument: { name: 'device_id', value: 'r' } }, eras: BOTH, data: true },
  { label: 'completion/complete (prompt)', method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'troubleshoot-device' }, argument: { name: 'device_id', value: '' } }, eras: BOTH, data: true },
  { label: 'resources/subscribe', method: 'resources/subscribe', params: { uri: 'device://r-1/health' }, eras: ['legacy'], data: true },
  { label: 'subscriptions/listen', method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: ['device://r-1/health'] } }, eras: ['modern'], data: true, stream: true },
  { label: 'tools/call device_list', method: 'tools/call', params: { name: 'device_list', arguments: {} }, eras: BOTH, data: true },
];

const CASES = ROLES.flatMap(([role, scope]) => METHODS.flatMap((m) => m.eras.map((era) => [role, scope, era, m.label, m] as const)));

describe('every MCP method × every role × both revisions, over HTTP', () => {
  it.each(CASES)('%s (%s), %s: %s', async (_role, scope, era, _label, m) => {
    const answer = await rawRpc(resource, { era, token: tokens.get(scope), method: m.method, params: m.params, stream: m.stream });
    const needed = !m.data ? undefined : scope === 'other:scope' ? 'routeros:read' : m.plans && !['routeros:admin', 'routeros:approve'].includes(scope) ? 'routeros:admin' : undefined;
    if (needed) {
      expect({ status: answer.status, body: answer.body?.error?.data?.mcp_error_code }).toEqual({ status: 403, body: 'FORBIDDEN' });
      const challenge = answer.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(/^Bearer resource_metadata="[^"]+"/);
      expect(challenge).toContain('error="insufficient_scope"');
      expect(challenge).toContain(`scope="${needed}"`);
      // Nothing about the fleet in the refusal.
      expect(JSON.stringify(answer.body)).not.toMatch(/r-1|192\.0\.2|\/ip |routeros_version/);
      return;
    }
    expect(answer.status).toBe(200);
    if (m.stream) return;
    // Served: a result, or the method's own in-band answer (no session for a 2025-era subscribe; no such plan).
    if (m.method === 'resources/subscribe') expect(answer.body.error.data.mcp_error_code).toBe('METHOD_NOT_FOUND');
    else if (m.plans) expect(answer.body.error.data).toMatchObject({ mcp_error_code: 'RESOURCE_NOT_FOUND', uri: m.params?.['uri'] });
    else expect(answer.body.result).toBeDefined();
  }, 60_000);
});
