import type { JobLeader, Leadership, Logger } from '@routeros-mcp/application-ports';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Database } from '../database';

interface Lease {
  token: string;
  lost: AbortController;
  /** When the lease as last written runs out (epoch ms). */
  expiresAt: number;
  renewer: NodeJS.Timeout;
  deadline?: NodeJS.Timeout;
  renewing?: Promise<void>;
}

/**
 * Singular jobs across processes on one database as `job_leases` rows: a job is taken by one atomic upsert that only
 * overwrites an expired lease, so two processes on one SQLite file (a server and the admin CLI) never both lead it.
 * The holder renews its lease every third of it; `lost` is aborted when a renewal finds the row taken over, or when
 * the lease runs out before a renewal landed (the database was locked, the process stalled). A process killed with
 * SIGKILL frees its jobs when their leases run out; `release` and `close` free them at once.
 * Re-entrant nowhere: a job this process holds already answers undefined.
 */
export class SqlJobLeader implements JobLeader {
  private readonly held = new Map<string, Lease>();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    /** How long a lease lasts unless renewed: how long a dead process's jobs stay taken. */
    private readonly leaseMs: number,
  ) {}

  async tryLead(key: string): Promise<Leadership | undefined> {
    if (this.closed) throw new Error('the job leader is closed');
    if (this.held.has(key)) return undefined;
    const token = randomUUID();
    const expiresAt = await this.take(key, token);
    if (expiresAt === undefined) return undefined;
    // Taken twice at once here, or closed while it was taken: the row goes back.
    if (this.held.has(key) || this.closed) {
      await this.delete(key, token);
      return undefined;
    }
    const lease: Lease = { token, lost: new AbortController(), expiresAt, renewer: setInterval(() => this.renew(key, lease), Math.max(50, Math.floor(this.leaseMs / 3))) };
    lease.renewer.unref();
    this.held.set(key, lease);
    this.armDeadline(key, lease);
    return {
      key,
      lost: lease.lost.signal,
      release: async () => {
        if (this.held.get(key) !== lease) return;
        this.forget(key, lease);
        await this.delete(key, token).catch((error: Error) => this.logger.warn('job release failed; its lease runs out by itself', { job: key, error: error.message }));
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const held = [...this.held];
    for (const [key, lease] of held) {
      this.forget(key, lease);
      lease.lost.abort(new Error('the job leader was closed'));
    }
    await Promise.all(held.map(([key, lease]) => this.delete(key, lease.token).catch((error: Error) => this.logger.warn('job release at close failed; its lease runs out by itself', { job: key, error: error.message }))));
  }

  private sql(text: string): string {
    if (this.db.dialect === 'sqlite') return text;
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  }

  /** One statement: inserts the row, or takes it over only when its lease has run out. Answers the expiry when ours. */
  private take(key: string, token: string): Promise<number | undefined> {
    return this.db.writeStatement(async (em) => {
      const now = Date.now();
      const expiresAt = now + this.leaseMs;
      await em.query(
        this.sql(
          'INSERT INTO job_leases (job_key, holder, expires_at, acquired_at) VALUES (?, ?, ?, ?) ' +
            'ON CONFLICT (job_key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at, acquired_at = excluded.acquired_at ' +
            'WHERE job_leases.expires_at < ?',
        ),
        [key, token, expiresAt, now, now],
      );
      return (await this.holder(em, key))?.holder === token ? expiresAt : undefined;
    });
  }

  private async holder(em: EntityManager, key: string): Promise<{ holder: string; expiresAt: number } | undefined> {
    const rows: { holder: string; expires_at: string | number }[] = await em.query(this.sql('SELECT holder, expires_at FROM job_leases WHERE job_key = ?'), [key]);
    return rows[0] && { holder: rows[0].holder, expiresAt: Number(rows[0].expires_at) };
  }

  private delete(key: string, token: string): Promise<unknown> {
    return this.db.writeStatement((em) => em.query(this.sql('DELETE FROM job_leases WHERE job_key = ? AND holder = ?'), [key, token]));
  }

  /** Extends a live lease of ours; a lease found taken over, or run out, is lost. One renewal at a time. */
  private renew(key: string, lease: Lease): void {
    if (lease.renewing || this.held.get(key) !== lease) return;
    lease.renewing = this.db
      .writeStatement(async (em) => {
        const now = Date.now();
        const until = now + this.leaseMs;
        await em.query(this.sql('UPDATE job_leases SET expires_at = ? WHERE job_key = ? AND holder = ? AND expires_at >= ?'), [until, key, lease.token, now]);
        const row = await this.holder(em, key);
        return row?.holder === lease.token && row.expiresAt === until ? until : row?.holder === lease.token ? 'ran out' : 'taken';
      })
      .then(
        (outcome) => {
          if (this.held.get(key) !== lease) return;
          if (outcome === 'taken') return this.lose(key, lease, 'another process took the job over');
          if (outcome === 'ran out') return this.lose(key, lease, 'its lease ran out before it was renewed');
          lease.expiresAt = outcome;
          this.armDeadline(key, lease);
        },
        (error: Error) => {
          if (this.held.get(key) !== lease) return;
          this.logger.warn('job lease renewal failed; trying again', { job: key, error: error.message, lease_left_ms: lease.expiresAt - Date.now() });
        },
      )
      .finally(() => (lease.renewing = undefined));
  }

  /** Lost when the lease runs out unrenewed: from then on another process may take the job. */
  private armDeadline(key: string, lease: Lease): void {
    clearTimeout(lease.deadline);
    lease.deadline = setTimeout(() => this.lose(key, lease, 'its lease ran out before it could be renewed'), Math.max(0, lease.expiresAt - Date.now()));
    lease.deadline.unref();
  }

  private lose(key: string, lease: Lease, reason: string): void {
    if (this.held.get(key) !== lease) return;
    this.forget(key, lease);
    this.logger.warn('job leadership lost', { job: key, reason });
    lease.lost.abort(new Error(`the job was lost: ${reason}`));
    // Ours but run out: gone at once for the others. Taken over: not ours to delete (the holder guards it).
    void this.delete(key, lease.token).catch(() => undefined);
  }

  private forget(key: string, lease: Lease): void {
    this.held.delete(key);
    clearInterval(lease.renewer);
    clearTimeout(lease.deadline);
  }
}
