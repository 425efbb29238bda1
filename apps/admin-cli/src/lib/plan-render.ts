import type { Plan } from './composition';
import { redactedPlan } from './composition';
import { styleText } from 'node:util';
import { clipped, fold, quoted, REVIEW_WIDTH, shown } from './display';
import { keyValues, table } from './render';

const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
const approvalOf = (p: Plan) => (p.approval ? { by: p.approval.approvedBy, at: iso(p.approval.approvedAt), comment: p.approval.comment ?? null } : null);

/** The machine-readable shapes (snake_case, as the MCP tools answer). Never a signature or nonce: plans carry none. */
export function planSummaryJson(p: Plan): Record<string, unknown> {
  return { plan_id: p.id, title: p.title, topic: p.topic, status: p.status, environment: p.environment, created_by: p.createdBy, created_at: iso(p.createdAt), expires_at: iso(p.expiresAt), devices: p.steps.length, content_hash: p.contentHash };
}

/** The plan in full, its steps' changes redacted (a passphrase shows as `[redacted]`, never even sealed). */
export function planJson(plan: Plan): Record<string, unknown> {
  const p = redactedPlan(plan);
  return {
    ...planSummaryJson(p),
    rollout: p.rollout,
    excluded: p.excluded.map((e) => ({ device_id: e.deviceId, reason: e.reason })),
    approval: approvalOf(p),
    transitions: p.transitions.map((t) => ({ from: t.from, to: t.to, at: iso(t.at), by: t.by, reason: t.reason ?? null })),
    steps: p.steps.map((s) => ({
      step_id: s.id, device_id: s.deviceId, batch: s.batch, status: s.status, change: s.change,
      preview: s.preview ? { summary: s.preview.summary, changed: s.preview.changed, risk: s.preview.risk, diff: [...s.preview.diff], verdicts: s.preview.verdicts.map((v) => ({ rule: v.ruleId, status: v.status, reason: v.message })), state_hash: s.preview.stateHash, ...(s.preview.notRevertible ? { not_revertible: s.preview.notRevertible } : {}) } : null,
    })),
  };
}

/** The columns of the title in `plan list`: enough to tell plans apart, never a row's worth. */
const LISTED_TITLE_COLUMNS = 60;

/** Titles in double quotes, escaped and cut short: a model's title reads as a value, and cannot fake a row. */
export function planTable(items: readonly Plan[]): string {
  if (items.length === 0) return 'No plans.';
  return table(['ID', 'CREATED', 'STATUS', 'TOPIC', 'ENV', 'DEVICES', 'BY', 'TITLE'], items.map((p) => [p.id, p.createdAt.toISOString(), p.status, p.topic, p.environment, String(p.steps.length), p.createdBy, quoted(clipped(p.title, LISTED_TITLE_COLUMNS))]));
}

type Style = Parameters<typeof styleText>[0];
/** A line of the review screen, plain, and how to paint it on a terminal. */
type Line = { text: string; style?: Style };

/** Starts every line of model-written text, so it is never where a heading or a line of a diff would be. */
export const MODEL_BAR = '│ ';

/** A block of text the model wrote: a label saying so, then the text, escaped and folded, every line after the bar. */
function modelBlock(label: string, text: string, width: number, indent = ''): Line[] {
  const bar = `${indent}  ${MODEL_BAR}`;
  return [{ text: `${indent}${label} (model-written, not checked by the server):` }, ...fold(text, width, bar, bar).map((line) => ({ text: line, style: 'cyan' as Style }))];
}

/**
 * The plan for a reviewer (`plan show`, and the screen `plan approve` asks under): per device its diff (red
 * removals, green additions on a terminal), risk and verdicts. Everything on it comes from the server's own
 * rendering of the stored plan (ids, hash, batches, diffs, verdicts), escaped; what the model wrote (the title,
 * exclusion reasons) is marked as such, after a bar, never where a heading goes. Every line is folded to `width`
 * columns, so the terminal's own wrapping cannot put outside text at the start of a screen line.
 */
export function planText(p: Plan, color: boolean, width = REVIEW_WIDTH): string {
  const r = p.rollout;
  const lines: Line[] = [
    { text: `# ${p.id}`, style: 'bold' },
    ...keyValues([
      ['status', p.status],
      ['topic', p.topic],
      ['environment', p.environment],
      ['created', `${p.createdAt.toISOString()} by ${p.createdBy}`],
      ['expires', p.expiresAt.toISOString()],
      ['content hash', p.contentHash],
      ['rollout', `canary ${r.canarySize}, batches of ${r.batchSize}, pause ${r.pauseSeconds} s, cpu < ${r.health.maxCpuPercent}%, memory < ${r.health.maxMemoryPercent}%, ${r.haltPolicy}`],
      ...(p.approval ? ([['approved', `${p.approval.approvedAt.toISOString()} by ${p.approval.approvedBy}${p.approval.comment ? `, comment ${quoted(p.approval.comment)}` : ''}`]] as [string, string][]) : []),
    ])
      .split('\n')
      .map((text) => ({ text })),
    { text: '' },
    ...modelBlock('title', p.title, width),
  ];
  const batches = Math.max(0, ...p.steps.map((s) => s.batch)) + 1;
  for (const s of p.steps) {
    const preview = s.preview;
    // Counted from 1, as `plan status` and the execution log name batches; the JSON keeps the index.
    lines.push({ text: '' }, { text: `## ${s.deviceId} (batch ${s.batch + 1}/${batches}, ${s.status})${preview ? `: ${shown(preview.summary)}` : ''}`, style: 'bold' });
    if (!preview) continue;
    lines.push({ text: `  risk: ${preview.risk}`, style: preview.risk === 'low' ? 'green' : preview.risk === 'medium' ? 'yellow' : 'red' });
    if (!preview.changed) lines.push({ text: '  no change: the device already holds it' });
    if (preview.notRevertible) lines.push({ text: `  no undo: a rollback cannot undo this step (${shown(preview.notRevertible)})`, style: 'yellow' });
    for (const line of preview.diff) {
      const removal = / remove /.test(line);
      lines.push({ text: `  ${removal ? '-' : '+'} ${shown(line)}`, style: removal ? 'red' : 'green' });
    }
    for (const t of preview.touched) {
      if (!t.before || !t.after) continue;
      for (const key of Object.keys(t.after).filter((k) => t.before![k] !== t.after![k])) {
        lines.push({ text: `    - ${shown(t.menu)} ${shown(key)}=${shown(t.before[key] ?? '')}`, style: 'red' }, { text: `    + ${shown(t.menu)} ${shown(key)}=${shown(t.after[key])}`, style: 'green' });
      }
    }
    for (const v of preview.verdicts.filter((v) => v.status !== 'not_applicable')) lines.push({ text: `  ${v.status.padEnd(4)} ${shown(v.ruleId)}: ${shown(v.message)}`, style: v.status === 'pass' ? 'green' : 'red' });
  }
  if (p.excluded.length > 0) {
    lines.push({ text: '' }, { text: 'excluded', style: 'bold' });
    for (const e of p.excluded) lines.push(...modelBlock(`${shown(e.deviceId)}: reason`, e.reason, width, '  '));
  }
  // Folded plain, then painted: a colour never spans a fold, and the width counts no escape codes.
  const paint = (style: Style | undefined, text: string) => (color && style && text ? styleText(style, text) : text);
  return lines.flatMap((line) => fold(line.text, width).map((text) => paint(line.style, text))).join('\n');
}
