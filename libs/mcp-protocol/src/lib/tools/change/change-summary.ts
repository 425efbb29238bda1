import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { operationLines } from '@routeros-mcp/domain-changes';
import { TouchedSchema, VerdictSchema } from './change-output';
import { z } from 'zod';

export const ChangeIdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'a change id (see change_list)').describe('From change_list');

export const ChangeSummarySchema = z.object({
  change_id: z.string(),
  device_id: z.string(),
  tool: z.string(),
  status: z.string(),
  summary: z.string(),
  principal: z.string(),
  protection: z.string().nullable(),
  created_at: z.string(),
});

export function changeSummary(record: ChangeRecord): z.infer<typeof ChangeSummarySchema> {
  return {
    change_id: record.id,
    device_id: record.deviceId,
    tool: record.tool,
    status: record.status,
    summary: record.summary,
    principal: `${record.actor.id} (${record.actor.via})`,
    protection: record.protection ?? null,
    created_at: record.createdAt.toISOString(),
  };
}

export const ChangeDetailSchema = ChangeSummarySchema.extend({
  step: z.string(),
  outcome: z.string().nullable(),
  error_code: z.string().nullable(),
  plan_id: z.string().nullable(),
  revert_of: z.string().nullable(),
  reverted_by: z.string().nullable(),
  diff: z.array(z.string()),
  /** The console lines that undo it, or why it cannot be undone. */
  revert: z.array(z.string()),
  not_revertible: z.string().nullable(),
  touched: z.array(TouchedSchema),
  verdicts: z.array(VerdictSchema),
  /** The last re-check of a change that needed attention, once its device answered again. */
  recheck: z.object({ at: z.string(), finding: z.string() }).nullable(),
  updated_at: z.string(),
});

export function changeDetail(record: ChangeRecord): z.infer<typeof ChangeDetailSchema> {
  return {
    ...changeSummary(record),
    step: record.step,
    outcome: record.outcome ?? null,
    error_code: record.error?.code ?? null,
    plan_id: record.authority.kind === 'approved_plan' ? record.authority.planId : null,
    revert_of: record.revertOf ?? null,
    reverted_by: record.revertedBy ?? null,
    diff: [...record.diff],
    revert: record.inverse.flatMap((op) => operationLines(op)),
    not_revertible: record.notRevertible ?? null,
    touched: record.touched.map((t) => ({ menu: t.menu, id: t.id ?? null, before: t.before ?? null, after: t.after ?? null })),
    verdicts: record.verdicts.map((v) => ({ rule: v.ruleId, status: v.status, reason: v.message })),
    recheck: record.recheck ? { at: record.recheck.at.toISOString(), finding: record.recheck.finding } : null,
    updated_at: record.updatedAt.toISOString(),
  };
}
