import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { httpAuthFor } from './http-auth';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { MODERN_META, RawEra, rawRpc } from './raw-rpc';
import { enrollFleet } from './replica-fleet';

// Issue 21 items 5, 8 and 12 over HTTP, on both revisions: JSON-RPC batches, ids JSON cannot echo, arguments
// nested past the bound, malformed Authorization headers. Each is refused before anything runs.
const dir = tempDir('http-edges-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
let fleet: Fleet;
let server: RunningHttpServer;
let token: string;

const identity = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config['system/identity'][0].name as string;
const ERAS: RawEra[] = ['legacy', 'modern'];
const setIdentity = (era: RawEra, id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'system_set_identity', arguments: { device_id: 'r-1', name }, ...(era === 'modern' ? { _meta: MODERN_META } : {}) } });
const audited = async (action: string) => (await rawRpc(server.url, { era: 'legacy', token, method: 'tools/call', params: { name: 'audit_list_events', arguments: { action, limit: 50 } } })).body.result.structuredContent.items as any[];
/** `{"a":{"a":…1…}}`, `levels` objects deep, as text (JSON.stringify itself would overflow building it). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'edge', version: '7.20.5', users: USERS });
  await enrollFleet({ env: {} }, dataDir, fleet, ['r-1']);
  const auth = await httpAuthFor(dataDir);
  token = auth.token!;
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...auth.env });
}, 120_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fleet?.stop();
  dir.remove();
});

describe('item 5: JSON-RPC batches', () => {
  it.each([
    ['2025-06-18', 'legacy'],
    ['2025-11-25', 'legacy'],
    ['2026-07-28', 'modern'],
  ] as const)('a batch on %s is refused whole with -32600 (a code 2026-07-28 allows) and none of it runs', async (version, era) => {
    const before = await identity();
    const ping = era === 'legacy' ? { jsonrpc: '2.0', id: 2, method: 'ping' } : { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: MODERN_META } };
    const answer = await rawRpc(server.url, { era, token, method: 'tools/call', headers: { 'mcp-protocol-version': version }, body: JSON.stringify([setIdentity(era, 1, `batched-${version}`), ping]) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { mcp_error_code: 'INVALID_REQUEST' } } });
    expect(answer.body.error.message).toMatch(/batch/i);
    expect(await identity()).toBe(before);
    expect((await audited('tool.system_set_identity')).filter((e) => e.outcome === 'success')).toEqual([]);
  });

  it('an empty batch is refused (-32600), as on stdio', async () => {
    const answer = await rawRpc(server.url, { era: 'legacy', token, method: 'ping', body: '[]' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('a 2025-03-26 batch (the revision MCP assumes when a request names none) is still served, member by member', async () => {
    const answer = await rawRpc(server.url, { era: 'legacy', token, method: 'ping', headers: { 'mcp-protocol-version': '2025-03-26' }, body: JSON.stringify([{ jsonrpc: '2.0', id: 'a', method: 'ping' }, { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'device_list', arguments: {} } }]) });
    expect(answer.status).toBe(200);
  });
});

describe('item 12: ids JSON cannot echo', () => {
  it.each(ERAS)('ids of ±2^53, 1.5 and 1e308 are refused with id null and -32600, nothing altered or echoed (%s)', async (era) => {
    for (const id of ['9007199254740992', '-9007199254740992', '1.5', '1e308', '9007199254740993']) {
      const params = era === 'modern' ? `,"params":{"_meta":${JSON.stringify(MODERN_META)}}` : '';
      const answer = await rawRpc(server.url, { era, token, method: 'tools/list', body: `{"jsonrpc":"2.0","id":${id},"method":"tools/list"${params}}` });
      expect({ id, status: answer.status, body: answer.body }).toMatchObject({ id, status: 400, body: { id: null, error: { code: -32600, data: { rule: 'id' } } } });
    }
    // The largest safe integers are ids like any other.
    for (const id of [9007199254740991, -9007199254740991]) {
      const answer = await rawRpc(server.url, { era, token, id, method: 'tools/list' });
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(id);
    }
  });
});

describe('item 8: arguments nested past the bound', () => {
  it.each(ERAS)('a tool call 10,000 levels deep is INVALID_PARAMS with an audit record, and the server goes on (%s)', async (era) => {
    const body = era === 'legacy'
      ? `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"device_list","arguments":{"x":${nested(10_000)}}}}`
      : `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"device_list","arguments":{"x":${nested(10_000)}},"_meta":${JSON.stringify(MODERN_META)}}}`;
    const answer = await rawRpc(server.url, { era, token, method: 'tools/call', params: { name: 'device_list' }, body });
    expect(answer.status).toBe(200);
    // A tool execution error on both revisions: an isError result carrying the taxonomy.
    expect(answer.body.error).toBeUndefined();
    expect(answer.body.result.isError).toBe(true);
    const failure = answer.body.result.structuredContent.error;
    expect(failure).toMatchObject({ mcp_error_code: 'INVALID_PARAMS', max_depth: 64 });
    expect(JSON.stringify(answer.body)).not.toMatch(/call stack|INTERNAL_ERROR/);
    const record = (await audited('tool.device_list')).find((e) => e.correlation_id === failure.correlation_id);
    expect(record).toMatchObject({ outcome: 'error', error_code: 'PROTOCOL.INVALID_PARAMS' });
  });

  it.each(ERAS)('any other request nested past the bound is refused before dispatch with -32602 (%s)', async (era) => {
    const meta = era === 'modern' ? `,"_meta":${JSON.stringify(MODERN_META)}` : '';
    const answer = await rawRpc(server.url, { era, token, method: 'prompts/get', params: { name: 'troubleshoot-device' }, body: `{"jsonrpc":"2.0","id":"deep","method":"prompts/get","params":{"name":"troubleshoot-device","arguments":${nested(100)}${meta}}}` });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ id: 'deep', error: { code: -32602, data: { mcp_error_code: 'INVALID_PARAMS', max_depth: 64 } } });
  });

  it('a call within the bound still runs', async () => {
    const answer = await rawRpc(server.url, { era: 'legacy', token, method: 'tools/call', params: { name: 'device_list', arguments: {} } });
    expect(answer.body.result.structuredContent.total_count).toBe(1);
  });
});

/** A POST with the Authorization header exactly as given (an array sends the header that many times). */
function postWithAuthorization(authorization: string | string[]): Promise<{ status: number; challenge: string; body: any }> {
  const url = new URL(server.url);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk)).on('end', () => resolve({ status: res.statusCode!, challenge: String(res.headers['www-authenticate'] ?? ''), body: JSON.parse(text) }));
    });
    req.setHeader('authorization', authorization);
    req.on('error', reject);
    req.end(body);
  });
}

describe('item 12: a malformed Authorization header is a bad token, not a missing one', () => {
  it.each([
    ['another scheme', 'Basic YWRtaW46cHc=', /scheme/],
    ['an empty bearer token', 'Bearer', /empty/],
    ['two tokens', `Bearer a b`, /more than one token/],
    ['two tokens in one value', `Bearer a,Bearer b`, /more than one token/],
  ])('%s: 401 with error="invalid_token" and a description', async (_what, authorization, description) => {
    const answer = await postWithAuthorization(authorization);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('error="invalid_token"');
    expect(answer.challenge).toMatch(description);
    expect(answer.body.error.data.mcp_error_code).toBe('UNAUTHORIZED');
  });

  it('the header twice, even with a valid token: 401 invalid_token', async () => {
    const answer = await postWithAuthorization([`Bearer ${token}`, `Bearer ${token}`]);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toMatch(/error="invalid_token", error_description="[^"]*more than once/);
    expect(JSON.stringify(answer)).not.toContain(token);
  });

  it('no header at all is still "missing": the challenge without an error', async () => {
    const answer = await rawRpc(server.url, { era: 'legacy', method: 'tools/list' });
    expect(answer.status).toBe(401);
    // API tokens: no authorization server, so no resource metadata to point at (issue 22 item 10).
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="routeros-mcp"');
  });
});

// Issue 26: found by the HTTP fuzz (tools/bench robustness). Each answered as stdio answers it.
describe('issue 26: bodies the fuzz found answered unlike stdio', () => {
  /** A POST with the headers given and nothing else (fetch would add an Accept of its own). */
  const post = (headers: Record<string, string>, body: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers, authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk)).on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it.each(ERAS)('a lone object that is no valid request is refused 400 with its id echoed, not id null (%s)', async (era) => {
    for (const [body, id] of [['{"jsonrpc":"2.0","id":"no-method"}', 'no-method'], ['{"jsonrpc":"1.0","id":7,"method":"tools/list"}', 7], ['{"jsonrpc":"2.0","id":"both","method":"tools/list","result":{}}', 'both'], ['{"jsonrpc":"2.0","method":""}', null]] as const) {
      const answer = await rawRpc(server.url, { era, token, method: 'tools/list', body });
      expect({ body, status: answer.status, answer: answer.body }).toMatchObject({ body, status: 400, answer: { jsonrpc: '2.0', id, error: { code: -32600 } } });
    }
  });

  it('a JSON-RPC response posted under 2026-07-28 is refused 400 -32600 (id null) naming the rule, not as an unsupported revision; a 2025-era one is taken (202)', async () => {
    for (const body of ['{"jsonrpc":"2.0","id":"r1","result":{}}', '{"jsonrpc":"2.0","id":7,"error":{"code":-1,"message":"no"}}']) {
      const modern = await rawRpc(server.url, { era: 'modern', token, method: 'tools/list', body });
      expect({ status: modern.status, body: modern.body }).toMatchObject({ status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, data: { rule: 'message' } } } });
      expect(modern.body.error.message).toMatch(/one request or notification/);
      expect(JSON.stringify(modern.body)).not.toContain('Unsupported protocol version');
      const legacy = await rawRpc(server.url, { era: 'legacy', token, method: 'tools/list', body });
      expect(legacy.status).toBe(202);
    }
  });

  it('a 2025-03-26 batch with two requests sharing an id is refused whole (the SDK answered only one of them)', async () => {
    const before = await identity();
    const batch = JSON.stringify([setIdentity('legacy', 5, 'dup-batch'), { jsonrpc: '2.0', id: 5, method: 'ping' }]);
    const answer = await rawRpc(server.url, { era: 'legacy', token, method: 'ping', headers: { 'mcp-protocol-version': '2025-03-26' }, body: batch });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ id: null, error: { code: -32600, data: { rule: 'id' } } });
    expect(await identity()).toBe(before);
  });

  it.each([['no Accept', undefined], ['Accept text/html', 'text/html']])('%s: 406 with a JSON-RPC error on both revisions, a 2026-07-28 notification too (taken with 202 before)', async (_name, accept) => {
    const modern = { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'notifications/cancelled', ...(accept ? { accept } : {}) };
    const notification = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'x', _meta: MODERN_META } });
    const legacy = { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25', ...(accept ? { accept } : {}) };
    for (const [headers, body] of [[modern, notification], [legacy, '{"jsonrpc":"2.0","id":1,"method":"ping"}']] as const) {
      const answer = await post(headers, body);
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 406, body: { jsonrpc: '2.0', error: { code: -32000 } } });
    }
  });
});

// Issue 26: the SDK answered wrong params of protocol methods -32603 (or -32602) with zod's multi-line dump.
describe('issue 26: invalid params of protocol methods', () => {
  const BOTH: [string, Record<string, unknown>, string, RegExp][] = [
    ['resources/read', {}, 'params.uri', /is required \(expected string\)$/],
    ['prompts/get', { arguments: {} }, 'params.name', /is required/],
    ['prompts/get', { name: 'troubleshoot-device', arguments: { symptom: 5 } }, 'params.arguments.symptom', /expected string, received number$/],
    ['completion/complete', { ref: { type: 'ref/nope' }, argument: { name: 'a', value: 'b' } }, 'params.ref', /ref\/prompt.*ref\/resource/],
    ['completion/complete', { ref: { type: 'ref/prompt', name: 'troubleshoot-device' } }, 'params.argument', /is required \(expected object\)$/],
    ['tools/call', { arguments: {} }, 'params.name', /is required \(expected string\)$/],
    ['tools/call', { name: 'device_list', arguments: 'x' }, 'params.arguments', /expected record, received string$/],
    ['tools/list', { cursor: 5 }, 'params.cursor', /expected string, received number$/],
  ];
  const LEGACY: typeof BOTH = [
    ['resources/subscribe', {}, 'params.uri', /is required/],
    ['resources/unsubscribe', {}, 'params.uri', /is required/],
    ['logging/setLevel', { level: 'loud' }, 'params.level', /expected one of "debug", "info"/],
    ['initialize', { capabilities: {}, clientInfo: { name: 'x', version: '1' } }, 'params.protocolVersion', /is required/],
  ];
  const MODERN: typeof BOTH = [['subscriptions/listen', {}, 'params.notifications', /is required \(expected object\)$/]];

  it.each(ERAS)('each is -32602 with its id, naming the field and what was expected in one line (%s)', async (era) => {
    for (const [method, params, field, expected] of [...BOTH, ...(era === 'legacy' ? LEGACY : MODERN)]) {
      const answer = await rawRpc(server.url, { era, token, id: `bad ${method}`, method, params });
      expect({ method, status: answer.status, body: answer.body }).toMatchObject({ method, status: 400, body: { id: `bad ${method}`, error: { code: -32602, data: { mcp_error_code: 'INVALID_PARAMS', field } } } });
      expect(answer.body.error.message).toMatch(expected);
      expect(answer.body.error.message).toMatch(new RegExp(`^Invalid params: ${field.replace(/\./g, '\\.')}: `));
      expect(JSON.stringify(answer.body)).not.toMatch(/\\n|invalid_type|"path"/);
    }
    // Methods the revision does not have stay unknown, whatever their params.
    for (const method of era === 'legacy' ? ['server/discover', 'subscriptions/listen'] : ['resources/unsubscribe', 'logging/setLevel', 'initialize']) {
      const answer = await rawRpc(server.url, { era, token, id: 'unknown', method, params: { level: 'loud' } });
      expect({ method, code: answer.body.error.code }).toEqual({ method, code: -32601 });
    }
    // Tool arguments the tool's own schema refuses stay a tool execution error (an isError result).
    const call = await rawRpc(server.url, { era, token, method: 'tools/call', params: { name: 'device_list', arguments: { cursor: 5 } } });
    expect(call.status).toBe(200);
    expect(call.body.result).toMatchObject({ isError: true, structuredContent: { error: { mcp_error_code: 'INVALID_PARAMS' } } });
  });

  it('a notification with bad params is never answered (202, no body)', async () => {
    for (const body of ['{"jsonrpc":"2.0","method":"resources/unsubscribe","params":{}}', '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{}}}']) {
      const answer = await rawRpc(server.url, { era: 'legacy', token, method: 'x', body });
      expect({ body, status: answer.status, answer: answer.body }).toEqual({ body, status: 202, answer: undefined });
    }
    const modern = await rawRpc(server.url, { era: 'modern', token, method: 'notifications/cancelled', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: {}, _meta: MODERN_META } }) });
    expect([modern.status, modern.body]).toEqual([202, undefined]);
  });

  // The HTTP fuzz, seed 856329404 on 2025-11-25: alone, `{"jsonrpc":"2.0","method":""}` got its id-null -32600; in a
  // 2025-03-26 batch the SDK took it for a notification and answered nothing (202), one id-null answer short.
  it('a 2025-03-26 batch with a member that is no valid request, or a request with bad params, is refused whole (id null)', async () => {
    const headers = { 'mcp-protocol-version': '2025-03-26' };
    for (const [body, code] of [
      ['[{"jsonrpc":"2.0","method":""}]', -32600],
      ['[{"jsonrpc":"2.0","id":"a","method":"tools/list"},{"jsonrpc":"2.0","method":""}]', -32600],
      ['[{"jsonrpc":"2.0","id":"a","method":"tools/list"},{"jsonrpc":"2.0","id":"b","method":"resources/read","params":{}}]', -32602],
    ] as const) {
      for (const h of [headers, {}]) {
        const answer = await rawRpc(server.url, { era: 'legacy', token, method: 'x', body, headers: h });
        expect({ body, status: answer.status, answer: answer.body }).toMatchObject({ body, status: 400, answer: { id: null, error: { code } } });
      }
    }
    // Alone, the same frame is answered the same way.
    const alone = await rawRpc(server.url, { era: 'legacy', token, method: 'x', body: '{"jsonrpc":"2.0","method":""}' });
    expect([alone.status, alone.body]).toMatchObject([400, { id: null, error: { code: -32600 } }]);
  });
});
