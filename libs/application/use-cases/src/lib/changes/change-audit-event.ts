import type { AuditEvent, AuditOutcome, Principal } from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { redactArguments } from '../audit-recorder';

/**
 * The change's own audit record (principal, diff, verdicts, protection, never a secret), under the change's id:
 * committed `started` with the change record, settled in place with its final state.
 */
export function changeAuditEvent(record: ChangeRecord, principal: Principal, outcome: AuditOutcome, at: Date): AuditEvent {
  return {
    id: record.id,
    occurredAt: at,
    correlationId: record.correlationId,
    principal,
    action: record.revertOf ? 'change.revert' : 'change.apply',
    deviceId: record.deviceId,
    ...(record.authority.kind === 'approved_plan' ? { planId: record.authority.planId } : {}),
    arguments: redactArguments({
      change_id: record.id, tool: record.tool, status: record.status, step: record.step, protection: record.protection ?? null, diff: record.diff,
      verdicts: record.verdicts.filter((v) => v.status !== 'not_applicable').map((v) => `${v.ruleId}:${v.status}`),
      ...(record.revertOf ? { revert_of: record.revertOf } : {}), ...(record.outcome ? { outcome: record.outcome } : {}),
    }),
    outcome,
    ...(outcome !== 'started' && outcome !== 'interrupted' ? { durationMs: at.getTime() - record.createdAt.getTime() } : {}),
    ...(record.error ? { errorCode: record.error.code } : {}),
  };
}
