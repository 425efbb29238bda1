import { runAdmin } from '../src/lib/admin-cli';
import { AttackLedger } from '../src/lib/attack-ledger';
import { createToken, EnrolledFleet, enrolledFleet, RunningHttpServer, startHttpServer } from '../src/lib/deployment';
import { describeReply, rawMcp, REVISIONS, served } from '../src/lib/raw-mcp';

// Bad API tokens: altered, borrowed, revoked, from another deployment, or shaped to break the lookup. Each must get
// 401 and run nothing; a genuine token (the control) is served.
const ledger = new AttackLedger('api-tokens');
let lab: EnrolledFleet;
let other: EnrolledFleet;
let server: RunningHttpServer;
let admin: string;
let readOnly: string;
let revoked: string;
let foreign: string;

beforeAll(async () => {
  [lab, other] = await Promise.all([enrolledFleet('adv-tokens-', [{ id: 'r1', environment: 'lab' }]), enrolledFleet('adv-tokens-other-', [{ id: 'r1', environment: 'lab' }])]);
  admin = await createToken(lab.dataDir, 'admin');
  readOnly = await createToken(lab.dataDir, 'read_only');
  revoked = await createToken(lab.dataDir, 'admin');
  foreign = await createToken(other.dataDir, 'admin');
  const id = /^rmcp_([0-9a-f]{12})_/.exec(revoked)![1]!;
  const revoke = await runAdmin(lab.dataDir, ['token', 'revoke', id]);
  expect(revoke.code).toBe(0);
  server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: lab.dataDir, ROUTEROS_MCP_AUTH: 'tokens' });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all([lab?.remove(), other?.remove()]);
});

const parts = (token: string) => /^rmcp_([0-9a-f]{12})_(.+)$/.exec(token)!.slice(1) as [string, string];
const flip = (c: string) => (c === 'A' ? 'B' : 'A');
const BAD: [string, () => string][] = [
  ['the secret with one character changed', () => admin.slice(0, -1) + flip(admin.slice(-1))],
  ['the secret truncated by one character', () => admin.slice(0, -1)],
  ['the secret with a character appended', () => `${admin}A`],
  ['another token\'s id with this secret', () => `rmcp_${parts(readOnly)[0]}_${parts(admin)[1]}`],
  ['this id with another token\'s secret', () => `rmcp_${parts(admin)[0]}_${parts(readOnly)[1]}`],
  ['a revoked token', () => revoked],
  ['a genuine token of another deployment', () => foreign],
  ['the token upper-cased', () => admin.toUpperCase()],
  ['the id alone', () => `rmcp_${parts(admin)[0]}_`],
  ['the secret alone', () => parts(admin)[1]],
  ['SQL in the id', () => `rmcp_' OR '1'='1_${parts(admin)[1]}`],
  ['a wildcard id', () => `rmcp_%%%%%%%%%%%%_${parts(admin)[1]}`],
  ['a NUL inside the token', () => `${admin.slice(0, 20)}%00${admin.slice(20)}`],
  ['a 64 KiB token', () => `rmcp_${parts(admin)[0]}_${'A'.repeat(65_536)}`],
  ['the token URL-encoded', () => encodeURIComponent(admin).replace(/_/g, '%5F')],
  ['the token with its prefix dropped', () => admin.slice(5)],
];

describe.each(REVISIONS)('API tokens, %s', (revision) => {
  it('serves a genuine token (the control)', async () => {
    expect(served(await rawMcp(server.url, revision, 'tools/call', { name: 'device_list', arguments: {} }, { token: admin }))).toBe(true);
  });

  it.each(BAD)('refuses %s', async (what, token) => {
    const reply = await rawMcp(server.url, revision, 'tools/call', { name: 'device_list', arguments: {} }, { token: token() });
    const ok = !served(reply) && (reply.status === 401 || reply.status === 431);
    ledger.refuse('API token', `${what} (${revision})`, ok ? undefined : describeReply(reply), `HTTP ${reply.status}`);
  });

  it('refuses a read_only token a write, whatever it asks', async () => {
    const reply = await rawMcp(server.url, revision, 'tools/call', { name: 'system_set_identity', arguments: { device_id: 'r1', name: 'ro-write' } }, { token: readOnly });
    ledger.refuse('API token', `a read_only token writing (${revision})`, served(reply) ? describeReply(reply) : undefined, describeReply(reply));
  });
});
