import { tempDir } from '@routeros-mcp/testing';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', 'dist', 'main.js');
const dir = tempDir('stdio-guards-');
afterAll(() => dir.remove());

/** Sends raw lines to a fresh server and collects the frames it answers until `expected` arrived. */
function exchange(lines: string[], expected: number): Promise<{ frames: any[]; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data') }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const frames = () => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const timer = setTimeout(() => child.stdin.end(), 15_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      if (frames().length >= expected) {
        clearTimeout(timer);
        child.stdin.end();
      }
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ frames: frames(), code, stderr }));
    for (const line of lines) child.stdin.write(line + '\n');
  });
}

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
const modern = (id: unknown, method: string, params: Record<string, unknown> = {}) => JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } });
const init = (id: number, version = '2025-11-25') => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
const byId = (frames: any[], id: unknown) => frames.find((f) => !Array.isArray(f) && f.id === id);

describe('protocol guards on stdio (spec 002)', () => {
  it('answers every malformed or out-of-order frame with its error and keeps serving', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'ping', params: { pad: 'x'.repeat(10 * 1024 * 1024) } });
    const { frames, code } = await exchange(
      [
        '{not json',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        JSON.stringify({ jsonrpc: '1.0', id: 2, method: 'ping' }),
        JSON.stringify({ jsonrpc: '2.0', id: { x: 1 }, method: 'ping' }),
        init(3),
        initialized,
        init(4),
        JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'ping' }]),
        JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'nope/method' }),
        huge,
        JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }),
        JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }),
        JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'device_list', arguments: { limit: 0 } } }),
        JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'resources/read', params: { uri: 'gopher://x' } }),
      ],
      13,
    );
    expect(code).toBe(0);
    const nullIds = frames.filter((f) => f.id === null).map((f) => [f.error.code, f.error.data.mcp_error_code]);
    expect(nullIds).toEqual([[-32700, 'PARSE_ERROR'], [-32600, 'INVALID_REQUEST'], [-32600, 'INVALID_REQUEST'], [-32600, 'MESSAGE_TOO_LARGE']]);
    expect(byId(frames, 1).error).toMatchObject({ code: -32600, data: { mcp_error_code: 'NOT_INITIALIZED' } });
    expect(byId(frames, 2).error.code).toBe(-32600);
    expect(byId(frames, 3).result.protocolVersion).toBe('2025-11-25');
    expect(byId(frames, 4).error).toMatchObject({ code: -32600, data: { reason: 'ALREADY_INITIALIZED' } });
    expect(frames.some((f) => f.id === 5)).toBe(false);
    expect(frames.find((f) => f.error?.message?.includes('batches'))).toBeDefined();
    expect(byId(frames, 7).error).toMatchObject({ code: -32601, message: "Method not found: unknown method 'nope/method'", data: { method: 'nope/method' } });
    expect(byId(frames, 8)).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    expect(byId(frames, 9).error).toMatchObject({ code: -32601, message: expect.stringMatching(/^Unknown tool: 'no_such_tool' is not a tool of this server/), data: { mcp_error_code: 'TOOL_NOT_FOUND' } });
    // A tool that ran and failed (its arguments included, SEP-1303) is a result the model reads, on 2025-era too.
    expect(byId(frames, 10).error).toBeUndefined();
    expect(byId(frames, 10).result).toMatchObject({ isError: true, structuredContent: { error: { mcp_error_code: 'INVALID_PARAMS', recovery_strategy: 'fix_and_retry', field: 'limit' } } });
    expect(byId(frames, 10).result.content[0].text).toMatch(/^Invalid params: device_list: limit: .*\nmcp_error_code: INVALID_PARAMS\nrecovery_strategy: fix_and_retry\nsuggestion: Fix the listed fields/);
    // An unknown resource is MCP's -32002 with the uri (the SDK's 2025-era codec would send -32602).
    expect(byId(frames, 12).error).toMatchObject({ code: -32002, message: "Resource not found: no resource 'gopher://x'; call resources/list or resources/templates/list", data: { mcp_error_code: 'RESOURCE_NOT_FOUND', uri: 'gopher://x' } });
    expect(byId(frames, 99)).toBeUndefined();
  }, 30_000);

  it('answers a JSON-RPC batch with one array under protocol 2025-03-26', async () => {
    const { frames } = await exchange(
      [init(1, '2025-03-26'), initialized, JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { jsonrpc: '1.0', id: 4, method: 'ping' }])],
      2,
    );
    expect(byId(frames, 1).result.protocolVersion).toBe('2025-03-26');
    const batch = frames.find(Array.isArray) as any[];
    expect(batch.map((f: any) => f.id).sort()).toEqual([2, 3, 4]);
    expect(batch.find((f: any) => f.id === 4).error.code).toBe(-32600);
    expect(batch.find((f: any) => f.id === 3).result.tools.length).toBeGreaterThan(30);
  }, 30_000);

  it('serves 2026-07-28 without initialize, keeps every frame guard, and sends no code of the reserved range', async () => {
    const huge = modern(99, 'tools/list', { pad: 'x'.repeat(10 * 1024 * 1024) });
    const { frames, code } = await exchange(
      [
        modern(1, 'server/discover'),
        '{not json',
        modern(2, 'tools/list'),
        JSON.stringify({ jsonrpc: '1.0', id: 3, method: 'tools/list' }),
        JSON.stringify([{ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: ENVELOPE } }]),
        modern(5, 'nope/method'),
        huge,
        modern(6, 'tools/call', { name: 'no_such_tool', arguments: {} }),
        modern(7, 'tools/call', { name: 'device_list', arguments: { limit: 0 } }),
        modern(8, 'resources/read', { uri: 'gopher://x' }),
        modern(9, 'prompts/get', { name: 'nope' }),
        JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/list' }),
        modern(11, 'tools/call', { name: 'device_list', arguments: {} }),
      ],
      13,
    );
    expect(code).toBe(0);
    expect(byId(frames, 1).result).toMatchObject({ supportedVersions: ['2026-07-28'], capabilities: { experimental: { routeros: { environment: 'lab' } } }, instructions: expect.stringContaining('lab environment'), ttlMs: 3_600_000, cacheScope: 'public' });
    expect(byId(frames, 2).result).toMatchObject({ resultType: 'complete', ttlMs: 3_600_000, cacheScope: 'public' });
    const nullIds = frames.filter((f) => f.id === null).map((f) => [f.error.code, f.error.data.mcp_error_code]);
    expect(nullIds).toEqual([[-32700, 'PARSE_ERROR'], [-32600, 'INVALID_REQUEST'], [-32600, 'MESSAGE_TOO_LARGE']]);
    expect(frames.find((f) => f.error?.message?.includes('batches'))?.error.message).toContain('2026-07-28');
    expect(byId(frames, 3).error.code).toBe(-32600);
    expect(byId(frames, 5).error).toMatchObject({ code: -32601, data: { method: 'nope/method' } });
    // An unknown tool is a protocol error, said as such: not JSON-RPC's "Method not found".
    expect(byId(frames, 6).error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Unknown tool: /), data: { mcp_error_code: 'TOOL_NOT_FOUND' } });
    expect(byId(frames, 6).error.message).not.toMatch(/method not found/i);
    // A tool that ran and failed is a result the model can read: the message and suggestion, and the whole taxonomy.
    expect(byId(frames, 7).result).toMatchObject({ isError: true, structuredContent: { error: { mcp_error_code: 'INVALID_PARAMS', category: 'Invalid params', recovery_strategy: 'fix_and_retry', field: 'limit' } } });
    expect(byId(frames, 7).result.content[0].text).toMatch(/^Invalid params: .*\nmcp_error_code: INVALID_PARAMS\nrecovery_strategy: fix_and_retry\nsuggestion: /);
    expect(byId(frames, 8).error).toMatchObject({ code: -32602, data: { mcp_error_code: 'RESOURCE_NOT_FOUND', uri: 'gopher://x' } });
    expect(byId(frames, 9).error.code).toBe(-32602);
    expect(byId(frames, 10).error.code).toBe(-32602); // no envelope on a modern connection: the SDK refuses it
    expect(byId(frames, 11).result.structuredContent.total_count).toBe(0);
    expect(byId(frames, 99)).toBeUndefined();
    expect(frames.filter((f) => f.error && f.error.code >= -32099 && f.error.code <= -32000)).toEqual([]);
  }, 30_000);

  it('falls back to 2025-11-25 when initialize follows a server/discover probe', async () => {
    const { frames } = await exchange([modern(1, 'server/discover'), init(2), initialized, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' })], 3);
    expect(byId(frames, 1).result.supportedVersions).toEqual(['2026-07-28']);
    expect(byId(frames, 2).result.protocolVersion).toBe('2025-11-25');
    expect(byId(frames, 3)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  }, 30_000);
});
