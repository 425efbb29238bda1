import type { ChangeLock, ChangeRepository, Clock, ConfigShell, DeviceTarget, HeldLock, Logger, RouterOsApi, SecretCipher } from '@routeros-mcp/application-ports';
import {
  ChangeLock as ChangeLockToken,
  ChangeRepository as ChangeRepositoryToken,
  Clock as ClockToken,
  ConfigShell as ConfigShellToken,
  Logger as LoggerToken,
  RouterOsApi as RouterOsApiToken,
  SecretCipher as SecretCipherToken,
} from '@routeros-mcp/application-ports';
import type { ChangeAuthority, ChangeRecord, ChangeStep, LiveRows } from '@routeros-mcp/domain-changes';
import { ChangeFailedError, ChangeLeaseLostError, ChangeNotFoundError, diffLines, redactTouched, transition } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import { StoreUnavailableError, ValidationError } from '@routeros-mcp/domain-kernel';
import { inject, injectable, optional } from '@routeros-mcp/inversify';
import { randomUUID } from 'node:crypto';
import { targetFor } from '../device-connectivity.service';
import { DeviceRegistry } from '../device-registry.service';
import { authorize, safetyContext } from './change-authorization';
import type { InFlight } from './change-flight';
import type { ChangeGuard } from './change-guards';
import { NO_GUARD } from './change-guards';
import type { ChangeHistory, ChangeRevertRequest } from './change-history';
import { ChangeObserver } from './change-observer';
import type { Planned } from './change-proposal';
import { ProposeStep } from './change-proposal';
import { ProtectStep } from './change-protection';
import { ChangeRecorder } from './change-recorder';
import { revertRequest } from './change-revert';
import type { ChangeRequest, ChangeResult, ChangeRunner } from './change-runner';
import { ChangeSettings, DEFAULT_CHANGE_SETTINGS } from './change-settings';
import { UndoStep } from './change-undo';
import { VerifyStep } from './change-verification';
import { WriteStep } from './change-writing';

export { changeAuditEvent } from './change-audit-event';

/**
 * The one pipeline every write takes: authorize → lock → read live → propose → management path and every rule →
 * record → protect (safe mode, or a device-side revert) → write → verify (re-read, fresh TLS) → release → audit.
 * Any failure after the first write is undone (safe mode unrolled, or the inverse written over REST), the
 * before-state checked, and reported with the step and the device's end state. Never reports an unverified success.
 * Each step lives in a module of its own (change-proposal, change-recorder, change-protection, change-writing,
 * change-verification, change-undo); this class runs them in order.
 */
@injectable()
export class ChangeService implements ChangeRunner, ChangeHistory {
  private readonly settings: ChangeSettings;
  private readonly recorder: ChangeRecorder;
  private readonly proposal: ProposeStep;
  private readonly protection: ProtectStep;
  private readonly writing: WriteStep;
  private readonly verification: VerifyStep;
  private readonly undo: UndoStep;

  constructor(
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(RouterOsApiToken) api: RouterOsApi,
    @inject(ConfigShellToken) shell: ConfigShell,
    @inject(ChangeRepositoryToken) private readonly changes: ChangeRepository,
    @inject(ChangeLockToken) private readonly lock: ChangeLock,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(ChangeSettings) @optional() settings?: ChangeSettings,
    @inject(ChangeObserver) @optional() observer?: ChangeObserver,
    /** Seals the secret values a recorded inverse must write back (an old passphrase); without it such changes are refused. */
    @inject(SecretCipherToken) @optional() cipher?: SecretCipher,
  ) {
    this.settings = { ...DEFAULT_CHANGE_SETTINGS, ...(settings ?? {}) };
    this.recorder = new ChangeRecorder(changes, clock, logger, observer, cipher);
    this.proposal = new ProposeStep(api, cipher);
    this.protection = new ProtectStep(api, shell, clock, logger, this.settings, this.recorder);
    this.writing = new WriteStep(api, this.recorder);
    this.verification = new VerifyStep(api, shell);
    this.undo = new UndoStep(api, clock, logger, this.settings, this.recorder);
  }

  run<I>(request: ChangeRequest<I>): Promise<ChangeResult> {
    return this.execute(request);
  }

  list(query: { deviceId?: string; status?: ChangeRecord['status']; limit: number }): Promise<ChangeRecord[]> {
    return this.changes.list(query);
  }

  async get(changeId: string): Promise<ChangeRecord> {
    const record = await this.changes.get(changeId);
    if (!record) throw new ChangeNotFoundError(changeId);
    return record;
  }

  /** The recorded inverse, through the same pipeline; needs the flags the original change needed. */
  async revert(request: ChangeRevertRequest): Promise<ChangeResult> {
    const original = await this.get(request.changeId);
    return this.execute(revertRequest(request, original, this.recorder.openInverse(original.id, original.inverse)), original);
  }

  private async execute<I>(request: ChangeRequest<I>, revertOf?: ChangeRecord): Promise<ChangeResult> {
    const authority = request.authority ?? { kind: 'direct' };
    if (authority.kind === 'plan_preview' && !request.dryRun) throw ValidationError.single('dry_run', 'a plan preview is a dry run; plan steps run under the approved plan');
    const device = await this.registry.get(request.deviceId);
    device.assertUsable();
    const context = safetyContext(request, device, authority);
    authorize(context);
    const target = targetFor(device, await this.registry.revealCredentials(device.id));
    const changeId = request.changeId ?? randomUUID();
    // Dry runs write nothing and never wait for a writer; reads are never blocked by the lock.
    const held = request.dryRun ? undefined : await this.lock.acquire(device.id, { changeId, waitMs: this.settings.lockWaitMs, leaseMs: this.settings.lockLeaseMs, signal: request.signal });
    try {
      const outcome = await this.proposal.plan(request, device, target, context);
      const state = request.dryRun ? { stateHash: outcome.state.hash, stateSections: outcome.state.sections } : {};
      if (outcome.kind === 'no_change') {
        return { changed: false, dryRun: request.dryRun, summary: outcome.reason, touched: redactTouched(outcome.current), diff: [], risk: 'low', verdicts: outcome.verdicts, verification: { status: 'not_run', checks: [] }, ...state };
      }
      const plan = outcome.plan;
      // Rows shown to the caller never carry a secret value (the live rows read for writing do).
      const result: ChangeResult = { changed: true, dryRun: request.dryRun, summary: plan.summary, touched: redactTouched(plan.touched), diff: diffLines(plan.operations), risk: plan.risk, verdicts: plan.verdicts, verification: { status: 'not_run', checks: [] }, ...state, ...(plan.notRevertible ? { notRevertible: plan.notRevertible } : {}) };
      if (request.dryRun) return result;
      return await this.apply(changeId, request, authority, device, target, plan, held!, revertOf);
    } finally {
      await held?.release().catch((error: unknown) => this.logger.warn('device lock release failed; its lease runs out', { device_id: device.id, change_id: changeId, error }));
    }
  }

  /**
   * The store went away before the verified change could be recorded so: undone over REST (its guard is released),
   * the before-state confirmed. Answered STORE_UNAVAILABLE when the device is back as it was (retrying is then
   * right), else the failure with the device's end state. Crash recovery settles the record once the store is back.
   */
  private async unrecorded(flight: InFlight, error: unknown): Promise<never> {
    if (!(error instanceof StoreUnavailableError)) throw error;
    this.logger.warn('the verified change could not be recorded (the store is unavailable); undoing it', { device_id: flight.device.id, change_id: flight.record.id });
    try {
      return await this.failed({ ...flight, guard: NO_GUARD }, 'release', error);
    } catch (failed) {
      if (failed instanceof ChangeFailedError && failed.endState === 'reverted') throw error;
      throw failed;
    }
  }

  private async apply<I>(changeId: string, request: ChangeRequest<I>, authority: ChangeAuthority, device: Device, target: DeviceTarget, plan: Planned, held: HeldLock, revertOf?: ChangeRecord): Promise<ChangeResult> {
    const { principal } = request;
    // Fencing: a process paused past its lease (GC, a frozen VM) may have been taken over by crash recovery, which
    // settles the change as it finds it. Checked (and the lease renewed) before each device write and each record, so
    // the resumed process stops instead of writing or recording over what recovery did.
    const fence = async (before: ChangeStep) => {
      if (!(await held.confirm())) {
        this.logger.warn('device lock lost while the change was under way (the process was paused past its lease); stopping it here', { device_id: device.id, change_id: changeId, before });
        throw new ChangeLeaseLostError(device.id, changeId, before);
      }
    };
    await fence('record');
    let record = await this.recorder.open(changeId, request, authority, device, plan, revertOf);

    let guard: ChangeGuard;
    const attempt = { timer: false };
    try {
      await fence('protect');
      guard = await this.protection.protect(record, device, target, plan, attempt);
    } catch (error) {
      if (error instanceof ChangeLeaseLostError) throw error;
      return this.protection.fail(record, principal, device, target, attempt, error);
    }
    const flight: InFlight = { record, plan, device, target, principal, signal: request.signal, guard, addedIds: [], fence };
    let step: ChangeStep = 'write';
    let verified: { rows: LiveRows; checks: string[] };
    try {
      await fence('write');
      flight.record = record = transition(record, 'applying', this.clock.now(), { step: 'write', protection: guard.protection });
      await this.recorder.save(record);
      await this.writing.write(flight);
      step = 'verify';
      verified = await this.verification.verify(flight);
      step = 'release';
      await fence('release');
      await guard.release();
      await fence('release');
    } catch (error) {
      return this.failed(flight, step, error);
    }

    try {
      record = await this.recorder.settleVerified(flight, verified!.rows, revertOf);
    } catch (error) {
      return this.unrecorded(flight, error);
    }
    return {
      changed: true, dryRun: false, changeId, summary: plan.summary, touched: record.touched, diff: record.diff, risk: plan.risk, verdicts: plan.verdicts, protection: guard.protection,
      verification: { status: 'verified', checks: verified!.checks },
      ...(plan.notRevertible ? { notRevertible: plan.notRevertible } : {}),
    };
  }

  /** The undo of a failed change, unless the device was taken over meanwhile: then let go as a dead process would. */
  private async failed(flight: InFlight, step: ChangeStep, error: unknown): Promise<never> {
    try {
      if (error instanceof ChangeLeaseLostError) throw error;
      await flight.fence('revert');
    } catch (lost) {
      await flight.guard.abandon();
      throw lost;
    }
    return this.undo.fail(flight, step, error);
  }
}
