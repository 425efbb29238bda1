import type { Logger } from '@routeros-mcp/application-ports';
import type { Environment } from '@routeros-mcp/domain-kernel';
import type { LedJob } from '../jobs/singular-job';
import type { InterruptedChangeRecovery, RecoveryResult } from './interrupted-change-recovery';
import type { CallRecoveryResult, InterruptedCallRecovery } from '../interrupted-call-recovery';
import type { NeedsAttentionRecheck, RecheckResult } from './needs-attention-recheck';
import { sharedAbortController } from '../shared-abort';

export interface RecoverySchedule {
  /** Between sweeps; the first runs at once. 0: one sweep only. */
  intervalMs: number;
  environment: Environment;
}

/**
 * What a sweep looks at besides interrupted changes: changes left needing attention, re-checked once their device
 * answers again, and the audit records of calls a dead process left `started`.
 */
export interface SweptAlongside {
  rechecks?: NeedsAttentionRecheck;
  calls?: InterruptedCallRecovery;
}

/**
 * Sweeps for interrupted changes now and then every `intervalMs` (one sweep at a time), in the background: a start-up
 * never waits for it. The calls' records come after the changes, so their notes name the changes' end states. `stop` ends the schedule and aborts a running sweep between its writes, waiting no longer than
 * it is told to; what a stopped sweep leaves is taken up by the next one, in this process or another.
 */
export class InterruptedChangeSweeper implements LedJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private readonly abort = sharedAbortController();

  constructor(
    private readonly recovery: InterruptedChangeRecovery,
    private readonly schedule: RecoverySchedule,
    private readonly logger: Logger,
    private readonly alongside: SweptAlongside = {},
  ) {}

  start(): this {
    this.run();
    return this;
  }

  /** The sweep running now, if any (for tests and shutdown). */
  get current(): Promise<void> | undefined {
    return this.running;
  }

  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (!this.running) return;
    this.abort.abort(new Error('the process is stopping'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  private run(): void {
    if (this.stopped) return;
    this.running = this.sweepAll()
      .catch((error: unknown) => {
        if (!this.stopped) this.logger.warn('interrupted-change sweep failed', { error: (error as Error).message });
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped || this.schedule.intervalMs <= 0) return;
        this.timer = setTimeout(() => this.run(), this.schedule.intervalMs);
        this.timer.unref();
      });
  }

  private async sweepAll(): Promise<void> {
    const signal = this.abort.signal;
    const environment = this.schedule.environment;
    const changes = await this.recovery.sweep({ environment, signal });
    const rechecks = this.alongside.rechecks && !signal.aborted ? await this.alongside.rechecks.sweep({ environment, signal }) : [];
    const calls = this.alongside.calls && !signal.aborted ? await this.alongside.calls.sweep({ signal }) : [];
    this.report(changes, rechecks, calls);
  }

  private report(results: RecoveryResult[], rechecks: RecheckResult[], calls: CallRecoveryResult[]): void {
    const settled = results.filter((r) => r.result === 'settled').length;
    const waiting = results.filter((r) => r.result === 'unreachable').length;
    const rechecked = rechecks.filter((r) => r.result === 'reverted' || r.result === 'recorded').length;
    const callsSettled = calls.filter((r) => r.result === 'settled').length;
    this.logger[settled || waiting || rechecked || callsSettled ? 'info' : 'debug']('interrupted-change sweep done', { looked_at: results.length, settled, unreachable: waiting, rechecked, call_records_settled: callsSettled });
  }
}
