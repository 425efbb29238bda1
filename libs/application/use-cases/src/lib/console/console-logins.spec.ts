import type { AuditEvent, AuditLog, ConsoleSessionStore, ConsoleTicketRecord, Logger } from '@routeros-mcp/application-ports';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { AuditRecorder } from '../audit-recorder';
import { consolePermissions } from '../access/console-permissions';
import { ConsoleLogins } from './console-logins.service';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => logger };

/** The store's contract in memory (the SQL one is tested on both engines in the persistence adapter). */
function memoryStore(): ConsoleSessionStore & { rows: (ConsoleTicketRecord & { used?: Date })[] } {
  const rows: (ConsoleTicketRecord & { used?: Date })[] = [];
  const live = (digest: string, kind: string, now: Date) => rows.find((r) => r.digest === digest && r.kind === kind && !r.used && r.expiresAt > now);
  return {
    rows,
    add: async (t) => void rows.push({ ...t }),
    find: async (digest, kind, now) => live(digest, kind, now),
    consume: async (digest, kind, now) => {
      const row = live(digest, kind, now);
      if (row) row.used = now;
      return row;
    },
  };
}

function rig() {
  let now = new Date('2026-11-28T09:00:00Z');
  const events: AuditEvent[] = [];
  const audit = { record: async (e: AuditEvent) => void events.push(e), settle: async (e: AuditEvent) => void events.push(e) } as unknown as AuditLog;
  const clock = { now: () => now };
  const store = memoryStore();
  return { logins: new ConsoleLogins(store, clock, new AuditRecorder(audit, clock, logger)), store, events, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}
const admin = { id: 'os:root', via: 'admin-cli' };

describe('ConsoleLogins', () => {
  it('redeems a link once for a session whose principal is the declared name with the link\'s role; only digests are stored', async () => {
    const { logins, store, events } = rig();
    const { secret } = await logins.issueLink(' alice ', 'approver', admin);
    const redeemed = await logins.redeemLink(secret);
    expect(redeemed?.session.principal).toEqual({ id: 'as:alice', via: 'console', roles: ['approver'], name: 'alice' });
    expect(await logins.redeemLink(secret)).toBeUndefined();
    expect(await logins.session(redeemed!.secret)).toMatchObject({ userName: 'alice', role: 'approver' });
    expect(JSON.stringify(store.rows)).not.toContain(secret);
    expect(JSON.stringify(store.rows)).not.toContain(redeemed!.secret);
    expect(events.map((e) => [e.action, e.principal.id])).toEqual(expect.arrayContaining([['console.link.issue', 'os:root'], ['console.login', 'as:alice']]));
  });

  it('refuses an expired link, and ends a session at its expiry and at logout', async () => {
    const { logins, advance } = rig();
    const late = await logins.issueLink('bob', 'read_only', admin, 60_000);
    advance(60_000);
    expect(await logins.redeemLink(late.secret)).toBeUndefined();
    const session = (await logins.redeemLink((await logins.issueLink('bob', 'read_only', admin)).secret))!;
    await logins.logout(session.secret);
    expect(await logins.session(session.secret)).toBeUndefined();
    const other = (await logins.redeemLink((await logins.issueLink('bob', 'read_only', admin)).secret))!;
    advance(8 * 3_600_000);
    expect(await logins.session(other.secret)).toBeUndefined();
  });

  it('refuses a name that is not a principal name, an unknown role and a lifetime out of bounds, storing nothing', async () => {
    const { logins, store } = rig();
    await expect(logins.issueLink('os:root', 'approver', admin)).rejects.toThrow(ValidationError);
    await expect(logins.issueLink('carol', 'root', admin)).rejects.toThrow(/'root' is not a role/);
    await expect(logins.issueLink('carol', 'admin', admin, 25 * 3_600_000)).rejects.toThrow(/ttl/);
    expect(store.rows).toEqual([]);
  });

  it('does not look up a cookie or link that is not a secret of the right shape', async () => {
    const { logins } = rig();
    expect(await logins.session('x')).toBeUndefined();
    expect(await logins.redeemLink('../../etc')).toBeUndefined();
  });
});

describe('ConsoleLogins.openSession (the identity provider proved the person)', () => {
  const person = { id: 'oidc:https://idp.example.com#u-1', via: 'http', authMethod: 'oauth' as const, roles: ['approver', 'ops_rw', 'approver'], name: '  Ann\n Example ', credentialId: 'console' };

  it("keeps the provider's principal id and roles, shows its name, audits the login and ends like any session", async () => {
    const { logins, store, events, advance } = rig();
    const opened = await logins.openSession(person);
    const expected = { id: person.id, via: 'console', roles: ['approver', 'ops_rw'], name: 'Ann Example', authMethod: 'oauth' };
    expect(opened.session).toMatchObject({ principal: expected, userName: 'Ann Example', role: 'approver,ops_rw' });
    expect((await logins.session(opened.secret))?.principal).toEqual(expected);
    expect(consolePermissions((await logins.session(opened.secret))!.principal)).toMatchObject({ decidePlans: true, revertChanges: true, manageTokens: false });
    expect(JSON.stringify(store.rows)).not.toContain(opened.secret);
    expect(events.find((e) => e.action === 'console.login')).toMatchObject({ principal: { id: person.id }, arguments: { method: 'oidc', role: 'approver,ops_rw' } });
    await logins.logout(opened.secret);
    expect(await logins.session(opened.secret)).toBeUndefined();
    const other = await logins.openSession({ ...person, name: undefined });
    expect(other.session.userName).toBe('u-1');
    advance(8 * 3_600_000);
    expect(await logins.session(other.secret)).toBeUndefined();
  });

  it('refuses a person with no role, a narrowed one and one the provider did not prove, storing nothing', async () => {
    const { logins, store } = rig();
    await expect(logins.openSession({ ...person, roles: [] })).rejects.toThrow(/maps to a role/);
    await expect(logins.openSession({ ...person, roles: ['root'] })).rejects.toThrow(ValidationError);
    await expect(logins.openSession({ ...person, environments: ['lab'] })).rejects.toThrow(/narrowed/);
    await expect(logins.openSession({ ...person, deviceTags: [] })).rejects.toThrow(/narrowed/);
    await expect(logins.openSession({ ...person, id: 'as:ann' })).rejects.toThrow(/identity provider/);
    expect(store.rows).toEqual([]);
  });
});

describe('consolePermissions', () => {
  it('gives each role what the MCP tools and the CLI give it', () => {
    const of = (role: string) => consolePermissions({ id: `as:${role}`, via: 'console', roles: [role] });
    expect(of('read_only')).toEqual({ read: true, decidePlans: false, rollbackPlans: false, revertChanges: false, manageTokens: false });
    expect(of('ops_rw')).toEqual({ read: true, decidePlans: false, rollbackPlans: false, revertChanges: true, manageTokens: false });
    expect(of('approver')).toEqual({ read: true, decidePlans: true, rollbackPlans: true, revertChanges: false, manageTokens: false });
    expect(of('admin')).toEqual({ read: true, decidePlans: true, rollbackPlans: true, revertChanges: true, manageTokens: true });
    expect(consolePermissions({ id: 'unauthenticated', via: 'http', roles: [] })).toEqual({ read: false, decidePlans: false, rollbackPlans: false, revertChanges: false, manageTokens: false });
  });
});
