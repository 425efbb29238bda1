import type { AuditEvent } from './composition';
import { table } from './render';

const principalOf = (e: AuditEvent) => `${e.principal.id} (${e.principal.via})`;

/** The machine-readable shape (snake_case, as the MCP audit tool answers, with the plan and the redacted arguments). */
export function auditEventJson(e: AuditEvent): Record<string, unknown> {
  return {
    id: e.id, occurred_at: e.occurredAt.toISOString(), principal: principalOf(e), action: e.action, device_id: e.deviceId ?? null, plan_id: e.planId ?? null,
    outcome: e.outcome, error_code: e.errorCode ?? null, duration_ms: e.durationMs ?? null, correlation_id: e.correlationId ?? null, arguments: e.arguments ?? null,
    note: noteOf(e), lease_until: e.leaseUntil?.toISOString() ?? null,
  };
}

/**
 * What a record says beyond its outcome: how an interrupted one was settled, and that a `started` one is not (its
 * call runs still, or its process ended and the recovery sweep settles it once its lease ran out).
 */
export function noteOf(e: AuditEvent): string | null {
  if (e.outcome === 'started') return `not settled yet: its call is running, or its process ended and recovery settles it after ${e.leaseUntil?.toISOString() ?? 'its lease'}`;
  return e.note ?? null;
}

/** Oldest first, as a log reads; the query took the newest. A NOTE column when a record is unsettled or interrupted. */
export function auditTable(events: readonly AuditEvent[]): string {
  if (events.length === 0) return 'no audit events match';
  const notes = events.some((e) => noteOf(e) !== null);
  return table(
    ['TIME', 'ACTION', 'OUTCOME', 'PRINCIPAL', 'DEVICE', 'PLAN', 'ERROR', ...(notes ? ['NOTE'] : [])],
    [...events].reverse().map((e) => [e.occurredAt.toISOString(), e.action, e.outcome, principalOf(e), e.deviceId ?? '', e.planId ?? '', e.errorCode ?? '', ...(notes ? [noteOf(e) ?? ''] : [])]),
  );
}
