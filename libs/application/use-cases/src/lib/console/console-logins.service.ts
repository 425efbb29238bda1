import type { ConsoleSessionStore, ConsoleTicketRecord, Principal } from '@routeros-mcp/application-ports';
import { Clock as ClockToken, ConsoleSessionStore as ConsoleSessionStoreToken } from '@routeros-mcp/application-ports';
import { declaredPrincipalId, isRole, PRINCIPAL_NAME, PRINCIPAL_NAME_RULE, ROLES, sha256Hex, ValidationError } from '@routeros-mcp/domain-kernel';
import type { Clock } from '@routeros-mcp/application-ports';
import { inject, injectable } from '@routeros-mcp/inversify';
import { randomBytes } from 'node:crypto';
import { AuditRecorder } from '../audit-recorder';

/** A login link is good this long by default (and at most a day): it is meant to be opened now. */
export const CONSOLE_LINK_TTL_MS = 10 * 60_000;
const MAX_LINK_TTL_MS = 24 * 3_600_000;
/** A console session ends this long after login, whatever happens (server-side expiry; log in again after). */
export const CONSOLE_SESSION_TTL_MS = 8 * 3_600_000;

/** A console session as the HTTP layer holds it: the principal every page and action is judged as. */
export interface ConsoleSession {
  principal: Principal;
  userName: string;
  role: string;
  expiresAt: Date;
}

const secret = () => randomBytes(32).toString('base64url');
/** Secrets are 43 base64url characters; anything else is not looked up. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * The console's logins for small installs: a one-time link an administrator prints at the host (`routeros-mcp-admin
 * console login`), redeemed once (whichever replica sees it first) for a session. The person is a name declared at the
 * admin CLI, so the principal is `as:<name>` (never the same id as a proven principal; for the four-eyes rule it stands
 * for every principal of that name, as `plan approve --as` does) with the one role the link gave. Only digests of the
 * link and session secrets are stored. Where the console logs in through the MCP endpoint's identity provider,
 * `openSession` opens the same kind of session for the principal the provider proved.
 */
@injectable()
export class ConsoleLogins {
  constructor(
    @inject(ConsoleSessionStoreToken) private readonly store: ConsoleSessionStore,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
  ) {}

  /** A new link's secret (shown once) for `userName` holding `role`, good for `ttlMs`. */
  async issueLink(userName: string, role: string, issuedBy: Principal, ttlMs = CONSOLE_LINK_TTL_MS): Promise<{ secret: string; expiresAt: Date }> {
    const name = userName.trim();
    const errors = [
      ...(PRINCIPAL_NAME.test(name) ? [] : [{ field: 'user', message: `'${JSON.stringify(name).slice(1, -1)}' is not a name (${PRINCIPAL_NAME_RULE})` }]),
      ...(isRole(role) ? [] : [{ field: 'role', message: `'${role}' is not a role; one of ${ROLES.join(', ')}` }]),
      ...(Number.isInteger(ttlMs) && ttlMs > 0 && ttlMs <= MAX_LINK_TTL_MS ? [] : [{ field: 'ttl', message: 'must be from 1 ms to 24 h' }]),
    ];
    if (errors.length) throw new ValidationError(errors);
    return this.recorder.run({ principal: issuedBy, action: 'console.link.issue', arguments: { user: name, role, ttl_ms: ttlMs } }, async () => {
      const value = secret();
      const now = this.clock.now();
      const expiresAt = new Date(now.getTime() + ttlMs);
      await this.store.add({ digest: sha256Hex(`link:${value}`), kind: 'link', userName: name, role, createdAt: now, expiresAt });
      return { secret: value, expiresAt };
    });
  }

  /** Redeems a link once: a session secret (for the cookie) and the session; undefined when used, expired or unknown. */
  async redeemLink(linkSecret: string): Promise<{ secret: string; session: ConsoleSession } | undefined> {
    if (!SECRET.test(linkSecret)) return undefined;
    const now = this.clock.now();
    const link = await this.store.consume(sha256Hex(`link:${linkSecret}`), 'link', now);
    if (!link) return undefined;
    const value = secret();
    const expiresAt = new Date(now.getTime() + CONSOLE_SESSION_TTL_MS);
    const session = sessionOf({ ...link, expiresAt });
    await this.recorder.run({ principal: session.principal, action: 'console.login', arguments: { method: 'login_link', role: link.role } }, () =>
      this.store.add({ digest: sha256Hex(`session:${value}`), kind: 'session', userName: link.userName, role: link.role, createdAt: now, expiresAt }),
    );
    return { secret: value, session };
  }

  /**
   * A session for a person the identity provider proved (the console's OIDC login): the same principal id, roles and
   * display name the MCP endpoint gives that person's tokens, so four eyes sees one person on both. Refused (a
   * ValidationError, nothing stored) for anything but an `oidc:` principal with at least one role and no narrowing
   * (the console does not serve narrowed principals yet, and must not widen one).
   */
  async openSession(principal: Principal): Promise<{ secret: string; session: ConsoleSession }> {
    const roles = principal.roles ?? [];
    const errors = [
      ...(principal.id.startsWith('oidc:') && principal.id.length <= 600 ? [] : [{ field: 'principal', message: 'must be a person proven by the identity provider (oidc:<issuer>#<sub>)' }]),
      ...(roles.length > 0 && roles.every(isRole) ? [] : [{ field: 'roles', message: `none of the person's claims maps to a role (${ROLES.join(', ')})` }]),
      ...(principal.environments || principal.deviceTags ? [{ field: 'narrowing', message: 'the console does not serve principals narrowed to some environments or tags yet' }] : []),
    ];
    if (errors.length) throw new ValidationError(errors);
    const now = this.clock.now();
    const value = secret();
    const expiresAt = new Date(now.getTime() + CONSOLE_SESSION_TTL_MS);
    const ticket = { kind: 'session' as const, userName: displayName(principal), role: [...new Set(roles)].join(','), principalId: principal.id, createdAt: now, expiresAt };
    const session = sessionOf(ticket);
    await this.recorder.run({ principal: session.principal, action: 'console.login', arguments: { method: 'oidc', role: ticket.role } }, () => this.store.add({ digest: sha256Hex(`session:${value}`), ...ticket }));
    return { secret: value, session };
  }

  /** The live session of a cookie's secret; undefined when logged out, expired or unknown. */
  async session(sessionSecret: string | undefined): Promise<ConsoleSession | undefined> {
    if (!sessionSecret || !SECRET.test(sessionSecret)) return undefined;
    const found = await this.store.find(sha256Hex(`session:${sessionSecret}`), 'session', this.clock.now());
    return found ? sessionOf(found) : undefined;
  }

  /** Ends a session on every replica (its row is used up). */
  async logout(sessionSecret: string): Promise<void> {
    if (!SECRET.test(sessionSecret)) return;
    const ended = await this.store.consume(sha256Hex(`session:${sessionSecret}`), 'session', this.clock.now());
    if (ended) await this.recorder.run({ principal: sessionOf(ended).principal, action: 'console.logout' }, async () => undefined);
  }
}

/** What the header shows: the provider's name for the person, else the subject; at most 64 characters, one line. */
function displayName(principal: Principal): string {
  const name = (principal.name ?? principal.id.slice(principal.id.lastIndexOf('#') + 1)).replace(/\s+/g, ' ').trim();
  return [...(name || 'unnamed')].slice(0, 64).join('');
}

function sessionOf(ticket: Pick<ConsoleTicketRecord, 'userName' | 'role' | 'expiresAt' | 'principalId'>): ConsoleSession {
  return {
    principal: ticket.principalId
      ? { id: ticket.principalId, via: 'console', roles: ticket.role.split(','), name: ticket.userName, authMethod: 'oauth' }
      : { id: declaredPrincipalId(ticket.userName), via: 'console', roles: [ticket.role], name: ticket.userName },
    userName: ticket.userName,
    role: ticket.role,
    expiresAt: ticket.expiresAt,
  };
}
