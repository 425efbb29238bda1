import type { Plan } from '@routeros-mcp/composition';
import { redactedPlan } from '@routeros-mcp/composition';
import { styleText } from 'node:util';
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
      preview: s.preview ? { summary: s.preview.summary, changed: s.preview.changed, risk: s.preview.risk, diff: [...s.preview.diff], verdicts: s.preview.verdicts.map((v) => ({ rule: v.ruleId, status: v.status, reason: v.message })), state_hash: s.preview.stateHash } : null,
    })),
  };
}

export function planTable(items: readonly Plan[]): string {
  if (items.length === 0) return 'No plans.';
  return table(['ID', 'CREATED', 'STATUS', 'TOPIC', 'ENV', 'DEVICES', 'BY', 'TITLE'], items.map((p) => [p.id, p.createdAt.toISOString(), p.status, p.topic, p.environment, String(p.steps.length), p.createdBy, p.title]));
}

/** The plan for a reviewer: per device its diff (red removals, green additions on a terminal), risk and verdicts. */
export function planText(p: Plan, color: boolean): string {
  const paint = (style: Parameters<typeof styleText>[0], text: string) => (color ? styleText(style, text) : text);
  const r = p.rollout;
  const lines = [
    paint('bold', `# ${p.id}: ${p.title}`),
    keyValues([
      ['status', p.status],
      ['topic', p.topic],
      ['environment', p.environment],
      ['created', `${p.createdAt.toISOString()} by ${p.createdBy}`],
      ['expires', p.expiresAt.toISOString()],
      ['content hash', p.contentHash],
      ['rollout', `canary ${r.canarySize}, batches of ${r.batchSize}, pause ${r.pauseSeconds} s, cpu < ${r.health.maxCpuPercent}%, memory < ${r.health.maxMemoryPercent}%, ${r.haltPolicy}`],
      ...(p.approval ? ([['approved', `${p.approval.approvedAt.toISOString()} by ${p.approval.approvedBy}${p.approval.comment ? ` (${p.approval.comment})` : ''}`]] as [string, string][]) : []),
    ]),
  ];
  const batches = Math.max(0, ...p.steps.map((s) => s.batch)) + 1;
  for (const s of p.steps) {
    const preview = s.preview;
    // Counted from 1, as `plan status` and the execution log name batches; the JSON keeps the index.
    lines.push('', paint('bold', `## ${s.deviceId} (batch ${s.batch + 1}/${batches}, ${s.status})${preview ? `: ${preview.summary}` : ''}`));
    if (!preview) continue;
    lines.push(`  risk: ${paint(preview.risk === 'low' ? 'green' : preview.risk === 'medium' ? 'yellow' : 'red', preview.risk)}`);
    if (!preview.changed) lines.push('  no change: the device already holds it');
    for (const line of preview.diff) lines.push(paint(/ remove /.test(line) ? 'red' : 'green', `  ${/ remove /.test(line) ? '-' : '+'} ${line}`));
    for (const t of preview.touched) {
      if (!t.before || !t.after) continue;
      for (const key of Object.keys(t.after).filter((k) => t.before![k] !== t.after![k])) {
        lines.push(paint('red', `    - ${t.menu} ${key}=${t.before[key] ?? ''}`), paint('green', `    + ${t.menu} ${key}=${t.after[key]}`));
      }
    }
    for (const v of preview.verdicts.filter((v) => v.status !== 'not_applicable')) lines.push(`  ${paint(v.status === 'pass' ? 'green' : 'red', v.status.padEnd(4))} ${v.ruleId}: ${v.message}`);
  }
  if (p.excluded.length > 0) lines.push('', paint('bold', 'excluded'), ...p.excluded.map((e) => `  ${e.deviceId}: ${e.reason}`));
  return lines.join('\n');
}
