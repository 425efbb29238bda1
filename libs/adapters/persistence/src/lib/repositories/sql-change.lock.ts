import type { ChangeLock, HeldLock, LockRequest } from '@routeros-mcp/application-ports';
import { ChangeConflictError } from '@routeros-mcp/domain-changes';
import { randomUUID } from 'node:crypto';
import { Database } from '../database';
import { asStoreError } from '../store-errors/classify-store-error';

const POLL_MS = 100;

/**
 * The per-device write lock as a `device_locks` row: taken by one atomic upsert that only overwrites an expired
 * lease, so two processes on one SQLite file or one PostgreSQL database never both hold it. The holder renews
 * its lease while it works; a process that died with the lock loses it when the lease runs out.
 */
export class SqlChangeLock implements ChangeLock {
  constructor(private readonly db: Database) {}

  async acquire(deviceId: string, request: LockRequest): Promise<HeldLock> {
    const token = randomUUID();
    const started = Date.now();
    for (;;) {
      const attempt = Date.now();
      if (await this.tryTake(deviceId, request.changeId, token, request.leaseMs)) return this.held(deviceId, request, token, attempt + request.leaseMs);
      const waited = Date.now() - started;
      if (waited >= request.waitMs || request.signal?.aborted) {
        throw new ChangeConflictError(deviceId, await this.holder(deviceId), Math.round(waited / 100) / 10);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, request.waitMs - waited)));
    }
  }

  async holder(deviceId: string): Promise<string | undefined> {
    const rows: { change_id: string; expires_at: string | number }[] = await this.db.manager.query(this.sql('SELECT change_id, expires_at FROM device_locks WHERE device_id = ?'), [deviceId]);
    const row = rows[0];
    return row && Number(row.expires_at) > Date.now() ? row.change_id : undefined;
  }

  private sql(text: string): string {
    if (this.db.dialect === 'sqlite') return text;
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  }

  /** One statement: inserts the row, or takes it over only when its lease has run out. Then reads who holds it. */
  private async tryTake(deviceId: string, changeId: string, token: string, leaseMs: number): Promise<boolean> {
    const now = Date.now();
    await this.db.writeStatement((em) =>
      em.query(
        this.sql(
          'INSERT INTO device_locks (device_id, change_id, holder, expires_at, acquired_at) VALUES (?, ?, ?, ?, ?) ' +
            'ON CONFLICT (device_id) DO UPDATE SET change_id = excluded.change_id, holder = excluded.holder, expires_at = excluded.expires_at, acquired_at = excluded.acquired_at ' +
            'WHERE device_locks.expires_at < ?',
        ),
        [deviceId, changeId, token, now + leaseMs, now, now],
      ),
    );
    const rows: { holder: string }[] = await this.db.manager.query(this.sql('SELECT holder FROM device_locks WHERE device_id = ?'), [deviceId]);
    return rows[0]?.holder === token;
  }

  /** `expiresBy`: no later than the lease's end as taken (the clock read before the statement that took it). */
  private held(deviceId: string, request: LockRequest, token: string, expiresBy: number): HeldLock {
    // Renewed only while the lease has not run out: a process paused past it (GC, a frozen VM) never takes back a
    // lease another may have taken over, and knows it lost it (`lost` latches).
    let lost = false;
    const renew = async (): Promise<boolean> => {
      if (lost) return false;
      const now = Date.now();
      await this.db.writeStatement((em) => em.query(this.sql('UPDATE device_locks SET expires_at = ? WHERE device_id = ? AND holder = ? AND expires_at >= ?'), [now + request.leaseMs, deviceId, token, now]));
      const rows: { holder: string; expires_at: string | number }[] = await this.db.manager.query(this.sql('SELECT holder, expires_at FROM device_locks WHERE device_id = ?'), [deviceId]);
      if (stillHeld(rows[0], token, Date.now())) expiresBy = Math.max(expiresBy, now + request.leaseMs);
      else lost = true;
      return !lost;
    };
    // The store out of reach: nobody can take the lease over meanwhile, but it still runs out when it was to.
    const confirm = () => renew().catch(() => (Date.now() < expiresBy ? true : ((lost = true), false)));
    const timer = setInterval(() => void renew().catch(() => undefined), Math.max(50, Math.floor(request.leaseMs / 3)));
    timer.unref();
    let released = false;
    return {
      deviceId,
      changeId: request.changeId,
      confirm,
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(timer);
        // The held lock leaves the adapter outside its storeBoundary: a store failure here is classified as well.
        await this.db.writeStatement((em) => em.query(this.sql('DELETE FROM device_locks WHERE device_id = ? AND holder = ?'), [deviceId, token])).catch((error: unknown) => Promise.reject(asStoreError(error)));
      },
    };
  }
}

/**
 * Whether the lock row is still this holder's and unexpired (read right after a conditional renewal). An expired lease
 * counts as lost even before anyone took it: a sweeper may be taking it right now.
 */
function stillHeld(row: { holder: string; expires_at: string | number } | undefined, token: string, now: number): boolean {
  return row !== undefined && row.holder === token && Number(row.expires_at) > now;
}
