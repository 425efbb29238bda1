import type { ChangeRecord, TouchedRow } from './composition';
import { operationLines } from './composition';
import { styleText } from 'node:util';
import { shown } from './display';
import { keyValues, table } from './render';

type Row = Readonly<Record<string, string>>;
const iso = (d: Date) => d.toISOString();
const principalOf = (c: ChangeRecord) => `${c.actor.id} (${c.actor.via})`;

/** What the record says of the check after writing: verification passed only for a verified change. */
function verificationOf(c: ChangeRecord): { status: string; detail: string } {
  if (c.status === 'verified' || (c.status === 'reverted' && c.revertedBy)) return { status: 'verified', detail: 'the touched rows held the desired state and the device accepted a new TLS session' };
  if (c.status === 'failed' || c.status === 'proposed') return { status: 'not_run', detail: 'stopped before the first write' };
  if (c.step === 'verify') return { status: 'failed', detail: c.error?.message ?? 'the device did not hold the change' };
  return { status: 'not_run', detail: `stopped at ${c.step}` };
}

function beforeSnapshotOf(c: ChangeRecord): string | null {
  const b = c.beforeSnapshot;
  if (!b) return null;
  return b.status === 'skipped' ? `skipped: ${b.reason}` : `${b.snapshotId} (${b.status === 'captured' ? 'captured for this change' : 'recent, reused'})`;
}

/** The machine-readable shapes (snake_case, as the MCP tools answer). */
export function changeSummaryJson(c: ChangeRecord): Record<string, unknown> {
  return { change_id: c.id, device_id: c.deviceId, tool: c.tool, status: c.status, summary: c.summary, principal: principalOf(c), protection: c.protection ?? null, created_at: iso(c.createdAt) };
}

export function changeJson(c: ChangeRecord): Record<string, unknown> {
  return {
    ...changeSummaryJson(c),
    risk: c.risk,
    step: c.step,
    outcome: c.outcome ?? null,
    error: c.error ?? null,
    plan_id: c.authority.kind === 'approved_plan' ? c.authority.planId : null,
    revert_of: c.revertOf ?? null,
    reverted_by: c.revertedBy ?? null,
    diff: [...c.diff],
    touched: c.touched.map((t) => ({ menu: t.menu, id: t.id ?? null, before: t.before ?? null, after: t.after ?? null })),
    verdicts: c.verdicts.map((v) => ({ rule: v.ruleId, status: v.status, reason: v.message })),
    verification: verificationOf(c),
    before_snapshot: c.beforeSnapshot ?? null,
    revert: c.inverse.flatMap((op) => operationLines(op)),
    not_revertible: c.notRevertible ?? null,
    recheck: c.recheck ? { at: iso(c.recheck.at), finding: c.recheck.finding } : null,
    updated_at: iso(c.updatedAt),
  };
}

export function changeTable(items: ChangeRecord[]): string {
  if (items.length === 0) return 'No changes recorded.';
  return table(
    ['ID', 'CREATED', 'DEVICE', 'TOOL', 'STATUS', 'PROTECTION', 'SUMMARY'],
    items.map((c) => [c.id, iso(c.createdAt), c.deviceId, c.tool, c.status, c.protection ?? '-', c.summary]),
  );
}

/** One touched row as removed and added properties: every property of a row that appears or goes, the changed ones otherwise. */
function rowDiff(t: TouchedRow): { sign: '-' | '+'; text: string }[] {
  const before: Row = t.before ?? {};
  const after: Row = t.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k !== '.id' && (!t.before || !t.after || before[k] !== after[k]));
  return [
    ...keys.filter((k) => k in before).map((k) => ({ sign: '-' as const, text: shown(`${k}=${before[k]}`) })),
    ...keys.filter((k) => k in after).map((k) => ({ sign: '+' as const, text: shown(`${k}=${after[k]}`) })),
  ];
}

/**
 * The record for a person: red and green before/after on a terminal, plain in a pipe. Values come from the model
 * (a comment, a name) and from the device (its rows before): every one is escaped (see display.ts).
 */
export function changeText(c: ChangeRecord, color: boolean): string {
  const paint = (style: Parameters<typeof styleText>[0], text: string) => (color ? styleText(style, text) : text);
  const verification = verificationOf(c);
  const lines = [
    paint('bold', `# ${c.id}: ${shown(c.summary)}`),
    keyValues([
      ['device', c.deviceId],
      ['tool', c.tool],
      ['by', principalOf(c)],
      ['created', iso(c.createdAt)],
      ['risk', c.risk],
      ['status', c.status],
      ['protection', c.protection ?? '-'],
      ['verification', `${verification.status}: ${verification.detail}`],
      ['end state', c.outcome ?? c.status],
      ...(c.error ? ([['error', `${c.error.code}: ${c.error.message}`]] as [string, string][]) : []),
      ...(c.recheck ? ([['re-checked', `${iso(c.recheck.at)}: ${c.recheck.finding}`]] as [string, string][]) : []),
      ...(beforeSnapshotOf(c) ? ([['snapshot before', beforeSnapshotOf(c)!]] as [string, string][]) : []),
      ...(c.revertOf ? ([['reverts', c.revertOf]] as [string, string][]) : []),
      ...(c.revertedBy ? ([['reverted by', c.revertedBy]] as [string, string][]) : []),
    ]),
    '',
    paint('bold', 'diff'),
    ...c.diff.map((line) => `  ${shown(line)}`),
    '',
    paint('bold', 'before / after'),
  ];
  for (const t of c.touched) {
    lines.push(`  ${shown(t.menu)}${t.id ? ` ${shown(t.id)}` : ''}${t.before ? (t.after ? '' : ' (removed)') : ' (added)'}`);
    for (const { sign, text } of rowDiff(t)) lines.push(paint(sign === '-' ? 'red' : 'green', `    ${sign} ${text}`));
  }
  lines.push('', paint('bold', 'verdicts'));
  for (const v of c.verdicts.filter((v) => v.status !== 'not_applicable')) lines.push(`  ${paint(v.status === 'pass' ? 'green' : 'red', v.status.padEnd(4))} ${shown(v.ruleId)}: ${shown(v.message)}`);
  const revert = c.inverse.flatMap((op) => operationLines(op));
  lines.push('', paint('bold', 'revert'), ...(c.notRevertible ? [`  not revertible: ${shown(c.notRevertible)}`] : revert.length ? revert.map((l) => `  ${shown(l)}`) : ['  nothing to undo']));
  return lines.join('\n');
}
