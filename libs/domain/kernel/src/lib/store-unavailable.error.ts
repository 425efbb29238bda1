import { DomainError } from './domain-error';

/**
 * Why the store (SQLite file or PostgreSQL server) cannot be used right now. Each is an operator's matter, and each
 * may pass (a restarted server, freed disk space, a released lock), so callers retry.
 */
export type StoreUnavailableKind = 'unreachable' | 'disk_full' | 'read_only' | 'busy';

const REASON: Record<StoreUnavailableKind, string> = {
  unreachable: 'the database cannot be reached',
  disk_full: "the database's disk is full",
  read_only: 'the database is read-only',
  busy: 'the database is busy (a lock held elsewhere, or no resources left)',
};

/**
 * The store failed for a reason of its own, not the request's: nothing of the call's write was committed. Carries
 * the kind only, never the driver's text (which may hold SQL, parameters or the connection string).
 */
export class StoreUnavailableError extends DomainError {
  readonly code = 'STORE.UNAVAILABLE';
  override readonly fault = 'system';

  constructor(
    readonly kind: StoreUnavailableKind,
    /** The driver's error code (ECONNREFUSED, 57P01, SQLITE_FULL…): safe to show, useful to an operator. */
    readonly driverCode?: string,
  ) {
    super(`${REASON[kind]}${driverCode ? ` (${driverCode})` : ''}`);
  }

  override details(): Record<string, unknown> {
    return { store: this.kind, ...(this.driverCode ? { driver_code: this.driverCode } : {}) };
  }
}
