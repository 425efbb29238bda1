import type { ChangeLock, ChangeRepository, Clock, ConfigShell, DeviceTarget, Logger, Principal, RouterOsApi, SecretCipher } from '@routeros-mcp/application-ports';
import {
  ChangeLock as ChangeLockToken,
  ChangeRepository as ChangeRepositoryToken,
  Clock as ClockToken,
  ConfigShell as ConfigShellToken,
  Logger as LoggerToken,
  RouterOsApi as RouterOsApiToken,
  SecretCipher as SecretCipherToken,
} from '@routeros-mcp/application-ports';
import type { ChangeAuthority, ChangeRecord, ChangeStep, LiveRows, LiveStateDigest, RowOperation, TouchedRow } from '@routeros-mcp/domain-changes';
import {
  ChangeFailedError,
  ChangeNotFoundError,
  ChangeNotRevertibleError,
  changeRevertPlanner,
  ChangeStateDriftedError,
  diffLines,
  driftedSections,
  inverseOperations,
  liveStateDigest,
  redactTouched,
  revertSchedulerName,
  secretsNeededToRestore,
  transition,
} from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import { isDomainError, ValidationError } from '@routeros-mcp/domain-kernel';
import type { RuleResult, SafetyContext } from '@routeros-mcp/domain-safety-rules';
import { assertSafe, evaluateSafety, TOPIC_WRITE_FLAGS } from '@routeros-mcp/domain-safety-rules';
import { inject, injectable, optional } from 'inversify';
import { randomUUID } from 'node:crypto';
import { targetFor } from '../device-connectivity.service';
import { DeviceRegistry } from '../device-registry.service';
import { changeAuditEvent } from './change-audit-event';
import { authorize, NEEDS_DEVICE_STATE, safetyContext } from './change-authorization';
import { ChangeGuard, NO_GUARD, RevertTimerGuard, SafeModeGuard } from './change-guards';
import type { ChangeHistory, ChangeRevertRequest } from './change-history';
import { ChangeObserver } from './change-observer';
import { openRecordedInverse, sealRecordedInverse } from './inverse-secrets';
import type { ChangeRequest, ChangeResult, ChangeRunner } from './change-runner';
import { ChangeSettings, DEFAULT_CHANGE_SETTINGS } from './change-settings';
import { alreadyInEffect, findAdded, unmetOperations, unrestored, writeOperation } from './change-writes';
import { isSingletonMenu, readLiveRows } from './live-rows';
import { judgeManagementPath } from './management-path-check';

export { changeAuditEvent } from './change-audit-event';

const menusOf = (ops: readonly RowOperation[]) => [...new Set(ops.filter((op) => op.kind !== 'command').map((op) => op.menu))];
const causeOf = (error: unknown) => (isDomainError(error) ? { code: error.code, message: error.message } : { code: 'INTERNAL.ERROR', message: 'internal error' });

/** What was read, proposed and judged, before anything is written. */
interface Planned {
  live: LiveRows;
  summary: string;
  operations: readonly RowOperation[];
  touched: readonly TouchedRow[];
  risk: ChangeResult['risk'];
  verdicts: RuleResult[];
  touchesPath: boolean;
  notRevertible?: string;
}

/** One change in flight: what it needs to write, verify, undo and record. */
interface InFlight {
  record: ChangeRecord;
  plan: Planned;
  device: Device;
  target: DeviceTarget;
  principal: Principal;
  signal?: AbortSignal;
  guard: ChangeGuard;
  addedIds: (string | undefined)[];
}

/** The device's own answer to a write did not stick: the verification step's failure. */
class ChangeNotHeldError extends Error {
  readonly code = 'CHANGE.NOT_HELD';
}

/**
 * The one pipeline every write takes: authorize → lock → read live → propose → management path and every rule →
 * record → protect (safe mode, or a device-side revert) → write → verify (re-read, fresh TLS) → release → audit.
 * Any failure after the first write is undone (safe mode unrolled, or the inverse written over REST), the
 * before-state checked, and reported with the step and the device's end state. Never reports an unverified success.
 */
@injectable()
export class ChangeService implements ChangeRunner, ChangeHistory {
  private readonly settings: ChangeSettings;

  constructor(
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(RouterOsApiToken) private readonly api: RouterOsApi,
    @inject(ConfigShellToken) private readonly shell: ConfigShell,
    @inject(ChangeRepositoryToken) private readonly changes: ChangeRepository,
    @inject(ChangeLockToken) private readonly lock: ChangeLock,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(ChangeSettings) @optional() settings?: ChangeSettings,
    @inject(ChangeObserver) @optional() private readonly observer?: ChangeObserver,
    /** Seals the secret values a recorded inverse must write back (an old passphrase); without it such changes are refused. */
    @inject(SecretCipherToken) @optional() private readonly cipher?: SecretCipher,
  ) {
    this.settings = { ...DEFAULT_CHANGE_SETTINGS, ...(settings ?? {}) };
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
    const topicFlag = TOPIC_WRITE_FLAGS[original.tool.split('_')[0]];
    return this.execute(
      {
        principal: request.principal,
        correlationId: request.correlationId,
        environment: request.environment,
        deviceId: original.deviceId,
        tool: 'change_revert',
        ...(topicFlag ? { requiresFlag: topicFlag } : {}),
        planner: changeRevertPlanner,
        input: { change: { ...original, inverse: this.openInverse(original.id, original.inverse) } },
        dryRun: request.dryRun,
        signal: request.signal,
        ...(request.authority ? { authority: request.authority, tier: 'professional' as const } : {}),
        ...(request.revertChangeId ? { changeId: request.revertChangeId } : {}),
      },
      original,
    );
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
      const outcome = await this.plan(request, device, target, context);
      const state = request.dryRun ? { stateHash: outcome.state.hash, stateSections: outcome.state.sections } : {};
      if (outcome.kind === 'no_change') {
        return { changed: false, dryRun: request.dryRun, summary: outcome.reason, touched: redactTouched(outcome.current), diff: [], risk: 'low', verdicts: outcome.verdicts, verification: { status: 'not_run', checks: [] }, ...state };
      }
      const plan = outcome.plan;
      // Rows shown to the caller never carry a secret value (the live rows read for writing do).
      const result: ChangeResult = { changed: true, dryRun: request.dryRun, summary: plan.summary, touched: redactTouched(plan.touched), diff: diffLines(plan.operations), risk: plan.risk, verdicts: plan.verdicts, verification: { status: 'not_run', checks: [] }, ...state };
      if (request.dryRun) return result;
      return await this.apply(changeId, request, authority, device, target, plan, revertOf);
    } finally {
      await held?.release().catch((error: unknown) => this.logger.warn('device lock release failed; its lease runs out', { device_id: device.id, change_id: changeId, error }));
    }
  }

  /** Read → propose → judge. Refusals throw; nothing is written here. */
  private async plan<I>(request: ChangeRequest<I>, device: Device, target: DeviceTarget, context: SafetyContext): Promise<({ kind: 'no_change'; reason: string; current: readonly TouchedRow[]; verdicts: RuleResult[] } | { kind: 'change'; plan: Planned }) & { state: LiveStateDigest }> {
    const reads = request.planner.reads(request.input);
    let live: LiveRows = await readLiveRows(this.api, target, reads, { signal: request.signal });
    // The state the proposal is computed from: what a reviewer saw must still be there (the caller holds the lock).
    const state = liveStateDigest(live, reads);
    if (request.expectedStateHash !== undefined && state.hash !== request.expectedStateHash) {
      throw new ChangeStateDriftedError(device.id, request.expectedStateSections ? driftedSections(request.expectedStateSections, state.sections) : []);
    }
    const outcome = request.planner.propose(live, request.input);
    if (outcome.kind === 'no_change') return { ...outcome, state, verdicts: evaluateSafety(context).results.filter((r) => !NEEDS_DEVICE_STATE.has(r.ruleId)) };
    const { proposal } = outcome;
    // The evaluation looks further than the menus written only when a write touches what the path depends on (a
    // radio's settings included), and then the same evaluation judges every write: tools, plan steps, reverts, rollbacks.
    const judged = await judgeManagementPath(this.api, target, device, live, proposal.operations, request.signal);
    live = judged.live;
    const touchesPath = judged.touchesPath;
    const report = assertSafe(context, [judged.verdict]);
    // Records never hold a secret in the clear: a change whose undo writes one back keeps it sealed, or is not made.
    const inverse = inverseOperations(live, proposal.operations);
    const secrets = secretsNeededToRestore(inverse.operations);
    if (secrets.length > 0 && !this.cipher) throw new ChangeNotRevertibleError(`undoing it would need the secret value of ${secrets.join(', ')}, which this service never stores`);
    const commands = proposal.operations.filter((op) => op.kind === 'command');
    return {
      kind: 'change',
      state,
      plan: {
        live,
        summary: proposal.summary,
        operations: proposal.operations,
        touched: proposal.touched,
        risk: proposal.risk,
        verdicts: report.results,
        touchesPath,
        ...(commands.length ? { notRevertible: `${commands.map((c) => `${c.menu}/${c.command}`).join(', ')} has no state to restore` } : {}),
      },
    };
  }

  private async apply<I>(changeId: string, request: ChangeRequest<I>, authority: ChangeAuthority, device: Device, target: DeviceTarget, plan: Planned, revertOf?: ChangeRecord): Promise<ChangeResult> {
    const now = this.clock.now();
    const { principal } = request;
    let record: ChangeRecord = {
      id: changeId, deviceId: device.id, tool: request.tool,
      actor: { id: principal.id, via: principal.via, ...(principal.sessionId ? { sessionId: principal.sessionId } : {}), ...(principal.clientName ? { clientName: principal.clientName } : {}) },
      authority, correlationId: request.correlationId, summary: plan.summary, risk: plan.risk, status: 'proposed',
      operations: plan.operations, addedIds: [], touched: redactTouched(plan.touched), inverse: this.sealInverse(changeId, inverseOperations(plan.live, plan.operations).operations),
      ...(plan.notRevertible ? { notRevertible: plan.notRevertible } : {}),
      diff: diffLines(plan.operations), verdicts: plan.verdicts.map((v) => ({ ruleId: v.ruleId, status: v.status, message: v.message })),
      step: 'record', ...(revertOf ? { revertOf: revertOf.id } : {}), beforeIds: beforeIdsOf(plan.live, plan.operations), createdAt: now, updatedAt: now,
    };
    // The before-state is in the database before anything is written, with the change's audit record (`started`,
    // settled with the change): a process killed from here on leaves both for recovery.
    await this.changes.create(record, changeAuditEvent(record, principal, 'started', now));
    record = { ...record, ...(await this.observe('beforeWrite', record)) };

    let guard: ChangeGuard;
    const attempt = { timer: false };
    try {
      guard = await this.protect(record, device, target, plan, attempt);
    } catch (error) {
      // A timer whose arming answer was lost may be on the device: harmless (it restores what the device still has).
      const leftover = attempt.timer && !(await RevertTimerGuard.removeLeftover(this.api, target, changeId));
      // Sets and moves back are harmless on an unchanged device; adding back a row that was never removed doubles it.
      const readds = record.inverse.filter((op) => op.kind === 'add').map((op) => `/${op.menu}`);
      const entry = revertSchedulerName(changeId);
      const left = readds.length > 0 ? `; a scheduler entry ${entry} may be left on the device: remove it before it runs, or it adds a second copy of the row in ${[...new Set(readds)].join(', ')}` : `; a scheduler entry ${entry} may be left on the device: it restores the current state and removes itself`;
      const outcome = `the change was not made${leftover ? left : ''}`;
      record = transition(record, 'failed', this.clock.now(), { step: 'protect', error: causeOf(error), outcome });
      await this.finish(record, principal, error);
      throw new ChangeFailedError(changeId, device.id, 'protect', leftover && readds.length > 0 ? 'needs_attention' : 'unchanged', outcome, causeOf(error));
    }
    record = transition(record, 'applying', this.clock.now(), { step: 'write', protection: guard.protection });
    await this.save(record);

    const flight: InFlight = { record, plan, device, target, principal, signal: request.signal, guard, addedIds: [] };
    let step: ChangeStep = 'write';
    let reread: LiveRows;
    try {
      for (const [i, op] of plan.operations.entries()) {
        flight.addedIds[i] = await writeOperation(this.api, target, op, request.signal);
        if (op.kind !== 'add') continue;
        const inverse = inverseOperations(plan.live, plan.operations, flight.addedIds).operations;
        // Kept at once: a successor settling this change after the process died removes the row by this id.
        // Kept sealed like every saved inverse (an old passphrase is in it); the device's timer gets it in the clear.
        flight.record = { ...flight.record, addedIds: [...flight.addedIds], inverse: this.sealInverse(changeId, inverse) };
        await this.save(flight.record);
        await guard.updateInverse(inverse);
      }
      step = 'verify';
      // The rows are re-read while a new TCP and TLS session is opened beside the pooled one: the change must not
      // have cut the service's way in for new connections (an input drop lets established ones live on).
      [reread] = await Promise.all([readLiveRows(this.api, target, menusOf(plan.operations), { signal: request.signal }), this.freshSession(target)]);
      const unmet = unmetOperations(reread, plan.operations, flight.addedIds);
      if (unmet.length > 0) throw new ChangeNotHeldError(`the device does not hold the change: ${unmet.slice(0, 3).join('; ')}`);
      step = 'release';
      await guard.release();
    } catch (error) {
      return this.fail(flight, step, error);
    }

    const touched = withLiveAfter(plan.touched, reread!, plan.operations, flight.addedIds);
    record = transition(flight.record, 'verified', this.clock.now(), {
      step: 'release',
      addedIds: [...flight.addedIds],
      inverse: this.sealInverse(changeId, inverseOperations(plan.live, plan.operations, flight.addedIds).operations),
      touched: redactTouched(touched),
    });
    await this.finish(record, principal);
    if (revertOf) await this.markReverted(revertOf, record.id);
    return {
      changed: true, dryRun: false, changeId, summary: plan.summary, touched: record.touched, diff: record.diff, risk: plan.risk, verdicts: plan.verdicts, protection: guard.protection,
      verification: { status: 'verified', checks: ['the touched rows hold the desired state', 'the device accepts a new TLS session'] },
    };
  }

  /** The inverse as records keep it: secret values sealed, bound to the change and the property. */
  private sealInverse(changeId: string, inverse: readonly RowOperation[]): RowOperation[] {
    return sealRecordedInverse(changeId, inverse, this.cipher);
  }

  /** A recorded inverse ready to write: its sealed secrets opened. */
  private openInverse(changeId: string, inverse: readonly RowOperation[]): RowOperation[] {
    return openRecordedInverse({ id: changeId, inverse }, this.cipher);
  }

  /** A new TLS session to the REST port presenting the pinned certificate (the pooled connection stays as it is). */
  private async freshSession(target: DeviceTarget): Promise<void> {
    const presented = await this.api.presentedCertificate(target.host, target.restPort);
    if (target.tlsFingerprint && presented !== target.tlsFingerprint) throw new ChangeNotHeldError('a new TLS session to the device presents another certificate than the pinned one');
  }

  /** Safe mode when the change touches the management path or the device is critical; a device-side revert where SSH cannot. */
  private async protect(record: ChangeRecord, device: Device, target: DeviceTarget, plan: Planned, attempt: { timer: boolean }): Promise<ChangeGuard> {
    if (!plan.touchesPath && !device.critical) return NO_GUARD;
    const facts = await this.api.facts(target);
    try {
      return await SafeModeGuard.take(this.shell, target, facts.version);
    } catch (error) {
      this.logger.warn('safe mode unavailable; arming a device-side revert instead', { device_id: device.id, change_id: record.id, reason: causeOf(error).message });
    }
    attempt.timer = true;
    return RevertTimerGuard.arm(this.api, target, record.id, inverseOperations(plan.live, plan.operations).operations, this.settings.revertTimerSeconds, this.clock.now());
  }

  /** Undo, confirm the before-state, record and report where the device ended up. Always throws. */
  private async fail(flight: InFlight, step: ChangeStep, error: unknown): Promise<never> {
    const { plan, target, guard, device } = flight;
    const cause = error instanceof ChangeNotHeldError ? { code: error.code, message: error.message } : causeOf(error);
    this.logger.warn('change failed; undoing it', { device_id: device.id, change_id: flight.record.id, step, code: cause.code });
    // An add whose answer was lost may still have happened: read what is there (once the device answers again)
    // rather than repeat the write or guess.
    if (plan.operations.some((op, i) => op.kind === 'add' && flight.addedIds[i] === undefined)) {
      const now = await this.readWhenReachable(target, menusOf(plan.operations), this.settings.revertWatchMs);
      plan.operations.forEach((op, i) => {
        if (op.kind === 'add' && flight.addedIds[i] === undefined && now) flight.addedIds[i] = findAdded(plan.live, now, op);
      });
    }
    const how = await guard.unroll();
    let undoError: unknown;
    if (how === 'rest') {
      // Read before undoing (a new connection after a drop): a write whose answer was lost may not have happened,
      // and adding back a row that is still there would double it.
      const now = await this.readWhenReachable(target, menusOf(plan.operations), 2_000);
      for (const op of inverseOperations(plan.live, plan.operations, flight.addedIds).operations) {
        if (now && alreadyInEffect(now, op)) continue;
        try {
          await writeOperation(this.api, target, op);
        } catch (e) {
          undoError = e;
          break;
        }
      }
    }
    const left = await this.watchRestored(flight, how === 'device' ? this.settings.revertWatchMs : 2_000);
    let status: 'reverted' | 'revert_pending' | 'needs_attention';
    let outcome: string;
    if (left.length === 0) {
      await guard.disarm();
      status = 'reverted';
      outcome = `reverted (${how === 'rest' ? 'the inverse written over REST' : 'safe mode unrolled'}) and the before-state confirmed`;
    } else if (guard.pendingUntil) {
      status = 'revert_pending';
      outcome = `revert pending on the device within ${Math.max(1, Math.ceil((guard.pendingUntil.getTime() - this.clock.now().getTime()) / 1000))} s (its scheduler entry restores the before-state)`;
    } else if (how === 'device') {
      status = 'revert_pending';
      outcome = 'revert pending on the device: the safe-mode session was dropped unreleased, and RouterOS undoes the change when it notices';
    } else {
      status = 'needs_attention';
      outcome = `needs attention: ${left.slice(0, 3).join('; ')}${undoError ? ` (undo failed: ${causeOf(undoError).message})` : ''}`;
    }
    const record = transition(flight.record, status, this.clock.now(), { step, addedIds: [...flight.addedIds], inverse: this.sealInverse(flight.record.id, inverseOperations(plan.live, plan.operations, flight.addedIds).operations), error: cause, outcome });
    await this.finish(record, flight.principal, error);
    throw new ChangeFailedError(record.id, device.id, step, status, outcome, cause);
  }

  /** Re-reads until the touched rows are as they were, within `boundMs`; answers what is still not back. */
  private async watchRestored(flight: InFlight, boundMs: number): Promise<string[]> {
    const { plan, target } = flight;
    const started = Date.now();
    let left = ['the device could not be read'];
    for (;;) {
      const live = await readLiveRows(this.api, target, menusOf(plan.operations)).catch(() => undefined);
      if (live) left = unrestored(plan.live, live, plan.operations, flight.addedIds);
      if (left.length === 0 || Date.now() - started >= boundMs) return left;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async readWhenReachable(target: DeviceTarget, menus: readonly string[], boundMs: number): Promise<LiveRows | undefined> {
    const started = Date.now();
    for (;;) {
      const live = await readLiveRows(this.api, target, menus).catch(() => undefined);
      if (live || Date.now() - started >= boundMs) return live;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async markReverted(original: ChangeRecord, byChangeId: string): Promise<void> {
    const latest = (await this.changes.get(original.id)) ?? original;
    await this.save(transition(latest, 'reverted', this.clock.now(), { revertedBy: byChangeId }));
  }

  private async save(record: ChangeRecord): Promise<void> {
    await this.changes.save(record).catch((error: unknown) => this.logger.error('change record could not be saved', { change_id: record.id, error }));
  }

  /** What an observer noted for the record (the snapshot before the write), if anything; its failure is only logged. */
  private async observe(hook: keyof ChangeObserver, record: ChangeRecord): Promise<Pick<ChangeRecord, 'beforeSnapshot'> | undefined> {
    const note = await this.observer?.[hook]?.(record).catch((error: unknown) => this.logger.warn(`change observer ${hook} failed`, { change_id: record.id, error }));
    return note ?? undefined;
  }

  /**
   * Saves the final state with the change's audit record (principal, diff, verdicts, protection, never a secret) in
   * one transaction, then lets the observer take its after-snapshot.
   */
  private async finish(record: ChangeRecord, principal: Principal, error?: unknown): Promise<void> {
    await this.changes
      .settle(record, changeAuditEvent(record, principal, error === undefined ? 'success' : 'error', this.clock.now()))
      .catch((e: unknown) => this.logger.error('change record and its audit could not be saved', { change_id: record.id, error: e }));
    if (record.status !== 'failed') await this.observe('afterChange', record);
  }
}

/** The ids of the rows each written menu holds before the change (singleton menus have none), for recovery. */
function beforeIdsOf(live: LiveRows, operations: readonly RowOperation[]): Record<string, string[]> {
  return Object.fromEntries(menusOf(operations).filter((menu) => !isSingletonMenu(menu)).map((menu) => [menu, (live[menu] ?? []).map((r) => r['.id']).filter((id): id is string => id !== undefined)]));
}

/** Touched rows with their after-state as the device holds it now; added rows under the ids the device gave them, in order. */
function withLiveAfter(touched: readonly TouchedRow[], live: LiveRows, operations: readonly RowOperation[], addedIds: readonly (string | undefined)[]): TouchedRow[] {
  const addedByMenu = new Map<string, string[]>();
  operations.forEach((op, i) => {
    const id = addedIds[i];
    if (op.kind === 'add' && id) addedByMenu.set(op.menu, [...(addedByMenu.get(op.menu) ?? []), id]);
  });
  return touched.map((t) => {
    if (t.after === undefined) return t;
    const rows = live[t.menu] ?? [];
    if (t.id !== undefined) return { ...t, after: rows.find((r) => r['.id'] === t.id) ?? t.after };
    if (t.before !== undefined) return { ...t, after: rows[0] ?? t.after };
    const id = addedByMenu.get(t.menu)?.shift();
    const row = id ? rows.find((r) => r['.id'] === id) : undefined;
    return row ? { ...t, id, after: row } : t;
  });
}
