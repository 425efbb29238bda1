import { connectHttp, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { createToken, httpAuthFor } from './http-auth';
import { enrollWriters } from './http-fleet-setup';
import { RunningHttpServer, startHttpServer } from './http-server.harness';

// Roles end to end with API tokens: a read_only token asking for a write tool is refused with a step-up challenge
// before anything runs. Needs `routeros-mcp-admin token create`; skipped (and said so) until that command exists.

const dir = tempDir('http-roles-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;
let admin: string;
let readOnly: string;

const identity = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name as string;

describe('roles over HTTP with API tokens', () => {
  beforeAll(async () => {
    fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
    await enrollWriters(dataDir, USERS[0], [{ id: 'dev-w', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true } }]);
    const auth = await httpAuthFor(dataDir);
    expect(auth.mode).toBe('tokens');
    admin = auth.token!;
    readOnly = await createToken(dataDir, 'read_only');
    server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...auth.env });
  }, 120_000);
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    await fleet?.stop();
    dir.remove();
  });

  it.each([
    ['2025-11-25', {}, {}],
    ['2026-07-28', { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'system_set_identity' }, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }],
  ])('a read_only token calling a write tool (%s) gets 403 insufficient_scope naming the scope, and nothing runs', async (_revision, headers, meta) => {
    const before = await identity();
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${readOnly}`, ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'system_set_identity', arguments: { device_id: 'dev-w', name: 'not-allowed' }, _meta: meta } }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as any;
    expect(body).toMatchObject({ id: 3, error: { data: { mcp_error_code: 'FORBIDDEN', required_scope: expect.any(String) } } });
    const challenge = response.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain(`scope="${body.error.data.required_scope}"`);
    expect(body.error.data.required_scope).not.toBe('read_only');
    // Nothing ran: the device as it was, and no change was applied or recorded.
    expect(await identity()).toBe(before);
    const auditor = await connectHttp('legacy', server.url, { token: admin });
    try {
      expect((await auditor.callTool('audit_list_events', { device_id: 'dev-w', action: 'change.apply' })).structuredContent.items).toEqual([]);
      expect((await auditor.callTool('change_list', { device_id: 'dev-w' })).structuredContent.items).toEqual([]);
      // The refused call itself is recorded, as it would have been in-band.
      const refusals = (await auditor.callTool('audit_list_events', { device_id: 'dev-w', action: 'system_set_identity' })).structuredContent.items;
      expect(refusals.find((e: any) => e.correlation_id === body.error.data.correlation_id)).toMatchObject({ outcome: 'error', error_code: 'PROTOCOL.FORBIDDEN' });
    } finally {
      await auditor.close();
    }
  });

  it('the same read_only token reads, and an admin token writes', async () => {
    const reader = await connectHttp('modern', server.url, { token: readOnly });
    const writer = await connectHttp('modern', server.url, { token: admin });
    try {
      expect((await reader.callTool('system_get_clock', { device_id: 'dev-w' })).isError).toBeFalsy();
      const written = await writer.callTool('system_set_identity', { device_id: 'dev-w', name: 'by-admin' });
      expect(written.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
      expect(await identity()).toBe('by-admin');
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('refuses a missing or unknown token with 401 and a plain Bearer challenge (API tokens have no resource metadata), running nothing', async () => {
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'device_list', arguments: {} } }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="routeros-mcp"/);
    }
  });
});
