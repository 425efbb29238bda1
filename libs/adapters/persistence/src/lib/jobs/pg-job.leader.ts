import type { JobLeader, Leadership, Logger } from '@routeros-mcp/application-ports';
import { createHash } from 'node:crypto';
import type { Client } from 'pg';

/**
 * The advisory-lock key of a job: the first 8 bytes of SHA-256("routeros-mcp:job:" + key) as two signed int4.
 * The two-int4 form lives in its own key space (PostgreSQL tells it apart from the one-bigint form used by the
 * per-transaction locks elsewhere), and the prefix keeps other applications on the database out of ours.
 */
export function advisoryKey(key: string): [number, number] {
  const digest = createHash('sha256').update(`routeros-mcp:job:${key}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}

interface Held {
  lost: AbortController;
  pair: [number, number];
}

/**
 * Singular jobs across replicas through PostgreSQL session advisory locks, all held on one dedicated connection per
 * process (opened on first use). A replica that dies, or whose connection ends (network, restart, a terminated
 * backend), frees every job it held at once: PostgreSQL drops a session's advisory locks with the session. This
 * process hears of it through the client's `error`/`end` and aborts every `lost` signal; the next `tryLead` opens a
 * new session. TCP keep-alive bounds how long a silently dead connection goes unnoticed.
 * Session advisory locks are re-entrant within a session, so a key this process holds already answers undefined
 * here rather than being counted twice.
 */
export class PgJobLeader implements JobLeader {
  private session?: Promise<Client>;
  private readonly held = new Map<string, Held>();
  private closed = false;
  /** One query at a time on the session (pg deprecates queueing them on one client). */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  /** The server process id of the session holding the locks, if one is open (tests end it). */
  async backendPid(): Promise<number | undefined> {
    const client = await this.session?.catch(() => undefined);
    return (client as unknown as { processID?: number } | undefined)?.processID;
  }

  async tryLead(key: string): Promise<Leadership | undefined> {
    if (this.closed) throw new Error('the job leader is closed');
    if (this.held.has(key)) return undefined;
    const client = await this.connect();
    const pair = advisoryKey(key);
    const { rows } = await this.inTurn(() => client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::int4, $2::int4) AS locked', pair));
    if (!rows[0]?.locked) return undefined;
    // The session may have ended while the answer travelled: then the lock is gone already.
    if (this.held.has(key) || (await this.session?.catch(() => undefined)) !== client) return undefined;
    const entry: Held = { lost: new AbortController(), pair };
    this.held.set(key, entry);
    return {
      key,
      lost: entry.lost.signal,
      release: async () => {
        if (this.held.get(key) !== entry) return;
        this.held.delete(key);
        if (entry.lost.signal.aborted) return;
        await this.inTurn(() => client.query('SELECT pg_advisory_unlock($1::int4, $2::int4)', pair)).catch((error: Error) => this.logger.warn('job release failed', { job: key, error: error.message }));
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const session = this.session;
    this.session = undefined;
    this.loseAll(new Error('the job leader was closed'));
    const client = await session?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<Client> {
    if (!this.session) {
      const session: Promise<Client> = this.open(() => {
        if (this.session === session) this.session = undefined;
      });
      this.session = session;
    }
    return this.session;
  }

  private async open(forget: () => void): Promise<Client> {
    const client = new (pgClient())({ connectionString: this.url, application_name: 'routeros-mcp-jobs', keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let ended = false;
    const end = (error?: Error) => {
      if (ended) return;
      ended = true;
      forget();
      void client.end().catch(() => undefined);
      if (this.closed) return;
      const jobs = [...this.held.keys()];
      if (jobs.length > 0) this.logger.warn('job leadership lost: the PostgreSQL session ended', { jobs: jobs.length, error: error?.message });
      this.loseAll(new Error(`the PostgreSQL session holding the job ended${error ? `: ${error.message}` : ''}`));
    };
    client.on('error', end);
    client.on('end', () => end());
    try {
      await client.connect();
    } catch (error) {
      end(error as Error);
      throw error;
    }
    return client;
  }

  private inTurn<T>(query: () => Promise<T>): Promise<T> {
    const next = this.turn.then(query, query);
    this.turn = next.catch(() => undefined);
    return next;
  }

  private loseAll(reason: Error): void {
    const held = [...this.held.values()];
    this.held.clear();
    for (const entry of held) entry.lost.abort(reason);
  }
}

/** pg loads with the first PostgreSQL connection: a server on SQLite never loads it. */
function pgClient(): typeof Client {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (require('pg') as typeof import('pg')).Client;
}
