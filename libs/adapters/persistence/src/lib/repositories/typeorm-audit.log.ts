import type { AuditEvent, AuditLog, AuditOutcome, AuditQuery } from '@routeros-mcp/application-ports';
import type { EntityManager } from '@routeros-mcp/typeorm';
import type { AuditChain } from '../audit-chain/audit-chain';
import { Database } from '../database';
import { AuditEventRecord } from '../records/audit-event.record';

const AUDIT = 'AuditEventRecord';

/** Rows per INSERT: 17 columns each stays far below SQLite's limit of bound variables. */
const MAX_BATCH = 200;

export function toAuditRow(event: AuditEvent): AuditEventRecord {
  return {
    id: event.id,
    occurred_at: event.occurredAt,
    correlation_id: event.correlationId ?? null,
    principal: event.principal.id,
    via: event.principal.via,
    session_id: event.principal.sessionId ?? null,
    client_name: event.principal.clientName ?? null,
    client_version: event.principal.clientVersion ?? null,
    action: event.action,
    device_id: event.deviceId ?? null,
    plan_id: event.planId ?? null,
    arguments: event.arguments ? JSON.stringify(event.arguments) : null,
    outcome: event.outcome,
    error_code: event.errorCode ?? null,
    duration_ms: event.durationMs ?? null,
    lease_until: event.leaseUntil ? event.leaseUntil.getTime() : null,
    note: event.note ?? null,
  };
}

export function toAuditEvent(r: AuditEventRecord): AuditEvent {
  return {
    id: r.id,
    occurredAt: r.occurred_at,
    correlationId: r.correlation_id ?? undefined,
    principal: {
      id: r.principal,
      via: r.via,
      sessionId: r.session_id ?? undefined,
      clientName: r.client_name ?? undefined,
      clientVersion: r.client_version ?? undefined,
    },
    action: r.action,
    deviceId: r.device_id ?? undefined,
    planId: r.plan_id ?? undefined,
    arguments: r.arguments ? (JSON.parse(r.arguments) as Record<string, unknown>) : undefined,
    outcome: r.outcome as AuditOutcome,
    errorCode: r.error_code ?? undefined,
    durationMs: r.duration_ms ?? undefined,
    ...(r.lease_until !== null && r.lease_until !== undefined ? { leaseUntil: new Date(Number(r.lease_until)) } : {}),
    ...(r.note ? { note: r.note } : {}),
  };
}

/** Outcomes a settlement may replace: the record's start, or an interruption its call outlived. */
const UNSETTLED = ['started', 'interrupted'];

/** What a settlement writes over a `started` record: its state, never who acted or on what. */
function settlementOf(row: AuditEventRecord): Partial<AuditEventRecord> {
  return { occurred_at: row.occurred_at, arguments: row.arguments, outcome: row.outcome, error_code: row.error_code, duration_ms: row.duration_ms, lease_until: null, note: row.note };
}

/**
 * Writes a record's final state over its `started` (or `interrupted`) one, or appends it when there is none. A record
 * already settled otherwise stays as it is. Each row written gets its chain link in `em`'s transaction (`chain`).
 */
export async function settleAuditRows(em: EntityManager, chain: AuditChain, events: readonly AuditEvent[]): Promise<void> {
  const written: AuditEventRecord[] = [];
  for (const event of events) {
    const row = toAuditRow(event);
    const { affected } = await em.createQueryBuilder().update(AUDIT).set(settlementOf(row)).where('id = :id', { id: row.id }).andWhere('outcome IN (:...unsettled)', { unsettled: UNSETTLED }).execute();
    // Who acted and on what are never rewritten: the settled row is the event's own columns over them.
    if (affected) written.push({ ...row, lease_until: null });
    else if (!(await em.exists(AUDIT, { where: { id: row.id } }))) {
      await em.insert(AUDIT, row);
      written.push(row);
    }
  }
  await chain.append(em, written);
}

/** Inserts new records with their chain links, in `em`'s transaction. */
export async function insertAuditRows(em: EntityManager, chain: AuditChain, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(toAuditRow);
  await em.insert(AUDIT, rows);
  await chain.append(em, rows);
}

/**
 * Append-only but for a call's own settlement: a record is inserted, a `started` one is settled in place once (by its
 * call, or as interrupted by the recovery sweep), and nothing is ever deleted by the service.
 */
export class TypeOrmAuditLog implements AuditLog {
  constructor(private readonly db: Database) {}

  /** Records waiting for the next insert: every record that arrives while one is written goes in the next. */
  private waiting: { record: AuditEventRecord; settle: (error?: unknown) => void }[] = [];
  /** An insert is in flight. One at a time on both engines: on PostgreSQL writes do not queue behind each other,
   *  so without this every record took its own INSERT and pool connection, and calls waited for those. */
  private inserting = false;

  /** Resolves once the event (and its chain link) is committed. Concurrent events share one multi-row INSERT (group commit). */
  record(event: AuditEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ record: toAuditRow(event), settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.insertNext();
    });
  }

  private insertNext(): void {
    if (this.inserting || this.waiting.length === 0) return;
    this.inserting = true;
    const batch = this.waiting.splice(0, MAX_BATCH);
    // A transaction, not one statement: the rows and their chain links commit together, and callers hear after it.
    void this.db
      .write(async (em) => {
        await em.insert(AUDIT, batch.map((b) => b.record));
        await this.db.auditChain.append(em, batch.map((b) => b.record));
      })
      .then(
        () => batch.forEach((b) => b.settle()),
        (error: unknown) => batch.forEach((b) => b.settle(error)),
      )
      .finally(() => {
        this.inserting = false;
        this.insertNext();
      });
  }

  async settle(event: AuditEvent): Promise<void> {
    await this.db.write((em) => settleAuditRows(em, this.db.auditChain, [event]));
  }

  async renew(id: string, leaseUntil: Date): Promise<void> {
    await this.db.writeStatement((em) => em.createQueryBuilder().update(AUDIT).set({ lease_until: leaseUntil.getTime() }).where('id = :id', { id }).andWhere("outcome = 'started'").execute());
  }

  async expired(now: Date, limit: number): Promise<AuditEvent[]> {
    const rows = await this.db.manager
      .createQueryBuilder<AuditEventRecord>(AUDIT, 'a')
      .where('a.lease_until < :now', { now: now.getTime() })
      .andWhere("a.outcome = 'started'")
      .orderBy('a.occurred_at', 'ASC')
      .addOrderBy('a.id', 'ASC')
      .take(limit)
      .getMany();
    return rows.map(toAuditEvent);
  }

  async interrupt(event: AuditEvent, now: Date): Promise<boolean> {
    const row = toAuditRow(event);
    return this.db.write(async (em) => {
      const { affected } = await em.createQueryBuilder().update(AUDIT).set(settlementOf(row)).where('id = :id', { id: row.id }).andWhere("outcome = 'started'").andWhere('lease_until < :now', { now: now.getTime() }).execute();
      if (!affected) return false;
      await this.db.auditChain.append(em, [row]);
      return true;
    });
  }

  async list(query: AuditQuery): Promise<AuditEvent[]> {
    const q = this.db.manager.createQueryBuilder<AuditEventRecord>(AUDIT, 'a').orderBy('a.occurred_at', 'DESC').addOrderBy('a.id', 'DESC').take(query.limit);
    if (query.deviceId) q.andWhere('a.device_id = :deviceId', { deviceId: query.deviceId });
    if (query.planId) q.andWhere('a.plan_id = :planId', { planId: query.planId });
    if (query.action) q.andWhere('a.action = :action', { action: query.action });
    if (query.since) q.andWhere('a.occurred_at >= :since', { since: query.since });
    if (query.reach) {
      const own = 'a.device_id IS NULL AND a.principal = :reachPrincipal';
      const devices = query.reach.deviceIds.length ? `a.device_id IN (:...reachDevices) OR (${own})` : own;
      q.andWhere(`(${devices})`, { reachPrincipal: query.reach.principalId, reachDevices: query.reach.deviceIds });
    }
    return (await q.getMany()).map(toAuditEvent);
  }
}
