import type { JobLeader, Leadership, Logger } from '@routeros-mcp/application-ports';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@routeros-mcp/typeorm';
import { Database } from '../database';

interface Lease {
  key: string;
  /** This term's holder id: a lease taken again later is another row, never touched by this one's late writes. */
  token: string;
  lost: AbortController;
  deadline?: NodeJS.Timeout;
}

/** Leases renewed per statement (bound parameters stay far below either engine's limit). */
const RENEW_CHUNK = 500;

/**
 * Singular jobs across processes on one database as `job_leases` rows: a job is taken by one atomic upsert that only
 * overwrites an expired lease, so two processes on one SQLite file (a server and the admin CLI) never both lead it.
 * Every lease this process holds is renewed every third of the lease, in one statement; `lost` is aborted when a
 * renewal finds a row taken over, or when a lease runs out before a renewal landed (the database was locked, the
 * process stalled). A process killed with SIGKILL frees its jobs when their leases run out; `release` and `close`
 * free them at once. A job this process holds already answers undefined.
 */
export class SqlJobLeader implements JobLeader {
  private readonly held = new Map<string, Lease>();
  private renewer?: NodeJS.Timeout;
  private renewing = false;
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
      await this.delete([{ key, token }]);
      return undefined;
    }
    const lease: Lease = { key, token, lost: new AbortController() };
    this.held.set(key, lease);
    this.armDeadline(lease, expiresAt);
    this.renewer ??= setInterval(() => void this.renewAll(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.renewer.unref();
    return {
      key,
      lost: lease.lost.signal,
      release: async () => {
        if (this.held.get(key) !== lease) return;
        this.forget(lease);
        await this.delete([lease]).catch((error: Error) => this.logger.warn('job release failed; its lease runs out by itself', { job: key, error: error.message }));
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const held = [...this.held.values()];
    for (const lease of held) {
      this.forget(lease);
      lease.lost.abort(new Error('the job leader was closed'));
    }
    await this.delete(held).catch((error: Error) => this.logger.warn('job release at close failed; the leases run out by themselves', { jobs: held.length, error: error.message }));
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
      const rows = await this.rows(em, [key]);
      return rows.get(key)?.holder === token ? expiresAt : undefined;
    });
  }

  private async rows(em: EntityManager, keys: string[]): Promise<Map<string, { holder: string; expiresAt: number }>> {
    const found: { job_key: string; holder: string; expires_at: string | number }[] = await em.query(this.sql(`SELECT job_key, holder, expires_at FROM job_leases WHERE job_key IN (${keys.map(() => '?').join(', ')})`), keys);
    return new Map(found.map((r) => [r.job_key, { holder: r.holder, expiresAt: Number(r.expires_at) }]));
  }

  private async delete(leases: Pick<Lease, 'key' | 'token'>[]): Promise<void> {
    for (const lease of leases) {
      await this.db.writeStatement((em) => em.query(this.sql('DELETE FROM job_leases WHERE job_key = ? AND holder = ?'), [lease.key, lease.token]));
    }
  }

  /** Extends every live lease of ours; one found taken over, or run out, is lost. One renewal at a time. */
  private async renewAll(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    try {
      const leases = [...this.held.values()];
      for (let i = 0; i < leases.length; i += RENEW_CHUNK) await this.renew(leases.slice(i, i + RENEW_CHUNK));
    } catch (error) {
      // Each lease's deadline decides when a failed renewal costs it the job.
      this.logger.warn('job lease renewal failed; trying again', { jobs: this.held.size, error: (error as Error).message });
    } finally {
      this.renewing = false;
    }
  }

  private async renew(leases: Lease[]): Promise<void> {
    const { until, rows } = await this.db.writeStatement(async (em) => {
      const now = Date.now();
      const until = now + this.leaseMs;
      const holders = leases.map((l) => l.token);
      await em.query(this.sql(`UPDATE job_leases SET expires_at = ? WHERE holder IN (${holders.map(() => '?').join(', ')}) AND expires_at >= ?`), [until, ...holders, now]);
      return { until, rows: await this.rows(em, leases.map((l) => l.key)) };
    });
    for (const lease of leases) {
      if (this.held.get(lease.key) !== lease) continue;
      const row = rows.get(lease.key);
      if (row?.holder !== lease.token) this.lose(lease, 'another process took the job over');
      else if (row.expiresAt !== until) this.lose(lease, 'its lease ran out before it was renewed');
      else this.armDeadline(lease, until);
    }
  }

  /** Lost when the lease runs out unrenewed: from then on another process may take the job. */
  private armDeadline(lease: Lease, expiresAt: number): void {
    clearTimeout(lease.deadline);
    lease.deadline = setTimeout(() => this.lose(lease, 'its lease ran out before it could be renewed'), Math.max(0, expiresAt - Date.now()));
    lease.deadline.unref();
  }

  private lose(lease: Lease, reason: string): void {
    if (this.held.get(lease.key) !== lease) return;
    this.forget(lease);
    this.logger.warn('job leadership lost', { job: lease.key, reason });
    lease.lost.abort(new Error(`the job was lost: ${reason}`));
    // Ours but run out: gone at once for the others. Taken over: another holder's row, which this one does not match.
    void this.delete([lease]).catch(() => undefined);
  }

  private forget(lease: Lease): void {
    this.held.delete(lease.key);
    clearTimeout(lease.deadline);
    if (this.held.size === 0) {
      clearInterval(this.renewer);
      this.renewer = undefined;
    }
  }
}
