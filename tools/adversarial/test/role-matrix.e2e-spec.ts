import { AttackLedger } from '../src/lib/attack-ledger';
import { EnrolledFleet, enrolledFleet, oauthServer, RunningHttpServer } from '../src/lib/deployment';
import type { ForgingIssuer } from '../src/lib/forging-issuer';
import { describeReply, RawReply, rawMcp, Revision, REVISIONS, served } from '../src/lib/raw-mcp';

// Every MCP method that reveals data or acts, called by every role (and by a token that has none), on both
// revisions. A denied cell that is served is an accepted attack; an allowed cell that is refused fails as a control
// (a matrix that refuses everything proves nothing). Reach: narrowed principals read nothing outside their reach.
const ledger = new AttackLedger('role-matrix');
let lab: EnrolledFleet;
let server: RunningHttpServer;
let issuer: ForgingIssuer;
let resource: string;

beforeAll(async () => {
  lab = await enrolledFleet('adv-roles-', [
    { id: 'in1', environment: 'lab', tags: { site: 's1' } },
    { id: 'out1', environment: 'lab', tags: { site: 's2' } },
  ]);
  ({ server, issuer, resource } = await oauthServer(lab.dataDir, { ROUTEROS_MCP_TOOLSETS: 'all' }));
  // Audit events about both devices, by the admin, for the reach rows to find (or not).
  for (const device of ['in1', 'out1']) {
    const reply = await call('2026-07-28', 'admin', 'tools/call', { name: 'system_get_overview', arguments: { device_id: device } });
    expect(served(reply)).toBe(true);
  }
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all([issuer?.stop(), lab?.remove()]);
});

type Who = 'no role' | 'read_only' | 'ops_rw' | 'approver' | 'admin' | 'site s1 only' | 'staging only';
const TOKENS: Record<Who, Record<string, unknown>> = {
  'no role': { scope: 'openid profile' },
  read_only: { scope: 'routeros:read' },
  ops_rw: { scope: 'routeros:write' },
  approver: { scope: 'routeros:approve' },
  admin: { scope: 'routeros:admin' },
  'site s1 only': { scope: 'routeros:admin', device_tags: ['site=s1'] },
  'staging only': { scope: 'routeros:admin', environments: ['staging'] },
};
const ROLES: Who[] = ['no role', 'read_only', 'ops_rw', 'approver', 'admin'];

function call(revision: Revision, who: Who, method: string, params: Record<string, unknown>, stream = false): Promise<RawReply> {
  return rawMcp(server.url, revision, method, params, { token: issuer.mint(issuer.claims(resource, { sub: `matrix-${who.replace(/\W/g, '-')}`, ...TOKENS[who] })), stream });
}

interface Cell {
  what: string;
  method: string;
  params: Record<string, unknown>;
  /** The roles this cell serves; everyone else must be refused. */
  allowed: readonly Who[];
  revisions?: readonly Revision[];
  stream?: boolean;
}

const READERS: Who[] = ['read_only', 'ops_rw', 'approver', 'admin'];
const CELLS: Cell[] = [
  { what: 'a read tool', method: 'tools/call', params: { name: 'device_list', arguments: {} }, allowed: READERS },
  { what: 'a device read tool', method: 'tools/call', params: { name: 'system_get_overview', arguments: { device_id: 'in1' } }, allowed: READERS },
  { what: 'a write tool (dry run)', method: 'tools/call', params: { name: 'system_set_identity', arguments: { device_id: 'in1', name: 'matrix', dry_run: true } }, allowed: ['ops_rw', 'admin'] },
  { what: 'a plan tool', method: 'tools/call', params: { name: 'plan_list', arguments: {} }, allowed: ['approver', 'admin'] },
  { what: 'the audit tool', method: 'tools/call', params: { name: 'audit_list_events', arguments: { limit: 5 } }, allowed: READERS },
  { what: 'resources/list', method: 'resources/list', params: {}, allowed: READERS },
  { what: 'a device config export', method: 'resources/read', params: { uri: 'device://in1/config' }, allowed: READERS },
  { what: 'a device overview', method: 'resources/read', params: { uri: 'device://in1/overview' }, allowed: READERS },
  { what: 'device interfaces', method: 'resources/read', params: { uri: 'device://in1/interfaces' }, allowed: READERS },
  { what: 'the recent audit events', method: 'resources/read', params: { uri: 'audit://events/recent' }, allowed: READERS },
  { what: 'the fleet', method: 'resources/read', params: { uri: 'fleet://devices' }, allowed: READERS },
  { what: 'fleet health', method: 'resources/read', params: { uri: 'fleet://health-summary' }, allowed: READERS },
  { what: 'device id completion', method: 'completion/complete', params: { ref: { type: 'ref/resource', uri: 'device://{device_id}/overview' }, argument: { name: 'device_id', value: '' } }, allowed: READERS },
  { what: 'a listen stream on a device', method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: ['device://in1/config'] } }, allowed: READERS, revisions: ['2026-07-28'], stream: true },
];

/** Served: a result (or, for a listen stream, an open stream without an error). */
function servedBy(cell: Cell, reply: RawReply): boolean {
  if (cell.stream) return reply.status === 200 && !reply.message?.error && (reply.headers.get('content-type') ?? '').startsWith('text/event-stream');
  return served(reply);
}

describe.each(REVISIONS)('roles × methods, %s', (revision) => {
  const rows = CELLS.filter((c) => !c.revisions || c.revisions.includes(revision)).flatMap((cell) => ROLES.map((who) => [cell.what, who, cell] as const));
  it.each(rows)('%s as %s', async (_what, who, cell) => {
    const reply = await call(revision, who, cell.method, cell.params, cell.stream);
    const wasServed = servedBy(cell, reply);
    if (cell.allowed.includes(who)) {
      // A control: the role this method is meant for is served.
      expect(`${who}: ${describeReply(reply)}`).toBe(`${who}: ${wasServed ? describeReply(reply) : 'served'}`);
      return;
    }
    ledger.refuse('role violation', `${cell.what} as ${who} (${revision})`, wasServed ? describeReply(reply) : undefined, describeReply(reply));
    // Over HTTP a role refusal is the resource server's: 403 with the step-up challenge naming what is missing.
    expect(reply.status).toBe(403);
    expect(reply.headers.get('www-authenticate') ?? '').toContain('error="insufficient_scope"');
  });
});

const textOf = (reply: RawReply) => JSON.stringify(reply.message ?? reply.text);

describe.each(REVISIONS)('reach of narrowed principals, %s', (revision) => {
  it.each([
    ['a device outside the tags by the audit tool', 'tools/call', { name: 'audit_list_events', arguments: { device_id: 'out1' } }],
    ['a device outside the tags by a read tool', 'tools/call', { name: 'system_get_overview', arguments: { device_id: 'out1' } }],
    ['a device outside the tags by its config resource', 'resources/read', { uri: 'device://out1/config' }],
  ] as const)('refuses %s', async (what, method, params) => {
    const reply = await call(revision, 'site s1 only', method, params as Record<string, unknown>);
    ledger.refuse('reach violation', `${what} (${revision})`, served(reply) ? describeReply(reply) : undefined, describeReply(reply));
    expect(reply.status).toBe(403);
  });

  it.each([
    ['the audit tool', 'tools/call', { name: 'audit_list_events', arguments: { limit: 100 } }],
    ['the recent audit events', 'resources/read', { uri: 'audit://events/recent' }],
    ['resources/list', 'resources/list', {}],
    ['the fleet', 'resources/read', { uri: 'fleet://devices' }],
    ['device id completion', 'completion/complete', { ref: { type: 'ref/resource', uri: 'device://{device_id}/overview' }, argument: { name: 'device_id', value: '' } }],
  ] as const)('shows nothing outside the tags in %s', async (what, method, params) => {
    const reply = await call(revision, 'site s1 only', method, params as Record<string, unknown>);
    const leaked = served(reply) && /\bout1\b/.test(textOf(reply));
    ledger.refuse('reach violation', `out-of-reach device in ${what} (${revision})`, leaked ? 'out1 appears' : undefined);
    expect(served(reply)).toBe(true);
  });

  it.each([
    ['the audit tool', 'tools/call', { name: 'audit_list_events', arguments: { limit: 100 } }],
    ['the recent audit events', 'resources/read', { uri: 'audit://events/recent' }],
    ['the fleet', 'resources/read', { uri: 'fleet://devices' }],
  ] as const)('shows a staging-only principal nothing of lab devices in %s', async (what, method, params) => {
    const reply = await call(revision, 'staging only', method, params as Record<string, unknown>);
    const leaked = served(reply) && /\b(in1|out1)\b/.test(textOf(reply));
    ledger.refuse('reach violation', `lab devices to a staging-only principal in ${what} (${revision})`, leaked ? 'lab devices appear' : undefined);
  });
});
