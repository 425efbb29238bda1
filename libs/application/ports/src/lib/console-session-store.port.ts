/**
 * The operator console's one-time login links and browser sessions, kept in the database every replica shares: a
 * link is used once whichever replica redeems it, and a logout or expiry holds on every replica. Only SHA-256 digests
 * of the secrets are stored; `kind` tells a link from a session, so one can never stand for the other.
 */
export interface ConsoleTicketRecord {
  digest: string;
  kind: 'link' | 'session';
  userName: string;
  /** Role names, comma-separated (a login link gives one). */
  role: string;
  /** The proven principal of a session opened through the identity provider; absent: `as:<userName>`. */
  principalId?: string;
  createdAt: Date;
  expiresAt: Date;
}

export const ConsoleSessionStore = Symbol.for('ConsoleSessionStore');
export interface ConsoleSessionStore {
  add(ticket: ConsoleTicketRecord): Promise<void>;
  /** Marks an unused, unexpired ticket of `kind` used and returns it; undefined when none (used, expired, unknown): one winner per ticket. */
  consume(digest: string, kind: ConsoleTicketRecord['kind'], now: Date): Promise<ConsoleTicketRecord | undefined>;
  /** An unused, unexpired ticket of `kind`, left as it is. */
  find(digest: string, kind: ConsoleTicketRecord['kind'], now: Date): Promise<ConsoleTicketRecord | undefined>;
}
