import { checkMessage, httpBodyRefusal, MAX_JSON_DEPTH, nestingExceeds, shutdownFrame } from './frame-guard';

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

/** `levels` nested objects, built without recursion. */
const nested = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`) as unknown;

describe('nesting bound', () => {
  it('counts levels of objects and arrays, stops at the first too deep, and parses 100,000 levels without overflowing', () => {
    expect(nestingExceeds(nested(64), 64)).toBe(false);
    expect(nestingExceeds(nested(65), 64)).toBe(true);
    expect(nestingExceeds([[[1]]], 3)).toBe(false);
    expect(nestingExceeds([[[[]]]], 3)).toBe(true);
    expect(nestingExceeds({ wide: Array.from({ length: 10_000 }, () => ({ x: 1 })) }, 3)).toBe(false);
    expect(nestingExceeds(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)), MAX_JSON_DEPTH)).toBe(true);
  });

  it('refuses a request nested past the bound with -32602, and passes a tool call on to its audited handler', () => {
    const deep = { jsonrpc: '2.0', id: 'd', method: 'prompts/get', params: { name: 'x', arguments: nested(100) } };
    expect(checkMessage(deep, { initialized: true })).toMatchObject({ ok: false, reply: { id: 'd', error: { code: -32602, data: { mcp_error_code: 'INVALID_PARAMS', max_depth: 64 } } } });
    expect(checkMessage({ jsonrpc: '2.0', method: 'notifications/x', params: nested(100) }, { initialized: true })).toEqual({ ok: false });
    expect(checkMessage({ jsonrpc: '2.0', id: 't', method: 'tools/call', params: { name: 'device_list', arguments: nested(100) } }, { initialized: true })).toMatchObject({ ok: true });
  });
});

describe('HTTP body refusal', () => {
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
  it('refuses batches outside 2025-03-26, and an empty one; a request naming no revision is 2025-03-26', () => {
    for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) expect(httpBodyRefusal([ping, ping], version)).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining(version) } });
    expect(httpBodyRefusal([], undefined)).toMatchObject({ error: { code: -32600 } });
    expect(httpBodyRefusal([ping, { ...ping, id: 2 }], '2025-03-26')).toBeUndefined();
    expect(httpBodyRefusal([ping, { ...ping, id: 2 }], undefined)).toBeUndefined();
  });

  it('refuses ids JSON cannot echo (id null), in a batch too', () => {
    for (const id of [2 ** 53, -(2 ** 53), 1.5, 1e308, null, true, {}]) expect(httpBodyRefusal({ ...ping, id }, '2025-11-25')).toMatchObject({ id: null, error: { code: -32600, data: { rule: 'id' } } });
    expect(httpBodyRefusal([ping, { ...ping, id: 1.5 }], undefined)).toMatchObject({ id: null, error: { code: -32600 } });
    for (const id of [2 ** 53 - 1, -(2 ** 53 - 1), 0, 'x']) expect(httpBodyRefusal({ ...ping, id }, '2025-11-25')).toBeUndefined();
    // Responses and non-objects are the SDK's to answer.
    expect(httpBodyRefusal({ jsonrpc: '2.0', id: 1.5, result: {} }, '2025-11-25')).toBeUndefined();
  });

  // Found by the HTTP fuzz (issue 26): the SDK answered these id null (or, for duplicate ids, left one unanswered).
  it('refuses a lone object that is no valid request with its id echoed, as stdio does', () => {
    expect(httpBodyRefusal({ jsonrpc: '2.0', id: 'a' }, '2025-11-25')).toMatchObject({ id: 'a', error: { code: -32600, message: expect.stringMatching(/method/) } });
    expect(httpBodyRefusal({ jsonrpc: '1.0', id: 7, method: 'ping' }, '2026-07-28')).toMatchObject({ id: 7, error: { code: -32600 } });
    expect(httpBodyRefusal({ jsonrpc: '2.0', id: 'b', method: 'ping', result: {} }, '2025-11-25')).toMatchObject({ id: 'b', error: { code: -32600 } });
    expect(httpBodyRefusal({ jsonrpc: '2.0', method: '' }, '2025-11-25')).toMatchObject({ id: null, error: { code: -32600 } });
    expect(httpBodyRefusal({ jsonrpc: '2.0', id: 'c', method: 'x', params: 5 }, '2025-11-25')).toMatchObject({ id: 'c', error: { code: -32600 } });
    expect(httpBodyRefusal({ jsonrpc: '2.0', id: 'r', result: {} }, '2025-11-25')).toBeUndefined();
    expect(httpBodyRefusal({ jsonrpc: '2.0', method: 'notifications/x', params: [1] }, '2025-11-25')).toBeUndefined();
  });

  it('refuses a 2025-03-26 batch in which two requests share an id, whole', () => {
    expect(httpBodyRefusal([ping, { ...ping }], '2025-03-26')).toMatchObject({ id: null, error: { code: -32600, data: { rule: 'id' } } });
    expect(httpBodyRefusal([ping, { ...ping, id: '1' }, { jsonrpc: '2.0', id: 1, result: {} }], '2025-03-26')).toBeUndefined();
  });

  // Issue 26: the SDK answered these -32603 with zod's multi-line message (resources/unsubscribe with empty params).
  it.each([
    ['resources/unsubscribe', {}, 'params.uri', 'is required (expected string)'],
    ['resources/subscribe', { uri: 5 }, 'params.uri', 'expected string, received number'],
    ['resources/read', {}, 'params.uri', 'is required (expected string)'],
    ['prompts/get', { arguments: {} }, 'params.name', 'is required (expected string)'],
    ['prompts/get', { name: 'p', arguments: { a: 1 } }, 'params.arguments.a', 'expected string, received number'],
    ['completion/complete', { ref: { type: 'ref/nope' }, argument: { name: 'a', value: 'b' } }, 'params.ref', 'expected {"type":"ref/prompt","name":string} or {"type":"ref/resource","uri":string}'],
    ['logging/setLevel', { level: 'loud' }, 'params.level', 'expected one of "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"'],
    ['tools/call', { arguments: {} }, 'params.name', 'is required (expected string)'],
    ['tools/call', { name: 'device_list', arguments: [] }, 'params.arguments', 'expected record, received array'],
    ['initialize', { capabilities: {}, clientInfo: { name: 'x', version: '1' } }, 'params.protocolVersion', 'is required (expected string)'],
    ['subscriptions/listen', {}, 'params.notifications', 'is required (expected object)'],
    ['server/discover', { _meta: 5 }, 'params._meta', 'must be an object'],
  ])('refuses %s with %j: -32602 naming %s, its id echoed, no zod dump', (method, params, field, expected) => {
    const modernOnly = method === 'subscriptions/listen' || method === 'server/discover';
    const refusal = httpBodyRefusal({ jsonrpc: '2.0', id: 'q', method, params }, modernOnly ? '2026-07-28' : '2025-11-25');
    expect(refusal).toMatchObject({ id: 'q', error: { code: -32602, message: `Invalid params: ${field}: ${expected}`, data: { mcp_error_code: 'INVALID_PARAMS', field } } });
    // stdio's guard gives the same answer.
    expect(checkMessage({ jsonrpc: '2.0', id: 'q', method, params }, { initialized: method !== 'initialize', modern: modernOnly })).toMatchObject({ ok: false, reply: refusal });
  });

  it('leaves a method the revision does not have to the SDK (-32601), whatever its params', () => {
    for (const method of ['resources/subscribe', 'logging/setLevel', 'initialize', 'ping']) {
      expect(httpBodyRefusal({ jsonrpc: '2.0', id: 1, method, params: { level: 5, uri: 5 } }, '2026-07-28')).toBeUndefined();
      expect(checkMessage(modern(1, method, { level: 5, uri: 5 }), { initialized: false, modern: true })).toMatchObject({ ok: true });
    }
    expect(httpBodyRefusal({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: {} }, '2025-11-25')).toBeUndefined();
    expect(httpBodyRefusal({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: {} }, '2026-07-28')).toMatchObject({ error: { code: -32602 } });
  });

  it('never answers a notification, whatever its params', () => {
    expect(httpBodyRefusal({ jsonrpc: '2.0', method: 'resources/unsubscribe', params: {} }, '2025-11-25')).toBeUndefined();
    expect(httpBodyRefusal({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: 5 } }, '2025-11-25')).toBeUndefined();
    expect(checkMessage({ jsonrpc: '2.0', method: 'resources/unsubscribe', params: {} }, { initialized: true })).toEqual({ ok: false });
  });

  // Fuzz seed 856329404 (issue 26): alone `{"jsonrpc":"2.0","method":""}` got its id-null -32600, in a batch the SDK
  // took it for a notification and answered nothing. JSON-RPC answers each invalid member; this server refuses the batch.
  it('refuses a 2025-03-26 batch whole (id null) for a member that is no valid request, or a request with bad params', () => {
    expect(httpBodyRefusal([ping, { jsonrpc: '2.0', method: '' }], '2025-03-26')).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/method must be a non-empty string/) } });
    expect(httpBodyRefusal([ping, { jsonrpc: '2.0', id: 2, method: '' }], undefined)).toMatchObject({ id: null, error: { code: -32600, data: { member_id: 2 } } });
    expect(httpBodyRefusal([ping, { jsonrpc: '2.0', id: 3, method: 'resources/read', params: {} }], '2025-03-26')).toMatchObject({ id: null, error: { code: -32602, data: { field: 'params.uri', member_id: 3 } } });
    // A notification's params are still not judged.
    expect(httpBodyRefusal([ping, { jsonrpc: '2.0', method: 'resources/read', params: {} }], '2025-03-26')).toBeUndefined();
  });

  it('refuses params nested past the bound, except a tool call (refused and audited by its handler)', () => {
    expect(httpBodyRefusal({ ...ping, id: 'p', method: 'prompts/get', params: nested(100) }, '2025-11-25')).toMatchObject({ id: 'p', error: { code: -32602, data: { max_depth: 64 } } });
    expect(httpBodyRefusal({ ...ping, method: 'tools/call', params: { name: 'x', arguments: nested(100) } }, '2025-11-25')).toBeUndefined();
  });
});
