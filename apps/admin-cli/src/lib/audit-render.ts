import type { AuditEvent } from '@routeros-mcp/composition';
import { table } from './render';

const principalOf = (e: AuditEvent) => `${e.principal.id} (${e.principal.via})`;

/** The machine-readable shape (snake_case, as the MCP audit tool answers, with the plan and the redacted arguments). */
export function auditEventJson(e: AuditEvent): Record<string, unknown> {
  return {
    id: e.id, occurred_at: e.occurredAt.toISOString(), principal: principalOf(e), action: e.action, device_id: e.deviceId ?? null, plan_id: e.planId ?? null,
    outcome: e.outcome, error_code: e.errorCode ?? null, duration_ms: e.durationMs ?? null, correlation_id: e.correlationId ?? null, arguments: e.arguments ?? null,
  };
}

/** Oldest first, as a log reads; the query took the newest. */
export function auditTable(events: readonly AuditEvent[]): string {
  if (events.length === 0) return 'no audit events match';
  return table(
    ['TIME', 'ACTION', 'OUTCOME', 'PRINCIPAL', 'DEVICE', 'PLAN', 'ERROR'],
    [...events].reverse().map((e) => [e.occurredAt.toISOString(), e.action, e.outcome, principalOf(e), e.deviceId ?? '', e.planId ?? '', e.errorCode ?? '']),
  );
}
