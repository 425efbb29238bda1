import type { Clock, EventBus, JobLeader, Leadership, Logger, PlanExecutor, PlanRepository, Principal } from '@routeros-mcp/application-ports';
import {
  Clock as ClockToken,
  EventBus as EventBusToken,
  JobLeader as JobLeaderToken,
  Logger as LoggerToken,
  PlanRepository as PlanRepositoryToken,
} from '@routeros-mcp/application-ports';
import type { Plan } from '@routeros-mcp/domain-plans';
import { inject, injectable } from '@routeros-mcp/inversify';
import { AuditRecorder } from '../audit-recorder';
import { PlanLedger } from './plan-ledger';
import { RolloutRunner } from './rollout-runner';
import { RolloutSettings } from './rollout-settings';
import { sharedAbortController } from '../shared-abort';

interface Run {
  soft: AbortController;
  hard: AbortController;
  done: Promise<void>;
}

/** The job key a process leads while it runs a plan. */
export const planJobKey = (planId: string) => `plan:${planId}`;

/**
 * Who runs which plan: every process looks for `executing` and `rolling_back` plans at start, every scan interval and
 * when told (`planStarted`), and runs each one it can lead (`plan:<id>`: a PostgreSQL advisory lock, a lease row on
 * SQLite, so exactly one process of those sharing the database runs a plan). A run whose leadership is lost
 * stops at the next step boundary; the process that takes the plan over resumes it from its records.
 */
@injectable()
export class PlanExecution implements PlanExecutor {
  private readonly runs = new Map<string, Run | 'trying'>();
  private timer?: NodeJS.Timeout;
  private started = false;
  private stopped = false;
  private scanning?: Promise<void>;

  constructor(
    @inject(PlanRepositoryToken) private readonly plans: PlanRepository,
    @inject(RolloutRunner) private readonly runner: RolloutRunner,
    @inject(JobLeaderToken) private readonly jobs: JobLeader,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
    @inject(EventBusToken) private readonly events: EventBus,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(RolloutSettings) private readonly settings: RolloutSettings,
  ) {}

  /** Picks up plans left running (a dead process's, or this one's before a restart) now and every scan interval. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.scan();
    this.timer = setInterval(() => this.scan(), this.settings.scanIntervalMs);
    this.timer.unref();
  }

  /** PlanExecutor: the plan service committed a plan as `executing`. A process that runs no plans (the admin CLI) leaves it to the scan of one that does. */
  async planStarted(plan: Plan): Promise<void> {
    if (!this.started || this.stopped) return;
    void this.tryRun(plan.id);
  }

  /**
   * `plan_rollback`: undoes a plan that ended `completed`, or `failed` (halted and held, halted by the `continue` policy's
   * failures, or a rollback left incomplete), every applied device from its recorded change, newest first; answers the plan
   * `rolling_back` at once (progress follows as for a rollout).
   */
  async rollback(planId: string, principal: Principal, correlationId?: string): Promise<Plan> {
    return this.recorder.runCommitted({ principal, action: 'plan.rollback', planId, correlationId }, async (success) => {
      const ledger = await PlanLedger.open(this.plans, planId);
      const plan = await ledger.commit((p) => p.beginRollback(principal.id, `rollback asked by ${principal.id}`, this.clock.now()), success);
      await this.events.publish({ type: 'plan.changed', planId, status: plan.status });
      if (this.started && !this.stopped) void this.tryRun(planId);
      return plan;
    });
  }

  /**
   * Runs one plan here to its end, or its next stop, without looking for any other (the admin CLI's `plan rollback`:
   * a person undoing a plan with no server running). False when another process leads it and runs it instead.
   */
  async follow(planId: string): Promise<boolean> {
    await this.tryRun(planId);
    const run = this.runs.get(planId);
    if (run === undefined || run === 'trying') return false;
    await run.done;
    return true;
  }

  /** True while this process runs the plan. */
  isRunning(planId: string): boolean {
    const run = this.runs.get(planId);
    return run !== undefined && run !== 'trying';
  }

  /**
   * Stops every run at its next step boundary; device steps still in flight after `graceMs` are aborted (the change
   * pipeline undoes them; the step stays running and the next process reconciles it). Lets go of the plans.
   */
  async stop(graceMs = this.settings.stopGraceMs): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.scanning;
    const runs = [...this.runs.values()].filter((r): r is Run => r !== 'trying');
    for (const run of runs) run.soft.abort(new Error('the service is stopping'));
    const all = Promise.all(runs.map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([all.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs)))]);
    clearTimeout(timer);
    if (late) {
      this.logger.warn('plan steps still in flight at shutdown are aborted; the next process resumes their plans', { plans: [...this.runs.keys()] });
      for (const run of runs) run.hard.abort(new Error('the service is stopping'));
      await all;
    }
  }

  private scan(): void {
    if (this.scanning || this.stopped) return;
    this.scanning = (async () => {
      try {
        for (const status of ['executing', 'rolling_back'] as const) {
          for (const plan of await this.plans.list({ status, limit: 200 })) void this.tryRun(plan.id);
        }
      } catch (error) {
        this.logger.warn('looking for plans to run failed; trying again later', { error: (error as Error).message });
      }
    })().finally(() => (this.scanning = undefined));
  }

  private async tryRun(planId: string): Promise<void> {
    if (this.runs.has(planId) || this.stopped) return;
    this.runs.set(planId, 'trying');
    let leadership: Leadership | undefined;
    try {
      leadership = await this.jobs.tryLead(planJobKey(planId));
      if (!leadership) this.logger.debug('plan led by another process; not run here', { plan_id: planId });
    } catch (error) {
      this.logger.warn('plan could not be led; trying again later', { plan_id: planId, error: (error as Error).message });
    }
    if (!leadership || this.stopped) {
      this.runs.delete(planId);
      await leadership?.release();
      return;
    }
    // Every device request of the run listens on these (a batch of ten devices, a few requests each).
    const soft = sharedAbortController();
    const hard = sharedAbortController();
    const lost = () => {
      this.logger.warn('plan lost here (its job session ended or its lease ran out); stopping at the next step boundary', { plan_id: planId });
      soft.abort(new Error('leadership lost'));
    };
    leadership.lost.addEventListener('abort', lost, { once: true });
    const held = leadership;
    this.logger.info('plan runs here', { plan_id: planId });
    const done = this.runner
      .run(planId, { soft: soft.signal, hard: hard.signal })
      .then(
        (outcome) => this.logger.info(outcome === 'finished' ? 'plan run ended' : 'plan run stopped; the plan resumes where it is', { plan_id: planId }),
        (error: unknown) => this.logger.error('plan run failed; the plan resumes at the next scan', { plan_id: planId, error }),
      )
      .finally(async () => {
        held.lost.removeEventListener('abort', lost);
        await held.release().catch(() => undefined);
        this.runs.delete(planId);
      });
    this.runs.set(planId, { soft, hard, done });
  }
}
