import { checkMessage, shutdownFrame } from './frame-guard';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'spec', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/logLevel': 'warning',
};
const modern = (id: number, method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...ENVELOPE, progressToken: 'p' } } });

describe('frame guard on both revisions', () => {
  it.each([
    ['tools/call', { name: 'device_list', arguments: {} }],
    ['tools/list', {}],
    ['resources/read', { uri: 'device://dev-a/health' }],
    ['prompts/get', { name: 'security-audit', arguments: { device_id: 'dev-a' } }],
    ['completion/complete', { ref: { type: 'ref/prompt', name: 'security-audit' }, argument: { name: 'device_id', value: 'd' } }],
    ['server/discover', {}],
    ['subscriptions/listen', { notifications: { resourceSubscriptions: ['fleet://health-summary'] } }],
  ])('admits a modern %s with its envelope and no initialize', (method, params) => {
    expect(checkMessage(modern(1, method, params), { initialized: false, modern: true })).toMatchObject({ ok: true });
  });

  it('keeps the 2025-era initialization rules for legacy connections only', () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect(checkMessage(list, { initialized: false })).toMatchObject({ ok: false, reply: { error: { code: -32600, data: { mcp_error_code: 'NOT_INITIALIZED' } } } });
    const init = { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    expect(checkMessage(init, { initialized: true })).toMatchObject({ ok: false, reply: { error: { data: { reason: 'ALREADY_INITIALIZED' } } } });
    // On a modern connection the SDK answers initialize itself (unsupported revision).
    expect(checkMessage(init, { initialized: false, modern: true })).toMatchObject({ ok: true });
  });

  it('still refuses wrong-typed params of a modern request', () => {
    expect(checkMessage(modern(3, 'tools/call', { name: 5 }), { initialized: false, modern: true })).toMatchObject({ ok: false, reply: { error: { code: -32602, data: { field: 'params.name' } } } });
  });

  it('answers a request cut off by shutdown with a standard code on modern connections', () => {
    expect(shutdownFrame(4).error.code).toBe(-32000);
    expect(shutdownFrame(4, 'modern').error).toMatchObject({ code: -32603, data: { mcp_error_code: 'SERVER_SHUTTING_DOWN' } });
  });
});
