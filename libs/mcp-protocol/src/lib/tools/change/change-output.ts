import type { ChangeResult } from '@routeros-mcp/application-use-cases';
import { z } from 'zod';
import type { ToolOutput } from '../define-tool';

const RowSchema = z.record(z.string(), z.string());
export const TouchedSchema = z.object({ menu: z.string(), id: z.string().nullable(), before: RowSchema.nullable(), after: RowSchema.nullable() });
export const VerdictSchema = z.object({ rule: z.string(), status: z.string(), reason: z.string() });

/** What every write tool answers: the change (or the dry run of it), why it was allowed, how it was guarded and checked. */
export const ChangeOutputSchema = z.object({
  changed: z.boolean(),
  dry_run: z.boolean(),
  change_id: z.string().nullable(),
  summary: z.string(),
  risk: z.enum(['low', 'medium', 'high']),
  diff: z.array(z.string()),
  touched: z.array(TouchedSchema),
  verdicts: z.array(VerdictSchema),
  protection: z.enum(['safe_mode', 'device_revert_timer', 'none_needed']).nullable(),
  verification: z.object({ status: z.enum(['verified', 'not_run']), checks: z.array(z.string()) }),
  /** Present when change_revert cannot undo it: said on the dry run, before anything is written. */
  not_revertible: z.string().optional(),
});
export type ChangeOutput = z.infer<typeof ChangeOutputSchema>;

export function changeOutput(result: ChangeResult): ToolOutput<ChangeOutput> {
  const structured: ChangeOutput = {
    changed: result.changed,
    dry_run: result.dryRun,
    change_id: result.changeId ?? null,
    summary: result.summary,
    risk: result.risk,
    diff: [...result.diff],
    touched: result.touched.map((t) => ({ menu: t.menu, id: t.id ?? null, before: t.before ?? null, after: t.after ?? null })),
    verdicts: result.verdicts.map((v) => ({ rule: v.ruleId, status: v.status, reason: v.message })),
    protection: result.protection ?? null,
    verification: { status: result.verification.status, checks: [...result.verification.checks] },
    ...(result.notRevertible ? { not_revertible: result.notRevertible } : {}),
  };
  return { structured, text: changeText(structured) };
}

/** Compact: the outcome in one line, the diff, failing or notable verdicts only. */
function changeText(c: ChangeOutput): string {
  const head = c.dry_run ? `dry run: ${c.changed ? 'would change' : 'nothing to change'}` : c.changed ? `applied ${c.change_id}` : 'nothing to change';
  const lines = [`${head}: ${c.summary} (risk ${c.risk})`, ...c.diff];
  if (c.protection) lines.push(`protection: ${c.protection}`);
  if (c.verification.status === 'verified') lines.push(`verified: ${c.verification.checks.join('; ')}`);
  if (c.not_revertible) lines.push(`no undo: change_revert cannot undo this (${c.not_revertible})`);
  const notable = c.verdicts.filter((v) => v.status !== 'pass' && v.status !== 'not_applicable');
  for (const v of notable) lines.push(`${v.rule}: ${v.status} (${v.reason})`);
  return lines.join('\n');
}
