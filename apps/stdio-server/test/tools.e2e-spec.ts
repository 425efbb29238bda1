import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { enroll } from './fleet-setup';

const MAIN = join(__dirname, '..', 'dist', 'main.js');
const dir = tempDir('stdio-tools-');
const dataDir = join(dir.path, 'data');
let fleet: Fleet;
let client: Client;

async function connect(env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [MAIN], env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DEVICE_CONNECT_TIMEOUT_MS: '1000', ...env }, stderr: 'pipe' });
  const c = new Client({ name: 'e2e', version: '1.0.0' });
  await c.connect(transport);
  return c;
}

async function rpcError(promise: Promise<unknown>): Promise<{ code: number; message: string; data: any }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: number; message: string; data: any };
  }
  throw new Error('expected a JSON-RPC error');
}

const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }) as Promise<any>;

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'mixed', users: [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' }] });
  await enroll(dataDir, fleet, [
    { id: 'dev-home', device: fleet.devices[0], environment: 'lab' },
    { id: 'dev-edge', device: fleet.devices[1], environment: 'lab' },
    { id: 'dev-prod', device: fleet.devices[1], environment: 'prod' },
  ]);
  client = await connect();
});
afterAll(async () => {
  await client?.close();
  await fleet?.stop();
  dir.remove();
});
afterEach(() => simControl(fleet, 'POST', '/reset'));

describe('read-only tools over stdio', () => {
  it('lists snake-case tools with schemas, annotations and short descriptions', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['device_list', 'device_get', 'system_get_overview', 'interface_list', 'ip_list_addresses', 'routing_list_routes', 'firewall_list_filter_rules', 'dns_get_status']));
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)+$/);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      expect(tool.description!.length).toBeLessThan(140);
    }
  });

  it('device_list answers structured content, a TSV text and _meta', async () => {
    const result = await call('device_list', { environment: 'lab' });
    expect(result.structuredContent.items.map((d: { id: string }) => d.id)).toEqual(['dev-edge', 'dev-home']);
    expect(result.content[0].text.split('\n')[0]).toBe('id\tname\tenvironment\tstatus\trouteros_version\thost\ttags');
    expect(result._meta).toMatchObject({ correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), estimated_tokens: expect.any(Number), total_count: 2, has_more: false });
  });

  it('system_get_overview reads the device, also through the spec alias', async () => {
    const result = await call('system_get_overview', { device_id: 'dev-home' });
    expect(result.structuredContent).toMatchObject({ identity: 'sim-home-001', board: 'hAP ax^3', serial_number: expect.any(String), cpu_count: 4 });
    expect(result.content[0].text).toMatch(/^identity:\s+sim-home-001$/m);
    const alias = await call('system/get-overview', { device_id: 'dev-edge' });
    expect(alias.structuredContent.identity).toBe('sim-edge-002');
  });

  it('pages firewall rules with position and .id, and follows the cursor', async () => {
    const first = await call('firewall_list_filter_rules', { device_id: 'dev-home', limit: 4 });
    expect(first.structuredContent).toMatchObject({ total_count: 9, has_more: true });
    expect(first.structuredContent.items.map((r: Record<string, string>) => r['position'])).toEqual(['0', '1', '2', '3']);
    const next = await call('firewall_list_filter_rules', { device_id: 'dev-home', limit: 4, cursor: first.structuredContent.next_cursor });
    expect(next.structuredContent.items[0]).toMatchObject({ position: '4', '.id': '*5' });
    const bad = await rpcError(call('firewall_list_filter_rules', { device_id: 'dev-edge', cursor: first.structuredContent.next_cursor }));
    expect(bad).toMatchObject({ code: -32005, data: { mcp_error_code: 'VALIDATION_ERROR' } });
  });

  it('fields map to .proplist', async () => {
    const result = await call('interface_list', { device_id: 'dev-edge', fields: ['name', 'type'], limit: 2 });
    expect(Object.keys(result.structuredContent.items[0]).sort()).toEqual(['.id', 'name', 'type']);
  });
});

describe('errors as spec 001 shapes them', () => {
  it('an unknown tool is -32601 with the closest names', async () => {
    const error = await rpcError(call('system_get_overveiw', { device_id: 'dev-home' }));
    expect(error.code).toBe(-32601);
    expect(error.data).toMatchObject({ mcp_error_code: 'TOOL_NOT_FOUND', closest_tools: expect.arrayContaining(['system_get_overview']) });
  });

  it('invalid arguments are -32602 with one entry per field', async () => {
    const error = await rpcError(call('interface_list', { device_id: 'Not An Id', limit: 0 }));
    expect(error.code).toBe(-32602);
    expect(error.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['device_id', 'limit']);
  });

  it('an unknown device is -32003 and the message names the next tool', async () => {
    const error = await rpcError(call('system_get_overview', { device_id: 'dev-nope' }));
    // The SDK client prefixes "MCP error <code>: " to the message it received on the wire.
    expect(error.message).toBe("MCP error -32003: Not Found: device 'dev-nope' is not enrolled; call device_list to see enrolled devices");
    expect(error).toMatchObject({ code: -32003, data: { mcp_error_code: 'NOT_FOUND', recovery_strategy: 'fix_and_retry', next_steps: ['device_list'], device_id: 'dev-nope' } });
  });

  it('a device of another environment is -32002', async () => {
    const error = await rpcError(call('system_get_overview', { device_id: 'dev-prod' }));
    expect(error).toMatchObject({ code: -32002, data: { mcp_error_code: 'FORBIDDEN', device_environment: 'prod', server_environment: 'lab' } });
  });

  it('an unreachable device is -32010 with retry_after, and the server stays healthy', async () => {
    await simControl(fleet, 'PUT', '/devices/0/faults', { refuse: true });
    const error = await rpcError(call('system_get_overview', { device_id: 'dev-home' }));
    expect(error).toMatchObject({ code: -32010, data: { mcp_error_code: 'DEVICE_UNREACHABLE', retry_after: expect.any(Number), recovery_strategy: 'retry_with_backoff', correlation_id: expect.any(String) } });
    expect(await client.ping()).toEqual({});
  });

  it('ROUTEROS_MCP_TOOL_ERRORS=result returns the same data as an isError result', async () => {
    const other = await connect({ ROUTEROS_MCP_TOOL_ERRORS: 'result', ROUTEROS_MCP_TOOLSETS: 'device,system' });
    try {
      const result = (await other.callTool({ name: 'system_get_overview', arguments: { device_id: 'dev-nope' } })) as any;
      expect(result.isError).toBe(true);
      expect(result.structuredContent.error).toMatchObject({ code: -32003, data: { mcp_error_code: 'NOT_FOUND' } });
      expect(result.content[0].text).toMatch(/^Not Found: /);
      const names = (await other.listTools()).tools.map((t) => t.name);
      expect(names.every((n) => n.startsWith('device_') || n.startsWith('system_'))).toBe(true);
    } finally {
      await other.close();
    }
  });
});
