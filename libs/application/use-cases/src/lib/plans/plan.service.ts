import type { ApprovalGrantRecord, ApprovalSigner, Clock, DataKeys, Logger, PlanExecutor, PlanQuery, PlanRepository, Principal, SecretCipher } from '@routeros-mcp/application-ports';
import {
  ApprovalSigner as ApprovalSignerToken,
  ConcurrentModificationError,
  Clock as ClockToken,
  DataKeys as DataKeysToken,
  Logger as LoggerToken,
  PlanExecutor as PlanExecutorToken,
  PlanRepository as PlanRepositoryToken,
  SecretCipher as SecretCipherToken,
} from '@routeros-mcp/application-ports';
import { driftedSections } from '@routeros-mcp/domain-changes';
import { assertDeviceAdmitted, isNarrowed, planInReach, reachableDeviceIds, reachRefusal } from '../access/access-policy';
import type { Device } from '@routeros-mcp/domain-devices';
import { Environment, isDomainError, NOT_KEPT_VALUE, refuseDisplayAltering, refuseDisplayAlteringIn, sameActor, sha256Hex, ValidationError } from '@routeros-mcp/domain-kernel';
import type { ApprovalBasis, ApprovalGrant, DriftedDevice, ExcludedDevice, PlanTopic, RefusedDevice, RiskLevel, RolloutPolicyInput, StepPreview, StoredApprovalGrant } from '@routeros-mcp/domain-plans';
import {
  Approval,
  approvalPayload,
  Plan,
  PlanApprovalInvalidError,
  PlanApproverNotEntitledError,
  PlanDevicesRefusedError,
  PlanExpiredError,
  PlanNotFoundError,
  PlanSelfApprovalError,
  PlanStateDriftedError,
  planTopic,
  rolloutPolicyOf,
  verifyApproval,
  withoutUnknownFields,
} from '@routeros-mcp/domain-plans';
import { inject, injectable, optional } from '@routeros-mcp/inversify';
import { randomBytes, randomUUID } from 'node:crypto';
import { AuditRecorder } from '../audit-recorder';
import { ChangeRunner } from '../changes/change-runner';
import type { ChangeResult } from '../changes/change-runner';
import { DeviceRegistry } from '../device-registry.service';
import { newPlanDataKey, planSecretCipher } from './plan-data-key';
import { requiredFlag } from './plan-step-flag';
import { redactPlanSecrets, sealPlanSecrets, stepInput } from './plan-secrets';
import { PlanStepInputs } from './plan-step-inputs';

export const PlanSettings = Symbol.for('PlanSettings');
export interface PlanSettings {
  /** The environment this service serves (a device of another is refused, as for any write). */
  environment: Environment;
}

/** Which devices a plan targets: ids, or every enrolled device of an environment carrying all the given tags. */
export type PlanDevices = readonly string[] | { environment: Environment; tags?: Record<string, string> };

export interface PlanCreateRequest {
  devices: PlanDevices;
  /**
   * The topic's change, the same for every device (see the topic's parse). Its secret fields (the topic's
   * `secretFields`) are given in the clear and stored sealed; results, audit records and logs show them redacted.
   */
  change: Record<string, unknown>;
  rollout?: RolloutPolicyInput;
  /** How long the plan may wait for approval and start (default 24 h). */
  ttlMs?: number;
  /** Devices to leave out (those failing a rule, typically), with an optional reason. */
  exclude?: readonly (string | { deviceId: string; reason?: string })[];
  title?: string;
  correlationId?: string;
}

export interface PlanApproveOptions {
  comment?: string;
  /** How long the approval stays good (default: until the plan expires; never longer). */
  validForMs?: number;
  /** The content hash the approver was shown (the console posts it): refused as content_changed when the plan's differs. */
  expectedContentHash?: string;
}

/** What an approver is shown after approving: never the signature or the nonce. */
export interface PlanApprovalSummary {
  plan: Plan;
  approver: string;
  contentHash: string;
  approvedAt: Date;
  expiresAt: Date;
}

const RISK_ORDER: readonly RiskLevel[] = ['low', 'medium', 'high'];
const ENV_ORDER: readonly Environment[] = ['lab', 'staging', 'prod'];
/** The context an approval grant's `{ nonce, signature }` is sealed with (the key rotation re-seals it). */
export const approvalSealContext = (grantId: string) => `approval:${grantId}`;
/**
 * What the creator wrote that a reviewer reads (the title, exclusion reasons, every string of the change) holds no
 * control, escape, bidirectional or zero-width character: refused before any device is read (the MCP tools refuse
 * them earlier still, as INVALID_PARAMS).
 */
function refuseHiddenCharacters(request: PlanCreateRequest, topic: PlanTopic): void {
  refuseDisplayAltering(request.title, 'title');
  (request.exclude ?? []).forEach((e, i) => (typeof e === 'string' ? refuseDisplayAltering(e, `exclude.${i}`) : refuseDisplayAltering(e.reason, `exclude.${i}.reason`)));
  refuseDisplayAlteringIn(request.change, 'change', topic.multilineText?.bind(topic));
}

const max = <T>(order: readonly T[], values: readonly T[], floor: T) => values.reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a), floor);

/**
 * Multi-device change plans up to the start of their rollout: create (a dry run per device against live state),
 * approve out of band (a signed, single-use grant bound to the plan's content), reject, cancel, and apply (verify
 * the grant, check that no device drifted, consume the grant, move the plan to `executing` and tell the runner).
 * Every transition and refusal is audited. Signatures and nonces stay inside: sealed in the database, absent from
 * results, errors, audit records and logs.
 */
@injectable()
export class PlanService {
  constructor(
    @inject(PlanRepositoryToken) private readonly plans: PlanRepository,
    @inject(ChangeRunner) private readonly changes: ChangeRunner,
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(ApprovalSignerToken) private readonly signer: ApprovalSigner,
    @inject(SecretCipherToken) private readonly cipher: SecretCipher,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(PlanSettings) private readonly settings: PlanSettings,
    @inject(DataKeysToken) private readonly dataKeys: DataKeys,
    @inject(PlanStepInputs) private readonly stepInputs: PlanStepInputs,
    @inject(PlanExecutorToken) @optional() private readonly executor?: PlanExecutor,
  ) {}

  async create(topicName: string, request: PlanCreateRequest, principal: Principal): Promise<Plan> {
    const topic = planTopic(topicName);
    request = { ...request, devices: await this.devicesInReach(request.devices, principal) };
    const planId = `plan-${randomUUID()}`;
    // Fields the topic does not take keep their names only: a refused plan must not store a misplaced secret.
    const args = { topic: topic.name, change: withoutUnknownFields(topic, redactPlanSecrets(request.change, topic), NOT_KEPT_VALUE), rollout: request.rollout ?? null };
    return this.recorder.runCommitted({ principal, action: 'plan.create', planId, correlationId: request.correlationId, arguments: args }, async (success) => {
      refuseHiddenCharacters(request, topic);
      const input = topic.parse(request.change);
      // What the plan stores and hashes: secrets sealed once, here, with the plan's own data key (which a master key
      // rotation re-seals apart); approval and apply hash this same stored form.
      const { sealedDataKey, cipher } = newPlanDataKey(planId, this.cipher, this.dataKeys);
      const stored = sealPlanSecrets(request.change, topic, cipher);
      const rollout = rolloutPolicyOf(request.rollout);
      const { targets, excluded } = await this.resolveDevices(request.devices, request.exclude ?? [], principal);
      if (targets.length === 0) throw ValidationError.single('devices', 'no device is left to change (none matched, or all were excluded)');
      const outcomes = await Promise.all(targets.map((device) => this.preview(topic, input, device, planId, principal, request.correlationId)));
      const refused = outcomes.flatMap((o) => ('refused' in o ? [o.refused] : []));
      if (refused.length > 0) throw new PlanDevicesRefusedError(refused);
      const previews = outcomes.flatMap((o) => ('preview' in o ? [o] : []));
      const plan = Plan.create(
        {
          id: planId,
          title: request.title ?? `${topic.describe(input)} on ${targets.length} device(s)`.slice(0, 200),
          toolName: `plan_${topic.name}`,
          topic: topic.name,
          createdBy: principal.id,
          environment: max(ENV_ORDER, targets.map((d) => d.environment), 'lab'),
          riskLevel: max(RISK_ORDER, previews.map((p) => p.preview.risk), 'low'),
          summary: `${topic.describe(input)}: ${previews.filter((p) => p.preview.changed).length} of ${targets.length} device(s) change`,
          parameters: { devices: 'environment' in request.devices ? request.devices : [...request.devices] },
          targets: previews.map((p) => ({ deviceId: p.deviceId, change: stored, preview: p.preview })),
          rollout,
          excluded,
          sealedDataKey,
          ...(request.ttlMs !== undefined ? { ttlMs: request.ttlMs } : {}),
        },
        this.clock.now(),
      );
      return this.plans.create(plan, success());
    });
  }

  async get(planId: string): Promise<Plan> {
    const plan = await this.plans.get(planId);
    if (!plan) throw new PlanNotFoundError(planId);
    return plan;
  }

  /** Plans, newest first; a narrowed principal sees only those whose every device is within its reach. */
  async list(query: PlanQuery, principal?: Principal): Promise<Plan[]> {
    const plans = await this.plans.list(query);
    const reachable = principal ? await reachableDeviceIds(this.registry, principal) : undefined;
    return plans.filter((plan) => planInReach(plan, reachable));
  }

  async cancel(planId: string, principal: Principal, reason = 'cancelled', correlationId?: string): Promise<Plan> {
    return this.recorder.runCommitted({ principal, action: 'plan.cancel', planId, correlationId, arguments: { reason } }, async (success) => {
      refuseDisplayAltering(reason, 'reason');
      // A rollout commits often: a cancel that lost the race to one of the runner's commits is asked again of the
      // plan as it now stands (the operator never sees a conflict for it).
      for (let attempt = 0; ; attempt++) {
        const plan = await this.get(planId);
        plan.cancel(principal.id, reason, this.clock.now());
        try {
          return await this.plans.save(plan, { audit: success() });
        } catch (error) {
          if (!(error instanceof ConcurrentModificationError) || attempt >= 10) throw error;
        }
      }
    });
  }

  async reject(planId: string, principal: Principal, reason: string, correlationId?: string): Promise<Plan> {
    return this.recorder.runCommitted({ principal, action: 'plan.reject', planId, correlationId, arguments: { reason } }, async (success) => {
      if (reason.trim() === '') throw ValidationError.single('reason', 'say why the plan is rejected');
      refuseDisplayAltering(reason, 'reason');
      const plan = await this.get(planId);
      plan.reject(principal.id, reason, this.clock.now());
      return this.plans.save(plan, { audit: success() });
    });
  }

  /**
   * A human's approval, from the admin CLI (its OS user) or a principal with the `approver` or `admin` role. Signs a
   * grant over the plan's current content hash with the approval key and stores it sealed; the plan becomes `approved`.
   */
  async approve(planId: string, approver: Principal, options: PlanApproveOptions = {}, correlationId?: string): Promise<PlanApprovalSummary> {
    return this.recorder.runCommitted({ principal: approver, action: 'plan.approve', planId, correlationId, arguments: { comment: options.comment ?? null } }, async (success) => {
      refuseDisplayAltering(options.comment, 'comment');
      const now = this.clock.now();
      const plan = await this.livePlan(planId, now);
      const basis = approvalBasis(approver);
      if (!basis) throw new PlanApproverNotEntitledError(planId, approver.id, 'approving needs the approver or admin role, or a person at the admin CLI');
      if (plan.environment === 'prod' && sameActor(approver.id, plan.createdBy)) throw new PlanSelfApprovalError(planId, approver.id, plan.createdBy);
      const contentHash = plan.currentContentHash();
      if (contentHash !== plan.contentHash) throw new PlanApprovalInvalidError(planId, 'content_changed');
      if (options.expectedContentHash !== undefined && options.expectedContentHash !== contentHash) throw new PlanApprovalInvalidError(planId, 'content_changed');
      const validFor = options.validForMs ?? plan.expiresAt.getTime() - now.getTime();
      if (!(validFor > 0)) throw ValidationError.single('valid_for', 'must be a positive duration');
      const grant: ApprovalGrant = {
        planId, contentHash, approver: approver.id, basis, approvedAt: now,
        expiresAt: new Date(Math.min(now.getTime() + validFor, plan.expiresAt.getTime())),
        nonce: randomBytes(32).toString('base64url'),
      };
      const signature = this.signer.sign(approvalPayload(grant));
      const grantId = randomUUID();
      plan.approve(Approval.of({ approvedBy: approver.id, approvedAt: now, ...(options.comment ? { comment: options.comment } : {}) }), now);
      const saved = await this.plans.save(plan, {
        addGrant: {
          id: grantId, planId, contentHash, approver: grant.approver, basis, approvedAt: now, expiresAt: grant.expiresAt, nonceDigest: sha256Hex(grant.nonce),
          sealed: this.cipher.encrypt(JSON.stringify({ nonce: grant.nonce, signature }), approvalSealContext(grantId)),
          ...(options.comment ? { comment: options.comment } : {}),
        },
        audit: success(),
      });
      return { plan: saved, approver: grant.approver, contentHash, approvedAt: now, expiresAt: grant.expiresAt };
    });
  }

  /**
   * Starts an approved plan: the grant must verify for the plan's current content, be unexpired, unused and given by
   * someone entitled; every device's touched state must still hash as at planning time (else CONFLICT naming the
   * drifted devices and sections). Then the grant is consumed (once, whoever races) and the plan is `executing`.
   * Nothing is written to a device here: the rollout runner does that (PlanExecutor).
   */
  async apply(planId: string, principal: Principal, correlationId?: string): Promise<Plan> {
    return this.recorder.runCommitted({ principal, action: 'plan.apply', planId, correlationId }, async (success) => {
      const now = this.clock.now();
      const plan = await this.livePlan(planId, now);
      const grants = await this.plans.grantsFor(planId);
      const record = grants.find((g) => !g.usedAt) ?? grants[0];
      verifyApproval({ plan, grant: record && this.unseal(record), now, verifySignature: (payload, signature) => this.signer.verify(payload, signature) });
      await this.checkDrift(plan, principal, correlationId);
      plan.start(principal.id, now);
      // The grant is used, the plan started and the apply audited in one commit (or none of them).
      const started = await this.plans.save(plan, { consumeGrant: { nonceDigest: record!.nonceDigest, usedBy: principal.id, usedAt: now }, audit: success() });
      // The runner also picks up `executing` plans on start: a lost notification delays the rollout, never loses it.
      await this.executor?.planStarted(started).catch((error: unknown) => this.logger.error('plan executor was not told of a started plan', { plan_id: planId, error }));
      return started;
    });
  }

  /** The plan, moved to `expired` (and saved) when its time ran out. */
  private async livePlan(planId: string, now: Date): Promise<Plan> {
    const plan = await this.get(planId);
    if (plan.expireIfDue(now)) {
      await this.plans.save(plan);
      throw new PlanExpiredError(planId, plan.expiresAt);
    }
    return plan;
  }

  /** The stored grant with its nonce and signature; a row whose seal does not open (or does not match) is forged. */
  private unseal(record: ApprovalGrantRecord): StoredApprovalGrant {
    let opened: { nonce?: unknown; signature?: unknown };
    try {
      opened = JSON.parse(this.cipher.decrypt(record.sealed, approvalSealContext(record.id))) as typeof opened;
    } catch {
      throw new PlanApprovalInvalidError(record.planId, 'signature');
    }
    if (typeof opened.nonce !== 'string' || typeof opened.signature !== 'string' || sha256Hex(opened.nonce) !== record.nonceDigest) throw new PlanApprovalInvalidError(record.planId, 'signature');
    const { sealed: _sealed, nonceDigest: _digest, id: _id, ...fields } = record;
    return { ...fields, nonce: opened.nonce, signature: opened.signature };
  }

  /** Re-reads every device's touched sections (a dry run of its step) and compares them with planning time. */
  private async checkDrift(plan: Plan, principal: Principal, correlationId?: string): Promise<void> {
    const topic = planTopic(plan.topic);
    const drifted: DriftedDevice[] = [];
    const cipher = planSecretCipher(plan, this.cipher, this.dataKeys);
    await Promise.all(
      plan.steps.map(async (step) => {
        const input = await this.stepInputs.forDevice(topic, stepInput(topic, step.change, cipher), step.deviceId);
        const result = await this.changes.run({
          ...this.stepRequest(topic, input, step.deviceId, principal, correlationId),
          authority: { kind: 'approved_plan', planId: plan.id, stepId: step.id },
        });
        const before = step.preview;
        if (!before || result.stateHash !== before.stateHash) drifted.push({ deviceId: step.deviceId, sections: before ? driftedSections(before.sections, result.stateSections ?? {}) : ['(no preview)'] });
      }),
    );
    if (drifted.length > 0) throw new PlanStateDriftedError(plan.id, drifted.sort((a, b) => a.deviceId.localeCompare(b.deviceId)));
  }

  private stepRequest(topic: PlanTopic, input: unknown, deviceId: string, principal: Principal, correlationId?: string) {
    return {
      principal, correlationId: correlationId ?? randomUUID(), environment: this.settings.environment, deviceId, tool: topic.tool, tier: 'professional' as const,
      ...requiredFlag(topic, input), planner: topic.planner, input, dryRun: true,
    };
  }

  /** One device's dry run: its preview, or why it cannot take part. */
  private async preview(topic: PlanTopic, input: unknown, device: Device, planId: string, principal: Principal, correlationId?: string): Promise<{ deviceId: string; preview: StepPreview } | { refused: RefusedDevice }> {
    let result: ChangeResult;
    try {
      const own = await this.stepInputs.forDevice(topic, input, device.id);
      result = await this.changes.run({ ...this.stepRequest(topic, own, device.id, principal, correlationId), authority: { kind: 'plan_preview', planId } });
    } catch (error) {
      if (!isDomainError(error)) this.logger.error('plan preview failed', { plan_id: planId, device_id: device.id, error });
      return { refused: { deviceId: device.id, code: isDomainError(error) ? error.code : 'INTERNAL.ERROR', reason: isDomainError(error) ? error.message : 'internal error' } };
    }
    return {
      deviceId: device.id,
      preview: {
        summary: result.summary, changed: result.changed, diff: result.diff, risk: result.risk,
        verdicts: result.verdicts.map((v) => ({ ruleId: v.ruleId, status: v.status, message: v.message })),
        touched: result.touched, stateHash: result.stateHash ?? '', sections: result.stateSections ?? {},
        ...(result.notRevertible ? { notRevertible: result.notRevertible } : {}),
      },
    };
  }

  /**
   * The plan's devices as the principal may name them, before anything is recorded: each id checked against this
   * server's environment and the principal's reach; a selector kept as it is, unless the principal is narrowed
   * (environments or tags), when it becomes the ids within its reach.
   */
  private async devicesInReach(devices: PlanDevices, principal: Principal): Promise<PlanDevices> {
    if (!('environment' in devices)) {
      const reader = {
        device: async (id: string) => {
          const device = await this.registry.get(id);
          device.assertUsable();
          return device;
        },
      };
      for (const id of devices) await assertDeviceAdmitted(reader, principal, id, this.settings.environment);
      return devices;
    }
    if (!isNarrowed(principal)) return devices;
    return (await this.registry.list({ environment: devices.environment, ...(devices.tags ? { tags: devices.tags } : {}) })).filter((d) => !reachRefusal(principal, d)).map((d) => d.id);
  }

  private async resolveDevices(devices: PlanDevices, exclude: NonNullable<PlanCreateRequest['exclude']>, principal: Principal): Promise<{ targets: Device[]; excluded: ExcludedDevice[] }> {
    const wanted =
      'environment' in devices
        ? await this.registry.list({ environment: devices.environment, ...(devices.tags ? { tags: devices.tags } : {}) })
        : await Promise.all(devices.map((id) => this.registry.get(id)));
    const reasons = new Map(exclude.map((e) => (typeof e === 'string' ? [e, undefined] : [e.deviceId, e.reason])));
    const excluded: ExcludedDevice[] = wanted.filter((d) => reasons.has(d.id)).map((d) => ({ deviceId: d.id, reason: `excluded by ${principal.id}${reasons.get(d.id) ? `: ${reasons.get(d.id)}` : ''}` }));
    const unknown = [...reasons.keys()].filter((id) => !wanted.some((d) => d.id === id));
    if (unknown.length > 0) throw ValidationError.single('exclude', `not among the plan's devices: ${unknown.join(', ')}`);
    return { targets: wanted.filter((d) => !reasons.has(d.id)), excluded };
  }
}

/** Why a principal may approve: a person at the admin CLI, or an approver or admin role. A model's session never may. */
export function approvalBasis(principal: Principal): ApprovalBasis | undefined {
  if (principal.via === 'admin-cli') return 'admin-cli';
  if (principal.roles?.includes('approver')) return 'role:approver';
  if (principal.roles?.includes('admin')) return 'role:admin';
  return undefined;
}
