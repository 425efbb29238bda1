import type { AuditEvent, AuditLog, AuditOutcome, AuditQuery } from '@routeros-mcp/application-ports';
import { Database } from '../database';
import { AuditEventRecord } from '../records/audit-event.record';

const AUDIT = 'AuditEventRecord';

/** Append-only: records are inserted, never updated or deleted by the service. */
export class TypeOrmAuditLog implements AuditLog {
  constructor(private readonly db: Database) {}

  async record(event: AuditEvent): Promise<void> {
    const record: AuditEventRecord = {
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
    };
    await this.db.write((em) => em.insert(AUDIT, record));
  }

  async list(query: AuditQuery): Promise<AuditEvent[]> {
    const q = this.db.manager.createQueryBuilder<AuditEventRecord>(AUDIT, 'a').orderBy('a.occurred_at', 'DESC').addOrderBy('a.id', 'DESC').take(query.limit);
    if (query.deviceId) q.andWhere('a.device_id = :deviceId', { deviceId: query.deviceId });
    if (query.action) q.andWhere('a.action = :action', { action: query.action });
    if (query.since) q.andWhere('a.occurred_at >= :since', { since: query.since });
    return (await q.getMany()).map((r) => ({
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
    }));
  }
}
