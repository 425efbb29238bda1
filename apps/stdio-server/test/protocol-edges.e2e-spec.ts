import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { enrollSimulated } from './fleet-setup';
import { ENVELOPE, initialize, initialized, RawSession, requestFor } from './raw-session';

// Written against raw frames so that the same scenarios can run on every protocol revision and transport.
const dir = tempDir('stdio-edges-');
const dataDir = join(dir.path, 'data');
const env = { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_DEVICE_CONNECT_TIMEOUT_MS: '2000' };
let fleet: Fleet;

beforeAll(async () => {
  fleet = await startFleet({ devices: 2, profile: 'chr', users: [{ name: 'admin', password: 'edge-Pw-1', group: 'full' }] });
  await enrollSimulated(dataDir, fleet, [
    { id: 'dev-fast', device: fleet.devices[0], environment: 'lab' },
    { id: 'dev-slow', device: fleet.devices[1], environment: 'lab' },
  ]);
}, 60_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});
afterEach(async () => {
  RawSession.killAll(); // a failed test leaves no server behind to hold the run open
  await simControl(fleet, 'POST', '/reset');
});

const error = (frame: any) => frame?.error;

// Every scenario on both revisions: a 2025-era session opens with initialize, a modern one with server/discover
// and then sends the envelope on every request, never initialize.
describe.each([['2025-11-25', 'legacy'], ['2026-07-28', 'modern']] as const)('protocol %s', (_version, era) => {
const request = requestFor(era);
/** Opens the session as a client of this era does, and waits for the answer. */
const started = (session: RawSession) => {
  // A modern client may open with any request; the first one carrying the envelope pins the revision.
  session.send(era === 'legacy' ? initialize(0) : request(0, 'prompts/list', {}));
  if (era === 'legacy') session.send(initialized);
  return session.until(() => session.byId(0) !== undefined);
};
/** A request that always succeeds: ping, which 2026-07-28 removed (prompts/list there). */
const alive = (id: string | number) => (era === 'legacy' ? request(id, 'ping') : request(id, 'prompts/list', {}));
/** A tool failure: an isError result whose structuredContent.error is the taxonomy, on both revisions. */
const toolFailure = (frame: any): any => (frame?.result?.isError ? { code: undefined, data: frame.result.structuredContent.error } : undefined);
/** Correlation ids of the newest audit records of a tool, read back in a session of its own. */
const auditedCorrelations = async (tool: string): Promise<string[]> => {
  const audit = new RawSession(env);
  await started(audit);
  audit.send(request('audit', 'tools/call', { name: 'audit_list_events', arguments: { action: tool, limit: 5 } }));
  await audit.until(() => audit.byId('audit') !== undefined);
  audit.close();
  await audit.exited;
  if (!audit.byId('audit').result) throw new Error(JSON.stringify(audit.byId('audit')) + audit.stderr.slice(-2000));
  return audit.byId('audit').result.structuredContent.items.map((e: any) => e.correlation_id);
};

describe('shutdown answers every request it has read (stdio)', () => {
  it('answers requests written just before stdin closes, then exits 0', async () => {
    const session = new RawSession(env);
    const opening = era === 'legacy' ? [initialize(1), initialized] : [request(1, 'server/discover', {})];
    session.sendAndClose(...opening, alive(2), request(3, 'tools/call', { name: 'device_list', arguments: {} }), request(4, 'tools/list'));
    expect(await session.exited).toBe(0);
    expect(session.frames.map((f) => f.id).sort()).toEqual([1, 2, 3, 4]);
    expect(session.byId(3).result.structuredContent.total_count).toBe(2);
    // Audit records are written after the answer: the exit still waited for this one.
    expect(await auditedCorrelations('device_list')).toContain(session.byId(3).result._meta.correlation_id);
  }, 60_000);

  it.each([
    ['SIGTERM', (s: RawSession) => s.signal('SIGTERM')],
    ['SIGINT', (s: RawSession) => s.signal('SIGINT')],
    ['stdin EOF', (s: RawSession) => s.close()],
  ])('finishes and audits a slow call in flight at %s', async (_name, stop) => {
    await simControl(fleet, 'PUT', '/devices/1/faults', { latencyMs: 1500 });
    const session = new RawSession(env);
    await started(session);
    session.send(request(7, 'tools/call', { name: 'fleet_get_health_summary', arguments: {}, _meta: { progressToken: 'p' } }));
    // The fast device's progress proves the call is running and the slow one is still being read.
    await session.until((frames) => frames.some((f) => f.method === 'notifications/progress' && f.params.progress === 1));
    stop(session);
    expect(await session.exited).toBe(0);
    const answer = session.byId(7);
    expect(answer.result.structuredContent).toMatchObject({ total: 2, reachable: 2 });
    expect(await auditedCorrelations('fleet_get_health_summary')).toContain(answer.result._meta.correlation_id);
  }, 90_000);
});

describe('every request gets exactly one answer (stdio)', () => {
  it('refuses ids JSON cannot echo, array params, wrong-typed params and stray frames, each with its code', async () => {
    const session = new RawSession(env);
    await started(session);
    session.send(
      request('A', era === 'legacy' ? 'ping' : 'prompts/list', []),
      '{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1e300,"method":"ping"}',
      '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}',
      request('B', 'tools/call', { name: 5 }),
      request('C', 'tools/call', { name: 'device_list', arguments: [] }),
      request('D', 'resources/read', { uri: 5 }),
      request('E', 'logging/setLevel', { level: 'loud' }),
      request('F', 'tools/call', { name: 'device_list', arguments: { cursor: 'not-a-cursor' } }),
      request('G', 'tools/list', { cursor: 'x' }),
      '{"jsonrpc":"2.0","method":1,"params":"bar"}',
      '{"jsonrpc":"2.0"}',
      '[]',
      '{"jsonrpc":"2.0","id":"R","result":{}}',
      '{"jsonrpc":"2.0","id":"S","error":{"code":-1,"message":"x"}}',
      '{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"x"}}',
      '{"jsonrpc":"2.0","id":1.5,"result":{}}',
      '{"jsonrpc":"2.0","id":"M","result":{},"method":"ping"}',
      request('N', 'no/such/method', { _meta: null }),
      request('O', 'notifications/initialized', { _meta: 'x' }),
      request('H', 'x'.repeat(5 * 1024 * 1024)),
      request('I', 'tools/call', { name: 'y'.repeat(5 * 1024 * 1024), arguments: {} }),
      alive('Z'),
    );
    // Answers need not come in order: a tool call may wait for the database to load while later requests are answered.
    await session.until(() => [...'ABCDEFGMNOHIZ'].every((id) => session.byId(id) !== undefined), 60_000);
    expect(error(session.byId('A'))).toMatchObject({ code: -32602, data: { field: 'params' } });
    const nullIds = session.frames.filter((f) => f.id === null);
    // 1.5, 1e300, 2^53+1, {method:1}, {jsonrpc only}, []
    expect(nullIds.map((f) => f.error.code)).toEqual([-32600, -32600, -32600, -32600, -32600, -32600]);
    expect(nullIds.slice(0, 3).map((f) => f.error.data.rule)).toEqual(['id', 'id', 'id']);
    expect(error(session.byId('B'))).toMatchObject({ code: -32602, data: { field: 'params.name' } });
    expect(error(session.byId('B')).message).toMatch(/expected string/);
    expect(error(session.byId('C'))).toMatchObject({ code: -32602, data: { field: 'params.arguments' } });
    expect(error(session.byId('D'))).toMatchObject({ code: -32602, data: { field: 'params.uri' } });
    // logging/setLevel is 2025-era only: on 2026-07-28 it is an unknown method, whatever its params.
    expect(error(session.byId('E'))).toMatchObject(era === 'legacy' ? { code: -32602, data: { field: 'params.level' } } : { code: -32601 });
    expect(toolFailure(session.byId('F'))).toMatchObject({ code: undefined, data: { field: 'cursor' } });
    expect(error(session.byId('G'))).toMatchObject({ code: -32602 });
    for (const id of ['A', 'B', 'C', 'D', 'E', 'G']) expect(error(session.byId(id)).message).not.toMatch(/\n/);
    expect(session.byId('R')).toBeUndefined();
    expect(session.byId('S')).toBeUndefined();
    // Found by the robustness fuzzer: a frame that is both request and response, and a _meta that is no object.
    expect(error(session.byId('M'))).toMatchObject({ code: -32600 });
    // (On a modern connection the session puts its envelope in _meta, so there they are ordinary unknown methods.)
    for (const id of ['N', 'O']) expect(error(session.byId(id))).toMatchObject(era === 'legacy' ? { code: -32602, data: { field: 'params._meta' } } : { code: -32601 });
    expect(error(session.byId('H'))).toMatchObject({ code: -32601 });
    expect(error(session.byId('I'))).toMatchObject({ code: -32602, data: { field: 'params.name' } });
    for (const id of ['H', 'I']) expect(JSON.stringify(session.byId(id)).length).toBeLessThan(2000);
    expect(session.byId('Z').result).toBeDefined();
    // No code of the range 2026-07-28 reserves (or calls legacy) on a modern connection.
    if (era === 'modern') expect(session.frames.filter((f) => f.error && f.error.code >= -32099 && f.error.code <= -32000)).toEqual([]);
    // Exactly one answer per request id.
    const ids = session.frames.filter((f) => f.id !== undefined && f.id !== null).map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    session.close();
    expect(await session.exited).toBe(0);
  }, 90_000);

  // Issue 26 (found over HTTP, where the SDK answered these -32603 with zod's multi-line dump): stdio's guard, same answers.
  it('refuses invalid params of every protocol method with -32602 naming the field and what was expected; a notification gets nothing', async () => {
    const session = new RawSession(env);
    await started(session);
    type Case = [string, string, Record<string, unknown>, string, RegExp];
    const cases: Case[] = [
      ['r1', 'resources/read', {}, 'params.uri', /is required \(expected string\)$/],
      ['r2', 'prompts/get', { arguments: {} }, 'params.name', /is required/],
      ['r3', 'prompts/get', { name: 'troubleshoot-device', arguments: { symptom: 5 } }, 'params.arguments.symptom', /expected string, received number$/],
      ['r4', 'completion/complete', { ref: { type: 'ref/nope' }, argument: { name: 'a', value: 'b' } }, 'params.ref', /ref\/prompt.*ref\/resource/],
      ['r5', 'tools/call', { arguments: {} }, 'params.name', /is required \(expected string\)$/],
      ['r6', 'tools/call', { name: 'device_list', arguments: 'x' }, 'params.arguments', /expected record, received string$/],
      ...(era === 'legacy'
        ? ([
            ['l1', 'resources/subscribe', {}, 'params.uri', /is required/],
            ['l2', 'resources/unsubscribe', { uri: 5 }, 'params.uri', /expected string, received number$/],
            ['l3', 'logging/setLevel', {}, 'params.level', /expected one of "debug", "info"/],
          ] as Case[])
        : ([['m1', 'subscriptions/listen', { notifications: 5 }, 'params.notifications', /expected object, received number$/]] as Case[])),
    ];
    session.send(
      ...cases.map(([id, method, params]) => request(id, method, params)),
      // Never answered: notifications, whatever their params.
      { jsonrpc: '2.0', method: 'resources/unsubscribe', params: {} },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: {} } },
      // Unknown on this revision, whatever its params.
      request('u1', era === 'legacy' ? 'subscriptions/listen' : 'resources/unsubscribe', {}),
      alive('Z'),
    );
    await session.until(() => [...cases.map(([id]) => id), 'u1', 'Z'].every((id) => session.byId(id) !== undefined), 60_000);
    for (const [id, method, , field, expected] of cases) {
      expect({ method, error: error(session.byId(id)) }).toMatchObject({ method, error: { code: -32602, data: { mcp_error_code: 'INVALID_PARAMS', field } } });
      expect(error(session.byId(id)).message).toMatch(expected);
      expect(JSON.stringify(session.byId(id))).not.toMatch(/\\n|invalid_type|"path"/);
    }
    expect(error(session.byId('u1'))).toMatchObject({ code: -32601 });
    expect(session.byId('Z').result).toBeDefined();
    // Every frame is an answer to one of the requests: the two notifications got none.
    expect(session.frames.filter((f) => f.id === null || f.id === undefined).filter((f) => !f.method)).toEqual([]);
    session.close();
    expect(await session.exited).toBe(0);
    if (era === 'modern') return;
    // A 2025-era opening initialize with bad params is refused; the session stays open for a good one.
    const opening = new RawSession(env);
    opening.send({ ...initialize('i0'), params: { capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }, initialize('i1'));
    await opening.until(() => opening.byId('i1') !== undefined);
    expect(error(opening.byId('i0'))).toMatchObject({ code: -32602, message: 'Invalid params: params.protocolVersion: is required (expected string)', data: { field: 'params.protocolVersion' } });
    expect(opening.byId('i1').result.protocolVersion).toBe('2025-11-25');
    opening.close();
    expect(await opening.exited).toBe(0);
  }, 60_000);

  // Batches left JSON-RPC over MCP with 2025-06-18: on 2025-11-25 and 2026-07-28 one is refused whole, nothing of it runs.
  it('refuses a batch whole on this revision, running none of its members', async () => {
    const session = new RawSession(env);
    await started(session);
    session.send(JSON.stringify([request('b1', 'tools/call', { name: 'device_list', arguments: {} }), alive('b2')]), alive('after'));
    await session.until(() => session.byId('after') !== undefined);
    expect(session.frames.filter((f) => f.id === null).map((f) => f.error.code)).toEqual([-32600]);
    expect(session.frames.filter((f) => f.id === null)[0].error.message).toMatch(/batches are not supported in protocol (2025-11-25|2026-07-28)/);
    expect([session.byId('b1'), session.byId('b2'), session.frames.find(Array.isArray)]).toEqual([undefined, undefined, undefined]);
    session.close();
    expect(await session.exited).toBe(0);
  }, 60_000);

  // Issue 21 item 12: ids at ±2^53 or 1e308 cannot be echoed exactly (1e308 came back altered over HTTP).
  it('refuses ids of ±2^53 and 1e308 with id null; the largest safe integers are ids like any other', async () => {
    const session = new RawSession(env);
    await started(session);
    const line = (id: string) => JSON.stringify(era === 'legacy' ? request('ID', 'ping') : request('ID', 'prompts/list', {})).replace('"id":"ID"', `"id":${id}`);
    session.send(line('9007199254740992'), line('-9007199254740992'), line('1e308'), line('9007199254740991'), line('-9007199254740991'));
    await session.until(() => session.frames.filter((f) => f.id === null).length === 3 && session.byId(9007199254740991) !== undefined && session.byId(-9007199254740991) !== undefined);
    expect(session.frames.filter((f) => f.id === null).map((f) => [f.error.code, f.error.data.rule])).toEqual([[-32600, 'id'], [-32600, 'id'], [-32600, 'id']]);
    expect([session.byId(9007199254740991).result, session.byId(-9007199254740991).result]).toEqual([expect.anything(), expect.anything()]);
    session.close();
    expect(await session.exited).toBe(0);
  }, 60_000);

  // Issue 21 item 8: 10,000 levels overflowed the stack in the audit path (INTERNAL_ERROR and no audit record).
  it('refuses a tool call nested past 64 levels with INVALID_PARAMS and an audit record, any other request with -32602, and goes on', async () => {
    const session = new RawSession(env);
    await started(session);
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const withDeep = (message: object) => JSON.stringify(message).replace('"DEEP"', deep);
    session.send(
      withDeep(request('T', 'tools/call', { name: 'device_list', arguments: { x: 'DEEP' } })),
      withDeep(request('P', 'prompts/get', { name: 'troubleshoot-device', arguments: { device_id: 'DEEP' } })),
      alive('Z'),
    );
    await session.until(() => ['T', 'P', 'Z'].every((id) => session.byId(id) !== undefined));
    const refused = toolFailure(session.byId('T'));
    expect(refused).toMatchObject({ code: undefined, data: { mcp_error_code: 'INVALID_PARAMS', max_depth: 64 } });
    expect(error(session.byId('P'))).toMatchObject({ code: -32602, data: { mcp_error_code: 'INVALID_PARAMS', max_depth: 64 } });
    expect(session.byId('Z').result).toBeDefined();
    session.close();
    expect(await session.exited).toBe(0);
    expect(await auditedCorrelations('device_list')).toContain(refused.data.correlation_id);
  }, 60_000);

});

describe('the revision each request names (stdio)', () => {
  // 2026-07-28 names the revision in every request; the SDK checks only the opening one. 2025-era requests name none
  // (initialize negotiated it), so an envelope there is only _meta and the request is served.
  it(era === 'modern' ? 'refuses a request naming a revision this server does not serve, and goes on serving' : 'ignores a revision named in _meta of a 2025-era request', async () => {
    const session = new RawSession(env);
    await started(session);
    const claim = (version: string) => ({ _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': version } });
    session.send(
      { jsonrpc: '2.0', id: 'old', method: 'tools/call', params: { name: 'device_list', arguments: {}, ...claim('2099-01-01') } },
      { jsonrpc: '2.0', id: 'legacy', method: 'prompts/list', params: claim('2025-11-25') },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'x', ...claim('2099-01-01') } },
      alive('after'),
    );
    await session.until(() => ['old', 'legacy', 'after'].every((id) => session.byId(id) !== undefined));
    if (era === 'modern') {
      for (const [id, requested] of [['old', '2099-01-01'], ['legacy', '2025-11-25']]) {
        expect(error(session.byId(id))).toEqual({ code: -32022, message: `Unsupported protocol version: ${requested}`, data: { supported: ['2026-07-28'], requested } });
      }
    } else {
      expect(session.byId('old').result.structuredContent.total_count).toBe(2);
      expect(session.byId('legacy').result.prompts.length).toBeGreaterThan(0);
    }
    expect(session.byId('after').result).toBeDefined();
    session.close();
    expect(await session.exited).toBe(0);
    if (era === 'legacy') expect(await auditedCorrelations('device_list')).toContain(session.byId('old').result._meta.correlation_id);
  }, 60_000);
});

describe('audit and log messages (stdio)', () => {
  it('audits calls refused before they run, with the client named, and sends log messages only where the client asked', async () => {
    const session = new RawSession({ ...env, ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '2' });
    await started(session);
    session.send(
      request(1, 'tools/call', { name: 'no_such_tool', arguments: {} }),
      request(2, 'tools/call', { name: 'system_get_overview', arguments: { device_id: 'Not Valid' } }),
    );
    await session.until(() => session.byId(2) !== undefined);
    expect(session.frames.filter((f) => f.method === 'notifications/message')).toEqual([]);
    // 2025-era: logging/setLevel for the session; modern: the envelope's logLevel, request by request.
    const asked = era === 'legacy' ? {} : { _meta: { 'io.modelcontextprotocol/logLevel': 'warning' } };
    if (era === 'legacy') session.send(request(3, 'logging/setLevel', { level: 'warning' }));
    session.send(request(4, 'tools/call', { name: 'no_such_tool', arguments: {}, ...asked }), request(5, 'tools/call', { name: 'device_list', arguments: {}, ...asked }), request(6, 'tools/call', { name: 'device_list', arguments: {}, ...asked }));
    await session.until(() => session.byId(5) !== undefined && session.byId(6) !== undefined);
    expect(session.byId(5).result).toBeDefined();
    expect(toolFailure(session.byId(6))).toMatchObject({ data: { mcp_error_code: 'RATE_LIMITED' } });
    expect(session.frames.filter((f) => f.method === 'notifications/message').map((f) => f.params.data.code)).toEqual(['TOOL_NOT_FOUND', 'RATE_LIMITED']);
    session.close();
    await session.exited;

    const audit = new RawSession(env);
    await started(audit);
    audit.send(request(9, 'tools/call', { name: 'audit_list_events', arguments: { limit: 20 } }));
    await audit.until(() => audit.byId(9) !== undefined);
    audit.close();
    await audit.exited;
    const events = audit.byId(9).result.structuredContent.items.map((e: any) => `${e.action} ${e.outcome} ${e.error_code} ${e.client}`);
    expect(events).toEqual(
      expect.arrayContaining(['tool.no_such_tool error PROTOCOL.TOOL_NOT_FOUND raw 1', 'tool.system_get_overview error PROTOCOL.INVALID_PARAMS raw 1', 'tool.device_list error RATE.LIMITED raw 1']),
    );
  }, 90_000);
});
});

// Scenarios that exist on one revision only.
describe('a 2026-07-28 negotiating probe (stdio)', () => {
  it('ends at once after server/discover when stdin closes (a negotiating client\'s probe), never loading the database', async () => {
    // SDK v2 clients probe with server/discover in a throwaway process and then close it: that process must not
    // spend a whole load (database, migrations, handlers) before it may exit.
    const fresh = tempDir('stdio-probe-');
    try {
      const session = new RawSession({ ROUTEROS_MCP_DATA_DIR: fresh.path });
      session.sendAndClose(requestFor('modern')(1, 'server/discover', {}));
      expect(await session.exited).toBe(0);
      expect(session.byId(1).result).toBeDefined();
      expect(existsSync(join(fresh.path, 'routeros-mcp.sqlite'))).toBe(false);
      expect(session.stderr).not.toContain('stdio server ready');
    } finally {
      fresh.remove();
    }
  }, 60_000);
});

describe('a 2025-03-26 batch (stdio)', () => {
  it('answers a 2025-03-26 batch whole: invalid members, valid ones and duplicate ids in one array', async () => {
    const session = new RawSession(env);
    session.send(initialize(0, '2025-03-26'), initialized);
    await session.until(() => session.byId(0) !== undefined);
    session.send('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1.5,"method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]');
    await session.until((frames) => frames.some(Array.isArray));
    const batch = session.frames.find(Array.isArray)!;
    expect(batch.map((f: any) => f.id)).toEqual(expect.arrayContaining([1, 1, 2, null]));
    expect(batch).toHaveLength(4);
    // The SDK answers an unknown method before the members after it are handed over: the array still waits for them.
    // Issue 26: an empty method is no request (the fuzz's seed 856329404 over HTTP), and bad params are -32602, in a batch too.
    session.send('[{"jsonrpc":"2.0","id":"y","method":"nope"},5,{"jsonrpc":"2.0","id":"x","method":"ping","params":[]},{"jsonrpc":"2.0","id":"x","method":"ping","params":[]},{"jsonrpc":"2.0","method":""},{"jsonrpc":"2.0","id":"z","method":"resources/read","params":{}}]');
    await session.until((frames) => frames.filter(Array.isArray).length === 2);
    const second = session.frames.filter(Array.isArray)[1];
    expect(second.map((f: any) => f.id)).toEqual(expect.arrayContaining(['y', null, 'x', 'x', null, 'z']));
    expect(second).toHaveLength(6);
    expect(second.filter((f: any) => f.id === null).map((f: any) => f.error.code)).toEqual([-32600, -32600]);
    expect(second.find((f: any) => f.id === 'z').error).toMatchObject({ code: -32602, data: { field: 'params.uri' } });
    expect(session.frames.filter((f) => !Array.isArray(f) && f.id !== 0)).toEqual([]);
    session.close();
    expect(await session.exited).toBe(0);
  }, 60_000);
});
