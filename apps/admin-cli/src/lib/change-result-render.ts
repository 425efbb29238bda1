import type { ChangeResult } from './composition';
import { shown } from './display';

/** A change the pipeline made or previewed, in the shape the write tools answer (snake_case). */
export function changeResultJson(r: ChangeResult): Record<string, unknown> {
  return {
    changed: r.changed,
    dry_run: r.dryRun,
    change_id: r.changeId ?? null,
    summary: r.summary,
    risk: r.risk,
    diff: [...r.diff],
    touched: r.touched.map((t) => ({ menu: t.menu, id: t.id ?? null, before: t.before ?? null, after: t.after ?? null })),
    verdicts: r.verdicts.map((v) => ({ rule: v.ruleId, status: v.status, reason: v.message })),
    protection: r.protection ?? null,
    verification: { status: r.verification.status, checks: [...r.verification.checks] },
  };
}

/** The outcome in one line, the diff, then protection, verification and any verdict that did not simply pass. */
export function changeResultText(r: ChangeResult): string {
  const head = r.dryRun ? `dry run: ${r.changed ? 'would change' : 'nothing to change'}` : r.changed ? `applied ${r.changeId}` : 'nothing to change';
  const lines = [`${head}: ${shown(r.summary)} (risk ${r.risk})`, ...r.diff.map((line) => `  ${shown(line)}`)];
  if (r.protection) lines.push(`protection: ${r.protection}`);
  if (r.verification.status === 'verified') lines.push(`verified: ${r.verification.checks.map(shown).join('; ')}`);
  for (const v of r.verdicts.filter((v) => v.status !== 'pass' && v.status !== 'not_applicable')) lines.push(`${v.ruleId}: ${v.status} (${shown(v.message)})`);
  return lines.join('\n');
}
