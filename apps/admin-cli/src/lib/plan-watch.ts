import type { ExecutionLogLine, Plan } from './composition';
import { displayJson, executionLogOf } from './composition';
import type { SingleBar } from 'cli-progress';
import type * as CliProgress from 'cli-progress';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { write } from './cli-io';
import { BatchProgress, batchDetail, batchLabel, logLineJson, logLineText, planStatusJson, planStatusView, PlanStatusView, settledOf, statusLine } from './plan-status-render';

export const DEFAULT_WATCH_INTERVAL_MS = 500;

/** What a watch shows: every change of the plan, with the log entries written since the last. */
export interface PlanWatchRenderer {
  update(view: PlanStatusView, newLog: readonly ExecutionLogLine[]): void;
  /** The plan reached a final status (or the watch was stopped): leave the screen as it is. */
  stop(): void;
}

const fingerprint = (plan: Plan) => `${plan.version}|${plan.status}|${plan.steps.map((s) => s.status).join(',')}`;
const logKey = (line: ExecutionLogLine) => `${line.at.getTime()}|${line.kind}|${line.message}`;

/**
 * Follows a plan from another process by reading it at an interval (the server that runs the rollout commits every
 * transition, so the database is the one source of truth on SQLite and PostgreSQL alike). Shows the plan at once, then
 * each change, and answers its view once the plan will not move any more.
 */
export async function watchPlan(read: () => Promise<Plan>, renderer: PlanWatchRenderer, options: { intervalMs?: number; signal?: AbortSignal } = {}): Promise<PlanStatusView> {
  const seen = new Set<string>();
  let last: string | undefined;
  try {
    for (;;) {
      const plan = await read();
      const view = planStatusView(plan);
      if (fingerprint(plan) !== last || view.final) {
        last = fingerprint(plan);
        // Every entry written since the last read, in order: a read that missed a state still shows what happened in it.
        const fresh = executionLogOf({ transitions: plan.transitions, executionLog: plan.executionLog }).filter((line) => !seen.has(logKey(line)));
        for (const line of fresh) seen.add(logKey(line));
        renderer.update(view, fresh);
      }
      if (view.final) return view;
      await sleep(options.intervalMs ?? DEFAULT_WATCH_INTERVAL_MS, undefined, options.signal ? { signal: options.signal } : undefined);
    }
  } finally {
    renderer.stop();
  }
}

/**
 * Off a terminal: one plain line per change, the new log entries first (`log …`), then the plan's status and every
 * batch's progress (`status …`) when they changed. Greppable; nothing is redrawn.
 */
export function lineRenderer(out: Writable, planId: string): PlanWatchRenderer {
  let shown: string | undefined;
  return {
    update(view, newLog) {
      for (const line of newLog) write(out, `log ${logLineText(line)}`);
      const status = statusLine(view);
      if (status !== shown) write(out, `status ${planId} ${status}`);
      shown = status;
    },
    stop: () => undefined,
  };
}

/** With --json: one JSON object per change (JSON Lines), the full status and the log entries new since the last. */
export function jsonLinesRenderer(out: Writable): PlanWatchRenderer {
  return {
    update: (view, newLog) => write(out, displayJson({ ...planStatusJson(view), new_log: newLog.map(logLineJson) })),
    stop: () => undefined,
  };
}

/**
 * On a terminal: a progress bar per batch (devices done of the batch), the log entries printed above the bars. Ctrl+C
 * is the caller's to handle (abort the watch: `stop` restores the cursor), not cli-progress's gracefulExit, which
 * would swallow the signal and leave the watch running.
 */
export function barRenderer(out: Writable, planId: string): PlanWatchRenderer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, like ./composition
  const { MultiBar, Presets } = require('cli-progress') as typeof CliProgress;
  const multi = new MultiBar(
    { stream: out, format: ' {label} [{bar}] {value}/{total} {state}', barsize: 24, hideCursor: true, clearOnComplete: false, autopadding: true },
    Presets.shades_classic,
  );
  const head = multi.create(0, 0, { label: planId, state: '' }, { format: ' {label}: {state}' });
  let bars: SingleBar[] = [];
  return {
    update(view, newLog) {
      for (const line of newLog) multi.log(`${logLineText(line)}\n`);
      head.update(view.done, { label: planId, state: `${view.status} ${view.done}/${view.total}` });
      const width = Math.max(...view.batches.map((b) => batchLabel(b).length));
      const label = (b: BatchProgress) => batchLabel(b).padEnd(width);
      if (bars.length === 0) bars = view.batches.map((b) => multi.create(b.devices.length, 0, { label: label(b), state: '' }));
      view.batches.forEach((b, i) => bars[i]?.update(settledOf(b), { label: label(b), state: batchDetail(b) }));
    },
    stop() {
      // A last redraw first: log lines are buffered until the next one, and stop() alone does not flush them.
      multi.update();
      multi.stop();
    },
  };
}
