import type { Plan } from '@routeros-mcp/composition';
import { PassThrough } from 'node:stream';
import { planStatusText, planStatusView } from './plan-status-render';
import { lineRenderer, watchPlan } from './plan-watch';

type Step = { id: string; deviceId: string; batch: number; status: string; error?: string };
type Entry = { at: Date; kind: string; message: string; ok?: boolean; batch?: number };

/** The parts of a plan the status reads (pure logic: a stand-in, not a mock of a port). */
function planAt(version: number, status: string, steps: Step[], executionLog: Entry[] = [], extra: Partial<Record<'failureReason', string>> = {}): Plan {
  const fake = {
    id: 'plan-test', title: 'set the DNS servers', topic: 'dns_ntp', status, version, steps, executionLog, transitions: [],
    rollout: { canarySize: 1, batchSize: 2, pauseSeconds: 0, haltPolicy: 'halt_and_rollback', health: { maxCpuPercent: 90, maxMemoryPercent: 90 } },
    cancelRequested: undefined, failureReason: extra.failureReason,
    batches: () => steps.reduce<Step[][]>((all, s) => ((all[s.batch] ??= []).push(s), all), []),
    isExpired: () => false,
  };
  return fake as unknown as Plan;
}

const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, s));
const steps = (...statuses: string[]): Step[] => statuses.map((status, i) => ({ id: `s${i}`, deviceId: `r${i}`, batch: i === 0 ? 0 : 1, status }));

describe('plan status', () => {
  it('counts each batch: applied, failed, rolled back, the gate', () => {
    const view = planStatusView(planAt(3, 'rolling_back', steps('rolled_back', 'succeeded', 'failed'), [{ at: at(1), kind: 'gate', message: 'batch 1/2: health gate passed on 1 device(s)', ok: true, batch: 0 }], { failureReason: 'x' }));
    expect(view.batches.map((b) => [b.batch, b.canary, b.applied, b.failed, b.rolledBack, b.gate])).toEqual([[1, true, 0, 0, 1, 'passed'], [2, false, 1, 1, 0, null]]);
    expect(view.final).toBe(false);
    expect(planStatusText(view)).toMatch(/^1\/2 canary +r0 +1\/1 +0 +0 +1 +passed$/m);
  });
});

describe('watching a plan', () => {
  it('shows a line per change, every log entry once and in order even when a read missed a state, and ends at a final status', async () => {
    const log: Entry[] = [];
    const reads = [
      planAt(1, 'approved', steps('pending', 'pending', 'pending')),
      planAt(1, 'approved', steps('pending', 'pending', 'pending')),
      planAt(2, 'executing', steps('running', 'pending', 'pending')),
      // Two entries written between two reads: both still shown.
      planAt(5, 'executing', steps('succeeded', 'running', 'pending'), (log.push({ at: at(1), kind: 'step', message: 'batch 1/2: r0 applied and verified' }, { at: at(2), kind: 'gate', message: 'batch 1/2: health gate passed on 1 device(s)', ok: true, batch: 0 }), [...log])),
      planAt(9, 'completed', steps('succeeded', 'succeeded', 'succeeded'), [...log, { at: at(3), kind: 'gate', message: 'batch 2/2: health gate passed on 2 device(s)', ok: true, batch: 1 }]),
    ];
    const out = new PassThrough();
    let text = '';
    out.on('data', (d) => (text += d));
    let i = 0;
    const end = await watchPlan(async () => reads[Math.min(i++, reads.length - 1)], lineRenderer(out, 'plan-test'), { intervalMs: 1 });
    expect(end).toMatchObject({ status: 'completed', final: true });
    expect(i).toBe(reads.length);
    expect(text.trim().split('\n')).toEqual([
      'status plan-test approved 0/3 | batch 1/2 (canary): 0/1 done | batch 2/2: 0/2 done',
      'status plan-test executing 0/3 | batch 1/2 (canary): 0/1 done (1 running) | batch 2/2: 0/2 done',
      'log 2026-11-23T12:00:01.000Z  batch 1/2: r0 applied and verified',
      'log 2026-11-23T12:00:02.000Z  batch 1/2: health gate passed on 1 device(s)',
      'status plan-test executing 1/3 | batch 1/2 (canary): 1/1 done (1 applied, gate passed) | batch 2/2: 0/2 done (1 running)',
      'log 2026-11-23T12:00:03.000Z  batch 2/2: health gate passed on 2 device(s)',
      'status plan-test completed 3/3 | batch 1/2 (canary): 1/1 done (1 applied, gate passed) | batch 2/2: 2/2 done (2 applied, gate passed)',
    ]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const watching = watchPlan(async () => (controller.abort(), planAt(1, 'executing', steps('running'))), lineRenderer(new PassThrough(), 'plan-test'), { intervalMs: 60_000, signal: controller.signal });
    await expect(watching).rejects.toThrow(/abort/i);
  });
});
