import { isDomainError, StoreUnavailableError, StoreUnavailableKind } from '@routeros-mcp/domain-kernel';

/** Node's socket errors on the way to PostgreSQL: the server is down, restarting or cut off. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/** PostgreSQL SQLSTATEs of the server, not the statement: 08 connection, 57P01-03 shutdown or start-up, 53 resources, 25006 a standby. */
function fromSqlState(state: string): StoreUnavailableKind | undefined {
  if (state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03') return 'unreachable';
  if (state === '53100') return 'disk_full';
  if (state.startsWith('53')) return 'busy';
  if (state === '25006') return 'read_only';
  return undefined;
}

/** SQLite's primary result codes (node-sqlite3 names them; extended codes such as SQLITE_IOERR_WRITE start the same). */
const SQLITE_KINDS: [RegExp, StoreUnavailableKind][] = [
  [/^SQLITE_(BUSY|LOCKED)/, 'busy'],
  [/^SQLITE_FULL/, 'disk_full'],
  [/^SQLITE_READONLY/, 'read_only'],
  [/^SQLITE_(CANTOPEN|IOERR)/, 'unreachable'],
];

/** node-postgres's own words when the connection drops or never comes (its errors carry no code then). */
const PG_CONNECTION_TEXT = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Cannot use a pool after calling end)/;

type Carrier = { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };

/** A code safe to show: short, upper-case letters, digits and underscores (never text a driver composed). */
const safeCode = (code: string) => (/^[A-Z0-9_]{2,40}$/.test(code) ? code : undefined);

function classifyOne(error: Carrier): StoreUnavailableError | undefined {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (SOCKET_CODES.has(code)) return new StoreUnavailableError('unreachable', code);
  if (/^[0-9A-Z]{5}$/.test(code)) {
    const kind = fromSqlState(code);
    if (kind) return new StoreUnavailableError(kind, code);
  }
  const sqlite = /^SQLITE_[A-Z_]+/.exec(code || message)?.[0];
  if (sqlite) {
    const hit = SQLITE_KINDS.find(([pattern]) => pattern.test(sqlite));
    if (hit) return new StoreUnavailableError(hit[1], safeCode(sqlite));
  }
  if (PG_CONNECTION_TEXT.test(message)) return new StoreUnavailableError('unreachable');
  // TypeORM releases a PostgreSQL query runner by itself only when its connection emits 'error' (the server went away
  // mid-transaction); the transaction's next statement then fails with this instead of the connection's error.
  if ((error as { name?: unknown }).name === 'QueryRunnerAlreadyReleasedError') return new StoreUnavailableError('unreachable');
  return undefined;
}

/**
 * The StoreUnavailableError `error` amounts to, if the store rather than the statement failed: the error itself, what
 * TypeORM wrapped (`driverError`), its `cause`, or one of an AggregateError's (a host with several addresses).
 * Anything else (a constraint, a bug) is not classified: it stays what it is.
 */
export function classifyStoreError(error: unknown, depth = 0): StoreUnavailableError | undefined {
  if (error instanceof StoreUnavailableError) return error;
  // A domain error already says what happened; a store failure it wraps is its own business.
  if (isDomainError(error)) return undefined;
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const carrier = error as Carrier;
  const own = classifyOne(carrier);
  if (own) return own;
  for (const inner of [carrier.driverError, carrier.cause, ...(Array.isArray(carrier.errors) ? carrier.errors : [])]) {
    const found = classifyStoreError(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** `error` as a StoreUnavailableError when it is one (the raw text stays out of it), else unchanged. */
export function asStoreError(error: unknown): unknown {
  return classifyStoreError(error) ?? error;
}
