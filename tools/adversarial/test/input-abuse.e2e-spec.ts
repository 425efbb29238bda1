import { simControl } from '@routeros-mcp/testing';
import { AttackLedger } from '../src/lib/attack-ledger';
import { createToken, EnrolledFleet, enrolledFleet, RunningHttpServer, startHttpServer } from '../src/lib/deployment';
import { describeReply, RawReply, rawMcp, REVISIONS, served } from '../src/lib/raw-mcp';
import { StdioModel, stdioModel } from '../src/lib/stdio-model';

// Hostile input a model or a client can send: misspelled arguments that would turn a dry run into a write, JSON-RPC
// batches carrying writes, arguments nested past any stack, ids JSON cannot carry exactly, malformed Authorization
// headers and injection in names. Over HTTP (API tokens, both revisions) and stdio; the device judges writes.
const ledger = new AttackLedger('input-abuse');
let lab: EnrolledFleet;
let server: RunningHttpServer;
let model: StdioModel;
let admin: string;

beforeAll(async () => {
  lab = await enrolledFleet('adv-input-', [{ id: 'r1', environment: 'lab' }]);
  admin = await createToken(lab.dataDir, 'admin');
  [server, model] = await Promise.all([startHttpServer({ ROUTEROS_MCP_DATA_DIR: lab.dataDir, ROUTEROS_MCP_AUTH: 'tokens', ROUTEROS_MCP_RATE_LIMIT_ADVANCED_PER_MINUTE: '100000', ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '100000' }), stdioModel(lab.dataDir)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.stop(), model?.close()]);
  await lab?.remove();
});

const state = async () => (await simControl(lab.fleet, 'GET', '/devices/0/state')).config;
const identity = async () => (await state())['system/identity'][0].name as string;
const dns = async () => (await state())['ip/dns'][0].servers as string;
const http = (revision: (typeof REVISIONS)[number], name: string, args: unknown, options = {}) => rawMcp(server.url, revision, 'tools/call', { name, arguments: args }, { token: admin, ...options });

describe('a misspelled argument never turns a dry run into a write', () => {
  it.each(REVISIONS)('over HTTP, %s', async (revision) => {
    const before = await dns();
    const reply = await http(revision, 'dns_set_servers', { device_id: 'r1', servers: ['192.0.2.77'], dryrun: true });
    const changed = (await dns()) !== before;
    ledger.refuse('unknown argument', `dns_set_servers with "dryrun" (${revision})`, changed || served(reply) ? `the device changed: ${describeReply(reply)}` : undefined, describeReply(reply));
    expect(JSON.stringify(reply.message)).toContain('dry_run');
  });

  it('over stdio', async () => {
    const before = await identity();
    const result = await model.call('system_set_identity', { device_id: 'r1', name: 'typo-wrote', 'dry-run': true });
    ledger.refuse('unknown argument', 'system_set_identity with "dry-run" (stdio)', !result.isError || (await identity()) !== before ? 'the device changed' : undefined, result.code);
  });

  it.each([
    ['device_list', { enviroment: 'prod' }],
    ['system_set_identity', { device_id: 'r1', name: 'x', dry_run: true, psk: 'not-a-parameter' }],
  ])('refuses unknown arguments of %s', async (name, args) => {
    const result = await model.call(name, args);
    ledger.refuse('unknown argument', `${name} ${JSON.stringify(Object.keys(args))}`, !result.isError ? 'accepted' : undefined, result.code);
  });
});

describe('JSON-RPC batches', () => {
  it.each(['2025-06-18', '2025-11-25', '2026-07-28'])('a batch with a write is refused whole on %s', async (revision) => {
    const before = await identity();
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'system_set_identity', arguments: { device_id: 'r1', name: 'batched-write' } } },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    const reply = await rawMcp(server.url, '2025-11-25', 'tools/call', {}, { token: admin, body: batch, headers: { 'mcp-protocol-version': revision } });
    const changed = (await identity()) !== before;
    ledger.refuse('batch', `a batch carrying system_set_identity (${revision})`, changed ? `the identity changed: HTTP ${reply.status}` : undefined, `HTTP ${reply.status}`);
    // Refused out loud: an HTTP error or a JSON-RPC error, never a silent 200 with results.
    expect(reply.status >= 400 || (!Array.isArray(reply.message) && reply.message?.error !== undefined)).toBe(true);
  });
});

describe('arguments nested past any stack', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  it.each(REVISIONS)('are refused as invalid params, not an internal error, over HTTP (%s)', async (revision) => {
    const envelope = revision === '2026-07-28' ? { _meta: { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} } } : {};
    const body = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'device_list', arguments: { where: '__DEEP__' }, ...envelope } }).replace('"__DEEP__"', deep(10_000));
    const reply = await rawMcp(server.url, revision, 'tools/call', { name: 'device_list' }, { token: admin, body });
    const code = reply.message?.error?.data?.mcp_error_code ?? reply.message?.result?.structuredContent?.error?.mcp_error_code;
    ledger.refuse('nesting', `10,000 nested levels (${revision})`, code === 'INTERNAL_ERROR' || reply.status >= 500 ? describeReply(reply) : undefined, describeReply(reply));
    expect(`${code} ${describeReply(reply)}`).toMatch(/^(INVALID_PARAMS|PARSE_ERROR|INVALID_REQUEST) /);
  });
});

describe('ids JSON cannot carry exactly', () => {
  it.each(['9007199254740992', '-9007199254740992', '1.5', '1e308'])('id %s is answered with id null', async (id) => {
    const body = `{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":{}}`;
    const reply: RawReply = await rawMcp(server.url, '2025-11-25', 'tools/list', {}, { token: admin, body });
    const echoed = reply.message && reply.message.id !== null ? `echoed as ${JSON.stringify(reply.message.id)}` : undefined;
    ledger.refuse('request ids', `id ${id} over HTTP`, echoed, describeReply(reply));
  });
});

describe('malformed Authorization headers', () => {
  it.each([['Basic', 'Basic YWRtaW46YWRtaW4='], ['an empty Bearer', 'Bearer '], ['two tokens', `Bearer ${'x'.repeat(10)} ${'y'.repeat(10)}`], ['a token twice', `Bearer a, Bearer b`]])('%s is an invalid token (401, error="invalid_token")', async (_what, authorization) => {
    const reply = await rawMcp(server.url, '2026-07-28', 'tools/call', { name: 'device_list', arguments: {} }, { authorization });
    const challenge = reply.headers.get('www-authenticate') ?? '';
    ledger.refuse('authorization header', `${_what}`, served(reply) ? 'served' : undefined, `HTTP ${reply.status} ${challenge.match(/error="[^"]+"/)?.[0] ?? 'no error'}`);
    expect(reply.status).toBe(401);
    expect(challenge).toContain('error="invalid_token"');
  });
});

describe('injection in names a model writes', () => {
  it.each([
    ['a path as device id', 'system_get_overview', { device_id: '../../etc/passwd' }],
    ['SQL in a device id', 'system_get_overview', { device_id: "r1' OR '1'='1" }],
    ['a RouterOS command in an identity', 'system_set_identity', { device_id: 'r1', name: 'x"; /user add name=evil group=full; "' }],
  ])('%s runs nothing on the device', async (what, name, args) => {
    const result = await model.call(name, args);
    const users = ((await state())['user'] ?? []).map((u: { name: string }) => u.name);
    ledger.refuse('injection', what, users.includes('evil') ? 'a user evil was added' : undefined, result.code ?? 'stored as a plain value');
  });

  it.each([
    ['a terminal escape', 'ok\u001b]0;owned\u0007'],
    ['a line break', 'ok\n/user add name=evil group=full'],
    ['a right-to-left override', 'core\u202Eedge'],
  ])('an identity with %s is refused before it reaches a screen', async (what, name) => {
    const result = await model.call('system_set_identity', { device_id: 'r1', name });
    const stored = (await identity()) === name;
    ledger.refuse('injection', `an identity with ${what}`, !result.isError || stored ? 'stored on the device' : undefined, result.code);
  });
});
