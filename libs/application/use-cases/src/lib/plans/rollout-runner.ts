import type { ChangeRepository, Clock, DataKeys, EventBus, Logger, PlanRepository, Principal, SecretCipher } from '@routeros-mcp/application-ports';
import {
  ChangeRepository as ChangeRepositoryToken,
  Clock as ClockToken,
  DataKeys as DataKeysToken,
  EventBus as EventBusToken,
  Logger as LoggerToken,
  PlanRepository as PlanRepositoryToken,
  SecretCipher as SecretCipherToken,
} from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { isDomainError } from '@routeros-mcp/domain-kernel';
import type { ExecutionLogEntry, GateVerdict, Plan, PlanStep, PlanTopic, StepReconciliation } from '@routeros-mcp/domain-plans';
import { evaluateHealthGate, planTopic, reconcileStep } from '@routeros-mcp/domain-plans';
import { inject, injectable } from '@routeros-mcp/inversify';
import { randomUUID } from 'node:crypto';
import type { ChangeHistory } from '../changes/change-history';
import { ChangeHistory as ChangeHistoryToken } from '../changes/change-history';
import type { ChangeRunner } from '../changes/change-runner';
import { ChangeRunner as ChangeRunnerToken } from '../changes/change-runner';
import { AuditRecorder } from '../audit-recorder';
import { NeedsAttentionRecheck } from '../changes/needs-attention-recheck';
import { PlanLedger } from './plan-ledger';
import type { PlanSecretCipher } from './plan-data-key';
import { planSecretCipher } from './plan-data-key';
import { stepInput } from './plan-secrets';
import { requiredFlag } from './plan-step-flag';
import { PlanStepInputs } from './plan-step-inputs';
import { RolloutHealthSampler } from './rollout-health-sampler';
import { RolloutSettings } from './rollout-settings';

/** How a run of the runner ended: the plan reached an end (or needs no runner), or the run was stopped and another resumes it. */
export type RolloutRunOutcome = 'finished' | 'stopped';

/** A stop asked of a run: `soft` ends it at the next step boundary; `hard` aborts the device steps still in flight. */
export interface RolloutStop {
  soft: AbortSignal;
  hard: AbortSignal;
}

const SETTLED = new Set(['succeeded', 'failed', 'skipped', 'rolled_back', 'rollback_failed']);
const IN_FLIGHT = new Set(['proposed', 'applying', 'revert_pending']);
const causeOf = (error: unknown) => (isDomainError(error) ? `${error.code}: ${error.message}` : 'internal error');
/**
 * How often a step's undo is written in all when it does not stay (undone again on the device: a connection lost
 * after it, a device gone silent whose safe mode or revert timer restored the plan's value); then the step fails.
 */
const UNDO_ATTEMPTS = 3;
/**
 * How often a step whose change this process stopped at its fence (paused past the lease) re-checks that change
 * when recovery left it `needs_attention` (found in effect: the paused process still held its safe-mode session).
 * Dropped unreleased at the fence, the session's change is undone by RouterOS at once; a few re-checks, recheckMs
 * apart, confirm it before the step is failed.
 */
const LEASE_LOST_RECHECKS = 5;

/** A change (a step's, or an undo's) this run stopped at its fence, and the re-checks of it left. */
interface LostLease { changeId?: string; rechecks: number }

/** Thrown inside a commit to leave the plan as it is: a cancel was asked, the step is not started. */
class CancelAsked extends Error {}

/**
 * Runs one plan's rollout to its end, durably: every transition of the plan and of each device step is committed
 * before the next action, and a step's change id is committed before its change runs, so a run that dies is resumed
 * by the next from the records alone (running steps reconciled from their change record: never applied twice).
 * Canary batch, then batches, devices of a batch at once (bounded); after each batch the health gate, then the pause.
 * A failed step or gate applies the plan's halt policy. Exactly one process must run a given plan (PlanExecution
 * leads `plan:<id>` before calling `run`).
 */
@injectable()
export class RolloutRunner {
  constructor(
    @inject(PlanRepositoryToken) private readonly plans: PlanRepository,
    @inject(ChangeRunnerToken) private readonly changes: ChangeRunner,
    @inject(ChangeHistoryToken) private readonly history: ChangeHistory,
    @inject(ChangeRepositoryToken) private readonly records: ChangeRepository,
    @inject(RolloutHealthSampler) private readonly sampler: RolloutHealthSampler,
    @inject(EventBusToken) private readonly events: EventBus,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(RolloutSettings) private readonly settings: RolloutSettings,
    @inject(SecretCipherToken) private readonly cipher: SecretCipher,
    @inject(DataKeysToken) private readonly dataKeys: DataKeys,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
    @inject(PlanStepInputs) private readonly stepInputs: PlanStepInputs,
    @inject(NeedsAttentionRecheck) private readonly rechecks: NeedsAttentionRecheck,
  ) {}

  /** Runs the plan from where its records say it is, until it ends or `stop.soft` is aborted. */
  async run(planId: string, stop: RolloutStop): Promise<RolloutRunOutcome> {
    const ledger = await PlanLedger.open(this.plans, planId);
    for (;;) {
      const status = ledger.plan.status;
      let outcome: RolloutRunOutcome | 'again';
      if (status === 'executing') outcome = await this.rollOut(ledger, stop);
      else if (status === 'rolling_back') outcome = await this.rollBack(ledger, stop);
      else return 'finished';
      if (outcome !== 'again') return outcome;
    }
  }

  // ---- rollout ----

  private async rollOut(ledger: PlanLedger, stop: RolloutStop): Promise<RolloutRunOutcome | 'again'> {
    const topic = planTopic(ledger.plan.topic);
    const batches = ledger.plan.batches();
    for (const [index, batch] of batches.entries()) {
      const label = `batch ${index + 1}/${batches.length}`;
      await this.forEachBounded(batch, (step) => this.runStep(ledger, step.id, topic, label, stop));
      if (stop.soft.aborted) return 'stopped';
      const plan = ledger.plan;
      if (plan.cancelRequested && plan.steps.some((s) => s.status === 'pending')) {
        // A step started before the cancel (in a later batch, when a run died mid-batch) is finished first.
        if (!plan.steps.some((s) => s.status === 'running')) return this.finishCancelled(ledger);
        continue;
      }
      const steps = plan.steps.filter((s) => s.batch === index);
      if (steps.some((s) => s.status === 'running' || s.status === 'pending')) return 'stopped';
      const failed = steps.filter((s) => s.status === 'failed');
      const carryOn = plan.rollout.haltPolicy === 'continue';
      if (failed.length > 0 && !carryOn) return this.halt(ledger, `${label}: ${failed.map((s) => `${s.deviceId} failed (${s.error ?? 'no reason'})`).join('; ')}`);
      // A gate already recorded for this batch (before a restart) is not taken again.
      if (!plan.executionLog.some((e) => e.kind === 'gate' && e.batch === index)) {
        const verdict = await this.gate(ledger, index, label, steps.filter((s) => s.status === 'succeeded'), topic, stop);
        if (!verdict.passed && !carryOn) return this.halt(ledger, `${label}: health gate failed on ${verdict.failures.map((f) => `${f.deviceId} (${f.reasons.join(', ')})`).join('; ')}`);
      }
      if (index < batches.length - 1 && plan.rollout.pauseSeconds > 0) {
        // Counted from the gate, so a run resumed mid-pause waits only what is left of it.
        const gateAt = ledger.plan.executionLog.find((e) => e.kind === 'gate' && e.batch === index)?.at ?? this.clock.now();
        const outcome = await this.pause(ledger, plan.rollout.pauseSeconds * 1000 - (this.clock.now().getTime() - gateAt.getTime()), stop.soft);
        if (outcome === 'stopped') return 'stopped';
        if (outcome === 'cancelled') return this.finishCancelled(ledger);
      }
    }
    const failed = ledger.plan.steps.filter((s) => s.status === 'failed');
    if (failed.length > 0) {
      await this.transition(ledger, (p) => p.fail(`${failed.length} step(s) failed (halt policy continue): ${failed.map((s) => s.deviceId).join(', ')}`, this.clock.now()));
    } else {
      await this.transition(ledger, (p) => p.complete(this.clock.now()));
    }
    return 'finished';
  }

  /** One device's step: started (its change id committed), or resumed from its change record; then run and committed. */
  private async runStep(ledger: PlanLedger, stepId: string, topic: PlanTopic, label: string, stop: RolloutStop): Promise<void> {
    const lost: LostLease = { rechecks: LEASE_LOST_RECHECKS };
    for (;;) {
      const step = this.stepOf(ledger.plan, stepId);
      if (SETTLED.has(step.status)) return;
      // The step boundary: nothing new starts once a stop or a cancel was asked (a step started before is finished).
      if (stop.soft.aborted || (step.status === 'pending' && ledger.plan.cancelRequested)) return;
      let changeId: string;
      if (step.status === 'pending') {
        changeId = randomUUID();
        try {
          await ledger.commit((p) => {
            if (p.cancelRequested) throw new CancelAsked();
            p.startStep(stepId, this.clock.now(), changeId);
          });
        } catch (error) {
          if (error instanceof CancelAsked) return;
          throw error;
        }
      } else {
        // Running: a run before this one died with it. Where does its change stand?
        const found = await this.reconcile(step);
        if (found.kind === 'needs_attention') {
          // Once confirmed undone the step is redone as after a dead run, instead of failed with a plan and a device
          // that disagree.
          const again = await this.recheckLost(lost, step.changeId, ledger.plan.id, stop);
          if (again === 'pending' && !(await this.sleep(this.settings.recheckMs, stop.soft))) return;
          if (again !== 'no') continue;
        }
        if (found.kind === 'succeeded') return this.finishStep(ledger, step, { ok: true }, label, `${step.deviceId} applied and verified (found after a restart, change ${step.changeId})`);
        if (found.kind === 'needs_attention') return this.finishStep(ledger, step, { ok: false, error: `needs attention: ${found.reason}` }, label);
        if (found.kind === 'wait') {
          this.logger.info('plan step waits for its change to settle', { plan_id: ledger.plan.id, step_id: stepId, device_id: step.deviceId, change_id: step.changeId, reason: found.reason });
          if (!(await this.sleep(this.settings.recheckMs, stop.soft))) return;
          continue;
        }
        changeId = randomUUID();
        this.logger.info('plan step runs again under a new change id', { plan_id: ledger.plan.id, step_id: stepId, device_id: step.deviceId, previous: step.changeId, change_id: changeId, reason: found.reason });
        await ledger.commit((p) => p.retryStep(stepId, changeId, this.clock.now()));
      }
      const outcome = await this.apply(ledger.plan, this.stepOf(ledger.plan, stepId), changeId, topic, stop.hard);
      if (outcome === 'lease_lost') Object.assign(lost, { changeId, rechecks: LEASE_LOST_RECHECKS });
      if (outcome === 'retry' || outcome === 'lease_lost') {
        if (!(await this.sleep(this.settings.recheckMs, stop.soft))) return;
        continue;
      }
      if (outcome === 'aborted') return;
      const current = this.stepOf(ledger.plan, stepId);
      return this.finishStep(ledger, current, outcome, label, outcome.ok ? `${current.deviceId} ${outcome.changed ? 'applied and verified' : 'already as planned'}` : undefined);
    }
  }

  /** The change of one step through the pipeline, under the approved plan, with the id committed for it. */
  private async apply(plan: Plan, step: Readonly<PlanStep>, changeId: string, topic: PlanTopic, hard: AbortSignal): Promise<{ ok: true; changed: boolean } | { ok: false; error: string } | 'retry' | 'lease_lost' | 'aborted'> {
    try {
      const input = await this.stepInputs.forDevice(topic, stepInput(topic, step.change, await this.secretsOf(plan)), step.deviceId);
      const result = await this.changes.run({
        principal: this.principalOf(plan), correlationId: randomUUID(), environment: this.settings.environment, deviceId: step.deviceId,
        tool: topic.tool, tier: 'professional', ...requiredFlag(topic, input), planner: topic.planner,
        input, dryRun: false, signal: hard, authority: { kind: 'approved_plan', planId: plan.id, stepId: step.id },
        ...(step.preview ? { expectedStateHash: step.preview.stateHash, expectedStateSections: step.preview.sections } : {}),
        changeId,
      });
      return { ok: true, changed: result.changed };
    } catch (error) {
      // Aborted by a hard stop: the pipeline undid what it had written; the step stays running for the next run.
      if (hard.aborted) return 'aborted';
      // Another writer (or a dead process's lease) holds the device: nothing was recorded; try again later.
      if (isDomainError(error) && error.code === 'CHANGE.CONFLICT' && !(await this.records.get(changeId))) return 'retry';
      // This process was paused past the device's lease and stopped the change: where it stands is read again from
      // its record (crash recovery settles it), as a run taking over from a dead one would.
      if (isDomainError(error) && error.code === 'CHANGE.LEASE_LOST') return 'lease_lost';
      if (!isDomainError(error)) this.logger.error('plan step failed unexpectedly', { plan_id: plan.id, step_id: step.id, device_id: step.deviceId, error });
      return { ok: false, error: causeOf(error) };
    }
  }

  /**
   * The cipher of the plan's step secrets. The plan in hand may carry its data key as sealed before a master key
   * rotation (which re-seals it in the database only, and may retire the key it was sealed with): then the stored
   * one is read.
   */
  private async secretsOf(plan: Plan): Promise<PlanSecretCipher> {
    try {
      return planSecretCipher(plan, this.cipher, this.dataKeys);
    } catch (error) {
      const stored = await this.plans.get(plan.id);
      if (!stored || stored.sealedDataKey === plan.sealedDataKey) throw error;
      return planSecretCipher(stored, this.cipher, this.dataKeys);
    }
  }

  private async reconcile(step: Readonly<PlanStep>): Promise<StepReconciliation> {
    const record = step.changeId ? await this.records.get(step.changeId) : undefined;
    return reconcileStep(record && { status: record.status, ...(record.outcome ? { outcome: record.outcome } : {}) });
  }

  private async finishStep(ledger: PlanLedger, step: Readonly<PlanStep>, outcome: { ok: true } | { ok: false; error: string }, label: string, message?: string): Promise<void> {
    const now = this.clock.now();
    const line = message ?? `${step.deviceId} failed: ${(outcome as { error: string }).error}`;
    const plan = await ledger.commit((p) => {
      p.finishStep(step.id, outcome.ok ? { ok: true } : { ok: false, error: outcome.error }, now);
      p.log(this.entry(now, 'step', `${label}: ${line}`, { ok: outcome.ok, batch: step.batch, stepId: step.id, deviceId: step.deviceId, changeId: step.changeId }));
    });
    await this.progress(plan, `${label}: ${line}`);
  }

  /** The health gate after a batch: every device of it sampled over a new connection; the verdict committed. */
  private async gate(ledger: PlanLedger, index: number, label: string, steps: readonly Readonly<PlanStep>[], topic: PlanTopic, stop: RolloutStop): Promise<GateVerdict> {
    const plan = ledger.plan;
    const cipher = await this.secretsOf(plan);
    const samples = await this.forEachBounded(steps, async (s) => this.sampler.sample(s.deviceId, topic, await this.stepInputs.forDevice(topic, stepInput(topic, s.change, cipher), s.deviceId), stop.hard));
    const verdict = evaluateHealthGate(steps.map((s) => s.deviceId), samples, plan.rollout.health);
    const now = this.clock.now();
    const message = verdict.passed
      ? `${label}: health gate passed on ${steps.length} device(s)`
      : `${label}: health gate failed: ${verdict.failures.map((f) => `${f.deviceId} (${f.reasons.join(', ')})`).join('; ')}`;
    const saved = await ledger.commit((p) => p.log(this.entry(now, 'gate', message, { ok: verdict.passed, batch: index })));
    await this.progress(saved, message);
    return verdict;
  }

  /** Waits between batches; a cancel (read from the stored plan) or a stop ends the wait early. */
  private async pause(ledger: PlanLedger, ms: number, soft: AbortSignal): Promise<'done' | 'stopped' | 'cancelled'> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (!(await this.sleep(Math.min(1_000, until - Date.now()), soft))) return 'stopped';
      if ((await ledger.refresh()).cancelRequested) return 'cancelled';
    }
    return 'done';
  }

  private async halt(ledger: PlanLedger, reason: string): Promise<RolloutRunOutcome | 'again'> {
    const policy = ledger.plan.rollout.haltPolicy;
    this.logger.warn('plan rollout halted', { plan_id: ledger.plan.id, reason, halt_policy: policy });
    if (policy === 'halt_and_rollback') {
      await this.transition(ledger, (p) => p.beginRollback('system', `halted: ${reason}`, this.clock.now()));
      return 'again';
    }
    await this.transition(ledger, (p) => p.fail(`halted (${policy}): ${reason}`, this.clock.now()));
    return 'finished';
  }

  private async finishCancelled(ledger: PlanLedger): Promise<RolloutRunOutcome> {
    if (ledger.plan.steps.some((s) => s.status === 'running')) return 'stopped';
    await this.transition(ledger, (p) => p.finishCancelled(this.clock.now()));
    return 'finished';
  }

  // ---- rollback ----

  /** Undoes every step that changed a device, newest first, each from its change record, and verifies it. */
  private async rollBack(ledger: PlanLedger, stop: RolloutStop): Promise<RolloutRunOutcome> {
    const toUndo = ledger.plan.stepsToRollBack().map((s) => s.id);
    for (const stepId of toUndo) {
      const attempts = { undos: 0, lost: { rechecks: LEASE_LOST_RECHECKS } as LostLease };
      for (;;) {
        if (stop.soft.aborted) return 'stopped';
        const outcome = await this.rollBackStep(ledger, this.stepOf(ledger.plan, stepId), stop, attempts);
        if (outcome === 'wait') {
          if (!(await this.sleep(this.settings.recheckMs, stop.soft))) return 'stopped';
          continue;
        }
        if (outcome === 'aborted') return 'stopped';
        const step = this.stepOf(ledger.plan, stepId);
        const now = this.clock.now();
        const message = `rollback: ${step.deviceId} ${outcome.ok ? outcome.message : `could not be rolled back: ${outcome.message}`}`;
        const saved = await ledger.commit((p) => {
          p.recordRollback(stepId, outcome.ok, now);
          p.log(this.entry(now, 'rollback', message, { ok: outcome.ok, batch: step.batch, stepId, deviceId: step.deviceId, changeId: step.rollbackChangeId }));
        });
        await this.progress(saved, message);
        break;
      }
    }
    await this.transition(ledger, (p) => p.finishRollback(this.clock.now()));
    return 'finished';
  }

  /**
   * One step's undo. Waits (`wait`) while its change, or an undo of it, is still settling: the device's own revert
   * pending (a protected write whose device went silent), or a dead process's change awaiting crash recovery.
   */
  private async rollBackStep(ledger: PlanLedger, step: Readonly<PlanStep>, stop: RolloutStop, attempts: { undos: number; lost: LostLease }): Promise<{ ok: boolean; message: string } | 'wait' | 'aborted'> {
    const original: ChangeRecord | undefined = step.changeId ? await this.records.get(step.changeId) : undefined;
    if (!original) return { ok: true, message: 'had nothing to undo (its step changed nothing)' };
    if (original.status === 'reverted' || original.status === 'failed') return { ok: true, message: `had nothing to undo (its change ${original.status}${original.recheck ? ', confirmed once the device answered again' : ''})` };
    if (IN_FLIGHT.has(original.status)) return 'wait';
    if (step.rollbackChangeId) {
      // An undo started before (by a run that died, or one the device then undid by itself): where does it stand?
      const undo = await this.records.get(step.rollbackChangeId);
      if (undo?.status === 'verified') return { ok: true, message: 'restored and verified (found after a restart)' };
      if (undo && IN_FLIGHT.has(undo.status)) return 'wait';
      if (undo?.status === 'needs_attention') {
        // An undo this run stopped at its fence, found in effect by recovery: undone by RouterOS, it is written again.
        if ((await this.recheckLost(attempts.lost, undo.id, ledger.plan.id, stop)) !== 'no') return 'wait';
        return { ok: false, message: `needs attention: ${undo.outcome ?? 'the undo could not be confirmed'}` };
      }
      // Reverted or failed: the undo did not stay; the device holds the step's change, so it is undone again below.
    }
    attempts.undos++;
    const undoId = randomUUID();
    await ledger.commit((p) => p.startRollbackStep(step.id, undoId));
    const plan = ledger.plan;
    try {
      const result = await this.history.revert({
        principal: this.principalOf(plan), correlationId: randomUUID(), environment: this.settings.environment, changeId: original.id,
        dryRun: false, signal: stop.hard, authority: { kind: 'approved_plan', planId: plan.id, stepId: step.id }, revertChangeId: undoId,
      });
      return { ok: true, message: result.changed ? `restored from change ${original.id} and verified` : 'already as before' };
    } catch (error) {
      if (stop.hard.aborted) return 'aborted';
      if (isDomainError(error) && error.code === 'CHANGE.CONFLICT' && !(await this.records.get(undoId))) return 'wait';
      // Paused past the lease mid-undo: the undo is settled by crash recovery, then looked at again.
      if (isDomainError(error) && error.code === 'CHANGE.LEASE_LOST') {
        Object.assign(attempts.lost, { changeId: undoId, rechecks: LEASE_LOST_RECHECKS });
        return 'wait';
      }
      // The undo did not stay: undone again on the device (a connection dropped after it, a write that did not
      // stick), or being undone by a device that went silent (crash recovery confirms that once it answers again).
      // The device holds the step's change as before: the undo is written again, a few times.
      const undo = await this.records.get(undoId);
      if ((undo?.status === 'revert_pending' || undo?.status === 'reverted') && attempts.undos < UNDO_ATTEMPTS) {
        this.logger.warn('plan rollback step: its undo did not stay on the device; trying again once it has settled', { plan_id: plan.id, step_id: step.id, device_id: step.deviceId, change_id: undoId, status: undo.status, attempt: attempts.undos });
        return 'wait';
      }
      return { ok: false, message: causeOf(error) };
    }
  }

  // ---- helpers ----

  /**
   * A change this run stopped at its fence (paused past the lease) that recovery left `needs_attention`: found in
   * effect, since the paused process still held its safe-mode session. The fence then dropped that session
   * unreleased, so RouterOS undoes it; a re-check (a read, never a write) confirms it, `reverted` once it has,
   * `pending` while re-checks are left. `no` for any other change, or once none are left.
   */
  private async recheckLost(lost: LostLease, changeId: string | undefined, planId: string, stop: RolloutStop): Promise<'reverted' | 'pending' | 'no'> {
    if (!changeId || changeId !== lost.changeId || lost.rechecks <= 0) return 'no';
    lost.rechecks--;
    let result: string;
    try {
      result = (await this.rechecks.recheckOne(changeId, { signal: stop.soft, environment: this.settings.environment }))?.result ?? 'settled already';
    } catch (error) {
      result = `failed: ${causeOf(error)}`;
    }
    this.logger.info('plan step re-checks the change it stopped at its fence', { plan_id: planId, change_id: changeId, result });
    return result === 'reverted' ? 'reverted' : 'pending';
  }

  /** A move of the whole plan (completed, failed, rolling back, rolled back, cancelled), audited in its own commit. */
  private async transition(ledger: PlanLedger, change: (plan: Plan) => void): Promise<void> {
    const plan = await ledger.commit(change, (p) =>
      this.recorder.event({ principal: this.principalOf(p), action: `plan.rollout.${p.status}`, planId: p.id, ...(p.failureReason ? { arguments: { reason: p.failureReason } } : {}) }, p.status === 'failed' ? 'error' : 'success'),
    );
    this.logger.info('plan moved', { plan_id: plan.id, status: plan.status, ...(plan.failureReason ? { reason: plan.failureReason } : {}) });
    await this.events.publish({ type: 'plan.changed', planId: plan.id, status: plan.status });
    await this.progress(plan, `plan ${plan.status}${plan.failureReason ? `: ${plan.failureReason}` : ''}`);
  }

  private async progress(plan: Plan, message: string): Promise<void> {
    const progress = plan.steps.filter((s) => SETTLED.has(s.status)).length;
    this.logger.info('plan progress', { plan_id: plan.id, progress, total: plan.steps.length, message });
    await this.events.publish({ type: 'plan.progress', planId: plan.id, progress, total: plan.steps.length, message });
  }

  private entry(at: Date, kind: ExecutionLogEntry['kind'], message: string, fields: Omit<ExecutionLogEntry, 'at' | 'kind' | 'message'>): ExecutionLogEntry {
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    return { at, kind, message, ...defined };
  }

  /** Whoever applied the plan, acting through the runner (the audit record names both). */
  private principalOf(plan: Plan): Principal {
    const applied = [...plan.transitions].reverse().find((t) => t.to === 'executing');
    return { id: applied?.by ?? plan.createdBy, via: 'plan-runner' };
  }

  private stepOf(plan: Plan, stepId: string): Readonly<PlanStep> {
    const step = plan.steps.find((s) => s.id === stepId);
    if (!step) throw new Error(`plan ${plan.id} has no step ${stepId}`);
    return step;
  }

  /** Runs `work` on every item, at most `concurrency` at once; answers the results in order. */
  private async forEachBounded<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
    const results: R[] = [];
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(Math.max(1, this.settings.concurrency), items.length) }, worker));
    return results;
  }

  /** Waits `ms`; false when the signal ended the wait. */
  private sleep(ms: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
