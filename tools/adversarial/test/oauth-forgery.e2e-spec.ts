import { AttackLedger } from '../src/lib/attack-ledger';
import { EnrolledFleet, enrolledFleet, oauthServer, RunningHttpServer } from '../src/lib/deployment';
import { ForgingIssuer } from '../src/lib/forging-issuer';
import { describeReply, rawMcp, REVISIONS, served } from '../src/lib/raw-mcp';

// Forged OAuth access tokens against a server that trusts one issuer. Every forgery asks for the admin scope and
// reads the fleet; it must be refused with 401 and run nothing. The control row (a genuine token) must be served,
// or the forgeries prove nothing.
const ledger = new AttackLedger('oauth-forgery');
let lab: EnrolledFleet;
let server: RunningHttpServer;
let issuer: ForgingIssuer;
let resource: string;
let untrusted: ForgingIssuer;

beforeAll(async () => {
  lab = await enrolledFleet('adv-oauth-', [{ id: 'r1', environment: 'lab' }]);
  ({ server, issuer, resource } = await oauthServer(lab.dataDir));
  untrusted = await new ForgingIssuer().start();
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all([issuer?.stop(), untrusted?.stop(), lab?.remove()]);
});

const ADMIN = { scope: 'routeros:read routeros:write routeros:admin routeros:approve' };
const now = () => Math.floor(Date.now() / 1000);
/** Replaces the payload of a signed token, keeping its header and signature. */
const tamper = (token: string, claims: Record<string, unknown>) => {
  const [h, , s] = token.split('.');
  return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
};

type Forgery = [string, () => string];
/** Every forged token sent, searched for in the server's log at the end. */
const sent: string[] = [];
const FORGERIES: Forgery[] = [
  ['alg none, no signature', () => issuer.mint(issuer.claims(resource, ADMIN), { unsigned: true })],
  ['alg "None" spelled otherwise', () => issuer.mint(issuer.claims(resource, ADMIN), { unsigned: true, header: { alg: 'None' } })],
  ['HS256 keyed with the issuer\'s public key PEM (algorithm confusion)', () => issuer.mint(issuer.claims(resource, ADMIN), { hmacSecret: issuer.publicPem() })],
  ['HS256 keyed with the public key\'s modulus', () => issuer.mint(issuer.claims(resource, ADMIN), { hmacSecret: String(issuer.trusted.publicKey.export({ format: 'jwk' }).n) })],
  ['signed by an attacker key under the trusted kid', () => issuer.mint(issuer.claims(resource, ADMIN), { key: 'attacker' })],
  ['attacker key embedded as a jwk header', () => issuer.mint(issuer.claims(resource, ADMIN), { key: 'attacker', header: { jwk: issuer.attacker.publicKey.export({ format: 'jwk' }) } })],
  ['attacker key announced by a jku header', () => issuer.mint(issuer.claims(resource, ADMIN), { key: 'attacker', header: { jku: `${untrusted.issuer}/jwks` } })],
  ['attacker key announced by an x5u header', () => issuer.mint(issuer.claims(resource, ADMIN), { key: 'attacker', header: { x5u: `${untrusted.issuer}/cert.pem` } })],
  ['kid path traversal signed by the attacker', () => issuer.mint(issuer.claims(resource, ADMIN), { key: 'attacker', header: { kid: `${'../'.repeat(4)}dev/null` } })],
  ['kid SQL injection signed by the attacker', () => issuer.mint(issuer.claims(resource, ADMIN), { key: 'attacker', header: { kid: "x' UNION SELECT 'secret' --" } })],
  ['a genuine read token with the scope raised after signing', () => tamper(issuer.mint(issuer.claims(resource, { scope: 'routeros:read' })), issuer.claims(resource, ADMIN))],
  ['a genuine token with its signature removed', () => issuer.mint(issuer.claims(resource, ADMIN)).replace(/\.[^.]+$/, '.')],
  ['a genuine token with its signature truncated', () => issuer.mint(issuer.claims(resource, ADMIN)).slice(0, -8)],
  ['a PS256 header over an RS256 signature', () => issuer.mint(issuer.claims(resource, ADMIN), { header: { alg: 'PS256' } })],
  ['a crit header naming an unknown extension', () => issuer.mint(issuer.claims(resource, ADMIN), { header: { crit: ['x-bypass'], 'x-bypass': true } })],
  ['expired an hour ago', () => issuer.mint(issuer.claims(resource, { ...ADMIN, iat: now() - 7200, exp: now() - 3600 }))],
  ['not valid for another hour (nbf)', () => issuer.mint(issuer.claims(resource, { ...ADMIN, nbf: now() + 3600 }))],
  ['issued an hour in the future (iat)', () => issuer.mint(issuer.claims(resource, { ...ADMIN, iat: now() + 3600, exp: now() + 7200 }))],
  ['no exp claim', () => issuer.mint((({ exp: _exp, ...rest }) => rest)(issuer.claims(resource, ADMIN)))],
  ['another issuer named in iss', () => issuer.mint(issuer.claims(resource, { ...ADMIN, iss: untrusted.issuer }))],
  ['the issuer with a trailing slash in iss', () => issuer.mint(issuer.claims(resource, { ...ADMIN, iss: `${issuer.issuer}/` }))],
  ['another audience', () => issuer.mint(issuer.claims('https://other.example/mcp', ADMIN))],
  ['no audience', () => issuer.mint((({ aud: _aud, ...rest }) => rest)(issuer.claims(resource, ADMIN)))],
  ['an audience list without this resource', () => issuer.mint(issuer.claims(resource, { ...ADMIN, aud: ['https://a.example', 'https://b.example'] }))],
  ['a genuine token of an untrusted issuer naming the trusted one', () => untrusted.mint({ ...issuer.claims(resource, ADMIN) })],
  ['an oversized token (64 KiB of claims)', () => issuer.mint(issuer.claims(resource, { ...ADMIN, pad: 'x'.repeat(65_536) }))],
];

describe.each(REVISIONS)('forged tokens, %s', (revision) => {
  it('serves a genuine token (the control: without it the forgeries prove nothing)', async () => {
    const reply = await rawMcp(server.url, revision, 'tools/call', { name: 'device_list', arguments: {} }, { token: issuer.mint(issuer.claims(resource, ADMIN)) });
    expect(describeReply(reply)).toBe('HTTP 200 result');
    expect(served(reply)).toBe(true);
  });

  it.each(FORGERIES)('refuses %s', async (name, forge) => {
    const token = forge();
    sent.push(token);
    const reply = await rawMcp(server.url, revision, 'tools/call', { name: 'device_list', arguments: {} }, { token });
    const challenge = reply.headers.get('www-authenticate') ?? '';
    // 431: the token is over Node's header limit and never reaches the authenticator, which is a refusal too.
    const ok = !served(reply) && ((reply.status === 401 && /^Bearer /.test(challenge)) || reply.status === 431);
    ledger.refuse('OAuth forgery', `${name} (${revision})`, ok ? undefined : describeReply(reply), `HTTP ${reply.status} ${challenge.match(/error="[^"]+"/)?.[0] ?? ''}`);
    // The refusal never echoes the token (a log or an error that repeats it hands it to whoever reads that).
    expect(reply.text).not.toContain(token.split('.')[1]!.slice(0, 40));
  });
});

it('never logs a forged token, its claims or its signature', () => {
  expect(sent.length).toBe(FORGERIES.length * REVISIONS.length);
  const log = server.lines.join('\n');
  const leaked = sent.flatMap((token) => token.split('.').filter((part) => part.length >= 40).map((part) => part.slice(0, 40))).filter((piece) => log.includes(piece));
  ledger.refuse('OAuth forgery', 'forged tokens searched for in the server log', leaked.length ? `${leaked.length} token pieces in the log` : undefined);
});
