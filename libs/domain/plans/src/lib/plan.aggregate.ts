import { displayAlteringCharacter, displayAlteringMessage, Environment, FieldErrors, sameActor, ValidationError } from '@routeros-mcp/domain-kernel';
import { Approval } from './approval';
import { PlanExpiredError } from './errors/plan-expired.error';
import { PlanIllegalTransitionError } from './errors/plan-illegal-transition.error';
import { PlanNotApprovedError } from './errors/plan-not-approved.error';
import { PlanSelfApprovalError } from './errors/plan-self-approval.error';
import { canTransition, PlanStatus, StepStatus } from './plan-status';
import { PlanStep } from './plan-step';
import { BatchOptions, DEFAULT_BATCHES, planRolloutBatches } from './rollout-batches';
import { planContentHash } from './content/plan-content-hash';
import { DEFAULT_ROLLOUT_POLICY, RolloutPolicy } from './content/rollout-policy';
import type { ExcludedDevice, StepPreview } from './content/step-preview';
import { EXECUTION_LOG_LIMIT, ExecutionLogEntry } from './rollout/execution-log';

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const PLAN_LIMITS = {
  maxDevices: 50,
  minTtlMs: 5 * 60_000,
  defaultTtlMs: 24 * 3_600_000,
  maxTtlMs: 7 * 24 * 3_600_000,
} as const;

export interface PlanTransition {
  from: PlanStatus;
  to: PlanStatus;
  at: Date;
  by: string;
  reason?: string;
}

/** A cancel asked while the plan was executing: the runner stops before the next device step. */
export interface CancelRequest {
  by: string;
  at: Date;
  reason: string;
}

export interface PlanProps {
  id: string;
  title: string;
  toolName: string;
  /** The plan topic (`dns_ntp`, `address_list_sync`…) that turns each step's change into a device write. */
  topic: string;
  createdBy: string;
  environment: Environment;
  riskLevel: RiskLevel;
  summary: string;
  parameters: Record<string, unknown>;
  status: PlanStatus;
  steps: PlanStep[];
  rollout: RolloutPolicy;
  /** Devices asked for but left out, with the reason. */
  excluded: ExcludedDevice[];
  /** SHA-256 of the canonical content at creation (see planContentHash); an approval is bound to it. */
  contentHash: string;
  createdAt: Date;
  expiresAt: Date;
  approval?: Approval;
  startedAt?: Date;
  finishedAt?: Date;
  failureReason?: string;
  transitions: PlanTransition[];
  /** Set by a cancel while executing; the runner honours it at the next step boundary. */
  cancelRequested?: CancelRequest;
  /** The runner's record of steps, gates and rollback steps (the transitions are kept apart, in `transitions`). */
  executionLog?: ExecutionLogEntry[];
  /**
   * The plan's data key sealed by the master key: its steps' secrets are sealed with that data key. Outside the
   * content hash, so a master key rotation re-seals it without touching what an approval vouches for.
   */
  sealedDataKey?: string;
  version: number;
}

export type NewPlanInput = Pick<PlanProps, 'id' | 'title' | 'toolName' | 'createdBy' | 'environment' | 'riskLevel' | 'summary'> & {
  parameters?: Record<string, unknown>;
  /** Defaults to the tool name. */
  topic?: string;
  targets: { deviceId: string; change: Record<string, unknown>; preview?: StepPreview }[];
  /** Canary and batch sizes only (older callers); `rollout` wins when both are given. */
  batches?: BatchOptions;
  rollout?: RolloutPolicy;
  excluded?: ExcludedDevice[];
  ttlMs?: number;
  sealedDataKey?: string;
};

/**
 * A multi-device change that a human approves before it runs, applied batch by batch. Every state change
 * goes through `transition`, which enforces the lifecycle table and records who moved it and why.
 */
export class Plan {
  private constructor(private props: PlanProps) {}

  static create(input: NewPlanInput, now: Date): Plan {
    const errors = new FieldErrors();
    if (!/^plan-[a-z0-9-]{4,60}$/.test(input.id)) errors.add('plan_id', 'must look like plan-<lower-case letters, digits, hyphens>');
    if (input.title.trim().length === 0 || input.title.length > 200) errors.add('title', 'must be 1-200 characters');
    // The reviewer reads the title on the approval screen: nothing in it may move the cursor, hide or fake a line.
    const hidden = displayAlteringCharacter(input.title);
    if (hidden) errors.add('title', displayAlteringMessage(hidden));
    if (input.createdBy.trim().length === 0) errors.add('created_by', 'must name the principal');
    if (input.targets.length === 0) errors.add('devices', 'a plan needs at least one device');
    if (input.targets.length > PLAN_LIMITS.maxDevices) errors.add('devices', `a plan may target at most ${PLAN_LIMITS.maxDevices} devices`);
    const seen = new Set<string>();
    for (const { deviceId } of input.targets) {
      if (seen.has(deviceId)) errors.add('devices', `device '${deviceId}' is listed twice`);
      seen.add(deviceId);
    }
    const ttl = input.ttlMs ?? PLAN_LIMITS.defaultTtlMs;
    if (ttl < PLAN_LIMITS.minTtlMs || ttl > PLAN_LIMITS.maxTtlMs) errors.add('ttl', 'must be between 5 minutes and 7 days');
    const rollout: RolloutPolicy = input.rollout ?? { ...DEFAULT_ROLLOUT_POLICY, ...(input.batches ?? DEFAULT_BATCHES) };
    const batches = errors.collect(() => planRolloutBatches(input.targets, { canarySize: rollout.canarySize, batchSize: rollout.batchSize }));
    errors.throwIfAny();
    let sequence = 0;
    const steps: PlanStep[] = batches!.flatMap((batch, batchIndex) =>
      batch.map((target) => ({
        id: `${input.id}-s${sequence + 1}`,
        deviceId: target.deviceId,
        batch: batchIndex,
        sequence: sequence++,
        status: 'pending' as const,
        change: target.change,
        ...(target.preview ? { preview: target.preview } : {}),
      })),
    );
    const expiresAt = new Date(now.getTime() + ttl);
    const topic = input.topic ?? input.toolName;
    return new Plan({
      id: input.id,
      title: input.title.trim(),
      toolName: input.toolName,
      topic,
      createdBy: input.createdBy.trim(),
      environment: input.environment,
      riskLevel: input.riskLevel,
      summary: input.summary,
      parameters: input.parameters ?? {},
      status: 'pending',
      steps,
      rollout,
      excluded: input.excluded ?? [],
      contentHash: planContentHash({ id: input.id, topic, targets: steps, rollout, expiresAt }),
      createdAt: now,
      expiresAt,
      transitions: [],
      executionLog: [],
      ...(input.sealedDataKey ? { sealedDataKey: input.sealedDataKey } : {}),
      version: 0,
    });
  }

  static restore(props: PlanProps): Plan {
    return new Plan({ ...props, steps: props.steps.map((s) => ({ ...s })), transitions: [...props.transitions], executionLog: [...(props.executionLog ?? [])] });
  }

  get id(): string { return this.props.id; }
  get status(): PlanStatus { return this.props.status; }
  get steps(): readonly Readonly<PlanStep>[] { return this.props.steps; }
  get approval(): Approval | undefined { return this.props.approval; }
  get expiresAt(): Date { return this.props.expiresAt; }
  get createdBy(): string { return this.props.createdBy; }
  get environment(): Environment { return this.props.environment; }
  get transitions(): readonly PlanTransition[] { return this.props.transitions; }
  get failureReason(): string | undefined { return this.props.failureReason; }
  get version(): number { return this.props.version; }
  get topic(): string { return this.props.topic; }
  get rollout(): RolloutPolicy { return this.props.rollout; }
  get excluded(): readonly ExcludedDevice[] { return this.props.excluded; }
  get createdAt(): Date { return this.props.createdAt; }
  get title(): string { return this.props.title; }
  get cancelRequested(): CancelRequest | undefined { return this.props.cancelRequested; }
  get executionLog(): readonly ExecutionLogEntry[] { return this.props.executionLog ?? []; }
  get sealedDataKey(): string | undefined { return this.props.sealedDataKey; }
  /** The hash recorded at creation. */
  get contentHash(): string { return this.props.contentHash; }

  /** The hash of the content as it is now: differs from `contentHash` when the stored plan was altered. */
  currentContentHash(): string {
    return planContentHash({ id: this.props.id, topic: this.props.topic, targets: this.props.steps, rollout: this.props.rollout, expiresAt: this.props.expiresAt });
  }

  /** Steps grouped by batch, canary first. */
  batches(): Readonly<PlanStep>[][] {
    const batches: PlanStep[][] = [];
    for (const step of this.props.steps) (batches[step.batch] ??= []).push(step);
    return batches;
  }

  isExpired(now: Date): boolean {
    return now.getTime() >= this.props.expiresAt.getTime();
  }

  /** Moves a pending or approved plan whose time ran out to `expired`. Returns whether it did. */
  expireIfDue(now: Date): boolean {
    if ((this.props.status === 'pending' || this.props.status === 'approved') && this.isExpired(now)) {
      this.transition('expired', now, 'system', `not applied before ${this.props.expiresAt.toISOString()}`);
      return true;
    }
    return false;
  }

  approve(approval: Approval, now: Date): void {
    this.refuseIfExpired(now, 'approved');
    if (this.props.environment === 'prod' && sameActor(approval.approvedBy, this.props.createdBy)) {
      throw new PlanSelfApprovalError(this.props.id, approval.approvedBy, this.props.createdBy);
    }
    this.transition('approved', now, approval.approvedBy, approval.comment);
    this.props.approval = approval;
  }

  reject(by: string, reason: string, now: Date): void {
    if (this.props.status !== 'pending') throw new PlanIllegalTransitionError(this.props.id, this.props.status, 'rejected', 'only pending plans can be rejected');
    this.transition('rejected', now, by, reason);
  }

  /**
   * Cancels a plan that has not started. While it executes, the cancel is only recorded: the runner stops before
   * the next device step (every device applied and verified, or as it was) and moves the plan to `cancelled`.
   */
  cancel(by: string, reason: string, now: Date): void {
    if (this.props.status === 'executing') {
      if (this.props.cancelRequested) return;
      this.props.cancelRequested = { by, at: now, reason };
      this.log({ at: now, kind: 'note', message: `cancel asked by ${by}: ${reason}; the rollout stops before the next device step` });
      return;
    }
    this.transition('cancelled', now, by, reason);
  }

  /** The runner's end of a cancelled rollout: no step running; steps not yet run are skipped. */
  finishCancelled(now: Date): void {
    this.requireStatus('executing', 'finish a cancel');
    const request = this.props.cancelRequested;
    if (!request) throw new PlanIllegalTransitionError(this.props.id, this.props.status, 'cancelled', 'no cancel was asked');
    if (this.props.steps.some((s) => s.status === 'running')) throw new PlanIllegalTransitionError(this.props.id, this.props.status, 'cancelled', 'a step is still running');
    this.transition('cancelled', now, request.by, request.reason);
    this.skipPending();
    this.props.finishedAt = now;
  }

  /** Appends to the execution log (the oldest entries go past the limit). */
  log(entry: ExecutionLogEntry): void {
    const log = (this.props.executionLog ??= []);
    log.push(entry);
    if (log.length > EXECUTION_LOG_LIMIT) log.splice(0, log.length - EXECUTION_LOG_LIMIT);
  }

  start(by: string, now: Date): void {
    if (this.props.status === 'pending') throw new PlanNotApprovedError(this.props.id, this.props.status);
    this.refuseIfExpired(now, 'executing');
    this.transition('executing', now, by);
    this.props.startedAt = now;
  }

  /**
   * A step starts, with the id its change record will have (committed before the change runs, so a restarted runner
   * finds the record). Earlier batches must have succeeded (under the `continue` policy: have ended).
   */
  startStep(stepId: string, now: Date, changeId?: string): void {
    this.requireStatus('executing', 'start a step');
    const step = this.step(stepId);
    if (step.status !== 'pending') throw this.stepError(step, 'running');
    const carryOn = this.props.rollout.haltPolicy === 'continue';
    const blocking = this.props.steps.find((s) => s.batch < step.batch && s.status !== 'succeeded' && !(carryOn && s.status === 'failed'));
    if (blocking) {
      throw new PlanIllegalTransitionError(this.props.id, step.status, 'running', `batch ${step.batch + 1} waits for batch ${blocking.batch + 1} to succeed`);
    }
    Object.assign(step, { status: 'running', startedAt: now, ...(changeId ? { changeId } : {}) });
  }

  /** A running step whose change never took effect (found after a restart) runs again under a new change id. */
  retryStep(stepId: string, changeId: string, now: Date): void {
    this.requireStatus('executing', 'retry a step');
    const step = this.step(stepId);
    if (step.status !== 'running') throw this.stepError(step, 'running');
    Object.assign(step, { changeId, startedAt: now });
  }

  /** The change id the undo of a step will have, committed before the undo runs. */
  startRollbackStep(stepId: string, rollbackChangeId: string): void {
    this.requireStatus('rolling_back', 'roll back a step');
    const step = this.step(stepId);
    if (!['succeeded', 'failed', 'rollback_failed'].includes(step.status)) throw this.stepError(step, 'rolled_back');
    step.rollbackChangeId = rollbackChangeId;
  }

  finishStep(stepId: string, outcome: { ok: true } | { ok: false; error: string }, now: Date): void {
    this.requireStatus('executing', 'finish a step');
    const step = this.step(stepId);
    if (step.status !== 'running') throw this.stepError(step, outcome.ok ? 'succeeded' : 'failed');
    Object.assign(step, outcome.ok ? { status: 'succeeded', finishedAt: now } : { status: 'failed', error: outcome.error, finishedAt: now });
  }

  complete(now: Date): void {
    const unfinished = this.props.steps.filter((s) => s.status !== 'succeeded');
    if (unfinished.length > 0) {
      throw new PlanIllegalTransitionError(this.props.id, this.props.status, 'completed', `${unfinished.length} step(s) have not succeeded`);
    }
    this.transition('completed', now, 'system');
    this.props.finishedAt = now;
  }

  /** Stops the rollout: steps not yet run are skipped. */
  fail(reason: string, now: Date): void {
    if (this.props.steps.some((s) => s.status === 'running')) {
      throw new PlanIllegalTransitionError(this.props.id, this.props.status, 'failed', 'a step is still running');
    }
    this.transition('failed', now, 'system', reason);
    this.skipPending();
    this.props.failureReason = reason;
    this.props.finishedAt = now;
  }

  beginRollback(by: string, reason: string, now: Date): void {
    if (this.props.steps.some((s) => s.status === 'running')) {
      throw new PlanIllegalTransitionError(this.props.id, this.props.status, 'rolling_back', 'a step is still running');
    }
    this.transition('rolling_back', now, by, reason);
    this.skipPending();
  }

  /** Steps that changed a device (fully or partly) and so need undoing, newest first. */
  stepsToRollBack(): readonly Readonly<PlanStep>[] {
    return this.props.steps.filter((s) => s.status === 'succeeded' || s.status === 'failed' || s.status === 'rollback_failed').reverse();
  }

  recordRollback(stepId: string, ok: boolean, now: Date): void {
    this.requireStatus('rolling_back', 'record a rollback');
    const step = this.step(stepId);
    if (!['succeeded', 'failed', 'rollback_failed'].includes(step.status)) throw this.stepError(step, ok ? 'rolled_back' : 'rollback_failed');
    Object.assign(step, { status: ok ? 'rolled_back' : 'rollback_failed', finishedAt: now });
  }

  finishRollback(now: Date): void {
    this.requireStatus('rolling_back', 'finish a rollback');
    const left = this.stepsToRollBack();
    if (left.length > 0) {
      this.transition('failed', now, 'system', `rollback incomplete on ${left.map((s) => s.deviceId).join(', ')}`);
      this.props.failureReason = 'rollback incomplete';
    } else {
      this.transition('rolled_back', now, 'system');
    }
    this.props.finishedAt = now;
  }

  withVersion(version: number): Plan {
    return new Plan({ ...this.props, version });
  }

  toProps(): PlanProps {
    return { ...this.props, steps: this.props.steps.map((s) => ({ ...s })), transitions: [...this.props.transitions], executionLog: [...(this.props.executionLog ?? [])] };
  }

  private transition(to: PlanStatus, now: Date, by: string, reason?: string): void {
    const from = this.props.status;
    if (!canTransition(from, to)) throw new PlanIllegalTransitionError(this.props.id, from, to);
    this.props.status = to;
    this.props.transitions.push({ from, to, at: now, by, ...(reason ? { reason } : {}) });
  }

  private refuseIfExpired(now: Date, to: PlanStatus): void {
    if (!canTransition(this.props.status, to)) throw new PlanIllegalTransitionError(this.props.id, this.props.status, to);
    if (this.isExpired(now)) throw new PlanExpiredError(this.props.id, this.props.expiresAt);
  }

  private requireStatus(status: PlanStatus, action: string): void {
    if (this.props.status !== status) {
      throw new PlanIllegalTransitionError(this.props.id, this.props.status, status, `cannot ${action} while the plan is ${this.props.status}`);
    }
  }

  private step(stepId: string): PlanStep {
    const step = this.props.steps.find((s) => s.id === stepId);
    if (!step) throw ValidationError.single('step_id', `plan '${this.props.id}' has no step '${stepId}'`);
    return step;
  }

  private stepError(step: PlanStep, to: StepStatus): PlanIllegalTransitionError {
    return new PlanIllegalTransitionError(this.props.id, step.status, to, `step '${step.id}' is ${step.status}`);
  }

  private skipPending(): void {
    for (const step of this.props.steps) if (step.status === 'pending') step.status = 'skipped';
  }
}
