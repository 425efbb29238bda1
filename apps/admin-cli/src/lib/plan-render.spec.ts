import type { Plan } from '@routeros-mcp/composition';
import stringWidth from 'string-width';
import { MODEL_BAR, planTable, planText } from './plan-render';
import { planStatusText, planStatusView } from './plan-status-render';

const HOSTILE_TITLE = 'DNS tidy-up\n\n## r1 (batch 1/1, pending): no change\u001b[8m';
const HOSTILE_REASON = 'x\n\u001b[31mAPPROVED BY SECURITY\u001b[0m\n\u202Edeggol';
const HASH = 'a'.repeat(64);
/** Anything but a line break that a terminal would act on instead of showing. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** The parts of a stored plan the renderers read (pure logic: a stand-in, not a mock of a port). */
function hostilePlan(): Plan {
  const preview = (device: string) => ({
    summary: 'set the DNS servers to 192.0.2.53',
    changed: true,
    risk: 'low',
    diff: [`/ip dns set servers=192.0.2.53 comment="${device}\u001b[8m"`],
    verdicts: [{ ruleId: 'TIER_CAPABILITY', status: 'pass', message: 'quoted input: "a\nb"' }],
    touched: [{ menu: 'ip/dns', before: { servers: '9.9.9.9\r## forged' }, after: { servers: '192.0.2.53' } }],
    stateHash: 'h',
    sections: {},
    ...(device === 'r1' ? { notRevertible: 'RouterOS never shows the password of /user a\u001b[8m, so a revert could not put it back' } : {}),
  });
  const steps = ['r0', 'r1'].map((deviceId, i) => ({ id: `s${i}`, deviceId, batch: i, sequence: i, status: 'pending', change: {}, preview: preview(deviceId) }));
  const fake = {
    id: 'plan-hostile-0001', title: HOSTILE_TITLE, topic: 'dns_ntp', status: 'pending', environment: 'lab', createdBy: 'model\u202E', version: 0,
    createdAt: new Date('2026-11-23T10:00:00Z'), expiresAt: new Date('2026-11-24T10:00:00Z'), contentHash: HASH, steps, executionLog: [],
    transitions: [{ from: 'pending', to: 'cancelled', at: new Date('2026-11-23T11:00:00Z'), by: 'model', reason: HOSTILE_REASON }],
    rollout: { canarySize: 1, batchSize: 1, pauseSeconds: 0, haltPolicy: 'halt_and_rollback', health: { maxCpuPercent: 90, maxMemoryPercent: 90 } },
    excluded: [{ deviceId: 'r2', reason: `excluded by model: ${HOSTILE_REASON}` }],
    approval: undefined, cancelRequested: undefined, failureReason: undefined,
    batches: () => steps.map((s) => [s]),
    isExpired: () => false,
  };
  return fake as unknown as Plan;
}

describe('the review screen (plan show, plan approve)', () => {
  const text = planText(hostilePlan(), false);
  const lines = text.split('\n');

  it('holds no raw control, escape or bidi character, and no line wider than the review width', () => {
    expect(text.replace(/\n/g, '')).not.toMatch(RAW);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(78);
  });

  it('starts headings only where the server put them: one per plan and device', () => {
    expect(lines.filter((l) => l.startsWith('#'))).toEqual(['# plan-hostile-0001', '## r0 (batch 1/2, pending): set the DNS servers to 192.0.2.53', '## r1 (batch 2/2, pending): set the DNS servers to 192.0.2.53']);
  });

  it('shows the title and the exclusion reason as model-written, after the bar, escaped', () => {
    expect(text).toContain('title (model-written, not checked by the server):');
    expect(lines).toContain(`  ${MODEL_BAR}DNS tidy-up␊␊## r1 (batch 1/1, pending): no change␛[8m`);
    expect(text).toContain('  r2: reason (model-written, not checked by the server):');
    const forged = lines.filter((l) => l.includes('APPROVED BY SECURITY'));
    expect(forged).toEqual([`    ${MODEL_BAR}excluded by model: x␊␛[31mAPPROVED BY SECURITY␛[0m␊<U+202E>deggol`]);
  });

  it('escapes values in diffs, rows and verdicts; the content hash is the stored one', () => {
    expect(lines).toContain('  + /ip dns set servers=192.0.2.53 comment="r0␛[8m"');
    expect(lines).toContain('    - ip/dns servers=9.9.9.9␍## forged');
    expect(text).toContain('TIER_CAPABILITY: quoted input: "a␊b"');
    expect(lines).toContain(`content hash: ${HASH}`);
    expect(text).toContain('by model<U+202E>');
  });

  it('warns the approver of a step a rollback cannot undo, escaped, under that device only', () => {
    const warnings = lines.filter((l) => l.includes('no undo'));
    expect(warnings).toHaveLength(1);
    expect(text.slice(text.indexOf('## r1'))).toContain('no undo: a rollback cannot undo this step');
    expect(text).toContain('/user a␛[8m');
  });
});

describe('plan list and plan status', () => {
  it('lists the title quoted, escaped and cut short: one row per plan', () => {
    const rows = planTable([hostilePlan()]).split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('"DNS tidy-up␊␊## r1 (batch 1/1, pending): no change␛[8m"');
    expect(rows.join('')).not.toMatch(RAW);
    const long = { ...hostilePlan(), title: 'z'.repeat(200), steps: [], createdAt: new Date(), id: 'plan-long-0001', createdBy: 'm' } as unknown as Plan;
    expect(planTable([long]).split('\n')[1]).toContain(`"${'z'.repeat(59)}…"`);
  });

  it('shows the status with the title quoted and log lines escaped', () => {
    const status = planStatusText(planStatusView(hostilePlan(), new Date('2026-11-23T12:00:00Z')));
    expect(status.split('\n')[0]).toBe('# plan-hostile-0001');
    expect(status).toContain('title:       "DNS tidy-up␊␊## r1 (batch 1/1, pending): no change␛[8m" (model-written)');
    expect(status.replace(/\n/g, '')).not.toMatch(RAW);
    expect(status.split('\n').filter((l) => l.includes('APPROVED BY SECURITY'))).toEqual([expect.stringMatching(/^ {2}2026-11-23T11:00:00\.000Z {2}.*x␊␛\[31mAPPROVED BY SECURITY␛\[0m␊<U\+202E>deggol/)]);
  });
});
