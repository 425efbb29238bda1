import type { AuditEvent, DeviceTarget, HeldLock, Principal } from '@routeros-mcp/application-ports';
import type { ChangeRecord, LiveRows, RowOperation } from '@routeros-mcp/domain-changes';
import { transition } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { isDomainError } from '@routeros-mcp/domain-kernel';
import { inject, injectable } from '@routeros-mcp/inversify';
import { targetFor } from '../device-connectivity.service';
import { changeAuditEvent } from './change-audit-event';
import { RevertTimerGuard } from './change-guards';
import { alreadyInEffect, writeOperation } from './change-writes';
import type { InterruptedState, Settlement } from './interrupted-change';
import { assessInterrupted, INTERRUPTED_STATUSES, recoveryInverse, settlementAfterLater, settlementOf, unrestoredSecrets, writtenMenus } from './interrupted-change';
import { openRecordedInverse } from './inverse-secrets';
import { readLiveRows } from './live-rows';
import { ChangeSweepServices, deviceSilent, messageOf, NO_CIPHER } from './recovery-support';
import { judgeManagementPath } from './management-path-check';

export { RECOVERY_PRINCIPAL } from './recovery-support';

/** What one record came to in a sweep. */
export type RecoveryResult =
  | { changeId: string; deviceId: string; result: 'settled'; status: Settlement['status']; outcome: string }
  /** Its process still holds the device, another writer does, or another sweep settled it first. */
  | { changeId: string; deviceId: string; result: 'skipped'; reason: string }
  /** The device did not answer: left as it is, tried again by the next sweep. */
  | { changeId: string; deviceId: string; result: 'unreachable'; reason: string };

export interface RecoverySweepOptions {
  /** Only devices of this environment: a server never contacts another environment's devices. */
  environment?: Environment;
  signal?: AbortSignal;
}

/** Records looked at per status and sweep (the oldest beyond it wait for the next). */
const SWEEP_LIMIT = 100;

/** How the device was found and left, with the ids of added rows found on it. */
type Found = Settlement & { addedIds?: (string | undefined)[] };


/** The device did not answer; the record stays as it is for the next sweep. */
class Unreachable extends Error {}

const isUnreachable = (error: unknown) => deviceSilent(error) || error instanceof Unreachable;

/**
 * Settles the change records a process left `proposed` or `applying` when it died mid-change, and those left
 * `revert_pending` (the device was to undo the change by itself; nobody stayed to confirm it). A record is taken up
 * only when its device's lock is not held for it (its process is gone and the lease ran out); the device's lock is
 * then taken for the recovery, so no writer races it. The device is read live and brought back to the before-state:
 * a leftover revert-timer entry removed first (it must not fire mid-undo and add a row twice), then the recorded
 * inverse written over REST, skipping what is already in effect; a safe-mode change is checked for RouterOS's own
 * undo. Nothing is applied twice and the change is never made again: its caller never saw it verified.
 */
@injectable()
export class InterruptedChangeRecovery {
  constructor(@inject(ChangeSweepServices) private readonly on: ChangeSweepServices) {}

  /** One pass over every interrupted record, oldest first, one at a time. */
  async sweep(options: RecoverySweepOptions = {}): Promise<RecoveryResult[]> {
    const found = (await Promise.all(INTERRUPTED_STATUSES.map((status) => this.on.changes.list({ status, limit: SWEEP_LIMIT })))).flat();
    const results: RecoveryResult[] = [];
    for (const record of found.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())) {
      if (options.signal?.aborted) break;
      const result = await this.recover(record, options).catch((error: unknown): RecoveryResult => {
        this.on.logger.error('interrupted change could not be recovered', { change_id: record.id, device_id: record.deviceId, error: messageOf(error) });
        return { changeId: record.id, deviceId: record.deviceId, result: 'skipped', reason: messageOf(error) };
      });
      results.push(result);
    }
    return results;
  }

  private async recover(record: ChangeRecord, options: RecoverySweepOptions): Promise<RecoveryResult> {
    const ids = { changeId: record.id, deviceId: record.deviceId };
    const holder = await this.on.lock.holder(record.deviceId);
    if (holder !== undefined) return { ...ids, result: 'skipped', reason: holder === record.id ? 'its process still holds the device' : `change ${holder} holds the device` };
    let held: HeldLock;
    try {
      held = await this.on.lock.acquire(record.deviceId, { changeId: record.id, waitMs: 0, leaseMs: this.on.settings.lockLeaseMs, signal: options.signal });
    } catch {
      return { ...ids, result: 'skipped', reason: 'another writer took the device first' };
    }
    try {
      // Read again under the lock: another sweep may have settled it in between.
      const latest = await this.on.changes.get(record.id);
      if (!latest || !INTERRUPTED_STATUSES.includes(latest.status)) return { ...ids, result: 'skipped', reason: 'settled already' };
      const device = await this.on.registry.get(latest.deviceId).catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'DEVICE.NOT_FOUND') return undefined;
        throw error;
      });
      if (!device) return this.settle(latest, { status: 'needs_attention', outcome: 'interrupted (the process ended mid-change); the device is no longer enrolled, so its state could not be checked' });
      if (options.environment && device.environment !== options.environment) return { ...ids, result: 'skipped', reason: `device of environment ${device.environment}` };
      const target = targetFor(device, await this.on.registry.revealCredentials(device.id));
      this.on.logger.warn('recovering a change its process left unfinished', { change_id: latest.id, device_id: latest.deviceId, status: latest.status, protection: latest.protection ?? null });
      const later = await this.on.laterChange(latest);
      if (later) {
        // Its timer would undo this change over the later one: removed all the same. Nothing else is written.
        if (!(await RevertTimerGuard.removeLeftover(this.on.api, target, latest.id))) throw new Unreachable('its revert scheduler entry could not be listed or removed');
        return this.settle(latest, settlementAfterLater(latest, later));
      }
      return this.settle(latest, await this.restore(latest, device, target, options.signal));
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      this.on.logger.warn('interrupted change left for the next sweep: the device does not answer', { change_id: record.id, device_id: record.deviceId, reason: messageOf(error) });
      return { ...ids, result: 'unreachable', reason: messageOf(error) };
    } finally {
      await this.on.release(held, record);
    }
  }

  /** Brings the device back to the record's before-state; throws Unreachable when it does not answer. */
  private async restore(record: ChangeRecord, device: Device, target: DeviceTarget, signal?: AbortSignal): Promise<Found> {
    // The timer's script adds back what the change removed: gone before anything else is written.
    if (!(await RevertTimerGuard.removeLeftover(this.on.api, target, record.id))) throw new Unreachable('its revert scheduler entry could not be listed or removed');
    const menus = writtenMenus(record);
    // The recorded inverse with its sealed secrets opened (an old Wi-Fi passphrase): compared with the device and
    // written back, never stored or logged.
    let opened: RowOperation[];
    try {
      opened = openRecordedInverse(record, this.on.cipher ?? NO_CIPHER);
    } catch (error) {
      const state = assessInterrupted(record, await this.read(target, menus, signal));
      const left = state.left.length > 0 ? state.left : ['the secret values its undo keeps sealed could not be opened, so they were not checked'];
      return { ...settlementOf(record, { left, undone: 'rest', undoError: messageOf(error) }), addedIds: state.addedIds };
    }
    let state = this.assess(record, await this.read(target, menus, signal), opened);
    if (state.left.length === 0) return { ...settlementOf(record, { left: [], undone: 'nothing' }), addedIds: state.addedIds };
    if (record.protection === 'safe_mode') {
      // RouterOS undoes a safe-mode session's changes once it notices the session is gone: watch for it, write nothing.
      state = await this.watch(record, opened, target, menus, state, this.on.settings.revertWatchMs, signal);
      return { ...settlementOf(record, { left: state.left, undone: 'device' }), addedIds: state.addedIds };
    }
    let undoError: unknown;
    const live = await this.read(target, menus, signal);
    const writes = recoveryInverse({ ...record, inverse: opened }, state.addedIds).filter((op) => !alreadyInEffect(live, op));
    // The undo is a write like any other: the service may have moved since (onto the Wi-Fi the change re-keyed).
    const judged = await judgeManagementPath(this.on.api, target, device, live, writes, signal);
    if (judged.verdict.status === 'fail' || judged.verdict.status === 'not_evaluated') {
      const refusal = `not written, ${judged.verdict.ruleId}: ${judged.verdict.message}`;
      this.on.logger.warn('the undo of an interrupted change was not written: it would cut the management path', { change_id: record.id, device_id: record.deviceId, reason: judged.verdict.message });
      return { ...settlementOf(record, { left: state.left, undone: 'rest', undoError: refusal }), addedIds: state.addedIds };
    }
    for (const op of writes) {
      try {
        await writeOperation(this.on.api, target, op, signal);
      } catch (error) {
        if (isUnreachable(error)) throw error;
        undoError = error;
        break;
      }
    }
    state = await this.watch(record, opened, target, menus, { ...state, left: ['not read yet'] }, 2_000, signal);
    return { ...settlementOf(record, { left: state.left, undone: 'rest', ...(undoError ? { undoError: messageOf(undoError) } : {}) }), addedIds: state.addedIds };
  }

  /** The record against the device now, its secrets checked against the opened inverse (the record keeps them redacted). */
  private assess(record: ChangeRecord, live: LiveRows, opened: readonly RowOperation[]): InterruptedState {
    const state = assessInterrupted(record, live);
    return { ...state, left: [...state.left, ...unrestoredSecrets(live, opened)] };
  }

  private async read(target: DeviceTarget, menus: readonly string[], signal?: AbortSignal): Promise<LiveRows> {
    return readLiveRows(this.on.api, target, menus, { signal });
  }

  /** Re-reads until the before-state holds, within `boundMs`; answers the last state seen. */
  private async watch(record: ChangeRecord, opened: readonly RowOperation[], target: DeviceTarget, menus: readonly string[], last: InterruptedState, boundMs: number, signal?: AbortSignal): Promise<InterruptedState> {
    const started = Date.now();
    for (;;) {
      const live = await this.read(target, menus, signal).catch((error: unknown) => (isUnreachable(error) ? undefined : Promise.reject(error)));
      if (live) {
        // A row found added earlier and removed since keeps its id: the record says which row the undo removed.
        const now = this.assess(record, live, opened);
        last = { ...now, addedIds: now.addedIds.map((id, i) => id ?? last.addedIds[i]) };
      }
      if ((live && last.left.length === 0) || Date.now() - started >= boundMs || signal?.aborted) {
        if (!live) throw new Unreachable('the device stopped answering during the recovery');
        return last;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Records the settlement, audits it as the service's own act, and tells listeners the device's state is known again. */
  private async settle(record: ChangeRecord, settlement: Found): Promise<RecoveryResult> {
    const now = this.on.clock.now();
    // A `proposed` record whose device was written to (its `applying` save failed) passes through `applying`.
    const from = record.status === 'proposed' && settlement.status !== 'failed' ? transition(record, 'applying', now) : record;
    // A pending revert keeps the error that failed its change; an interrupted change gets its own.
    const pending = record.status === 'revert_pending';
    const settled = transition(from, settlement.status, now, {
      step: 'revert',
      outcome: settlement.outcome,
      ...(settlement.addedIds ? { addedIds: settlement.addedIds } : {}),
      ...(pending && record.error ? {} : { error: { code: 'CHANGE.INTERRUPTED', message: 'the process making the change ended before it settled' } }),
    });
    // The change's own record, left `started` by the dead process, settles with it (records from before it had
    // one get it appended); one the pipeline settled already (a pending revert's) stays as it is.
    const own = record.status === 'revert_pending' ? [] : [interruptedChangeAudit(settled, record.createdAt)];
    const recovered = this.on.sweepAudit(settled, 'change.recover', { was: record.status, status: settled.status, protection: settled.protection ?? null, outcome: settled.outcome }, settled.status === 'needs_attention' ? 'error' : 'success', settled.error?.code ?? 'CHANGE.INTERRUPTED');
    await this.on.changes.settle(settled, [...own, recovered]);
    this.on.logger.warn('interrupted change settled', { change_id: settled.id, device_id: settled.deviceId, status: settled.status, outcome: settled.outcome });
    // A fresh snapshot when something may have been written; a bare event when nothing was.
    await this.on.announce(settled, settled.status !== 'failed');
    return { changeId: settled.id, deviceId: settled.deviceId, result: 'settled', status: settlement.status, outcome: settlement.outcome };
  }
}

/**
 * The audit record of a change its process never settled: interrupted, as of when it started, with the state recovery
 * settled the change in and who made it.
 */
function interruptedChangeAudit(settled: ChangeRecord, startedAt: Date): AuditEvent {
  const actor: Principal = { id: settled.actor.id, via: settled.actor.via, ...(settled.actor.sessionId ? { sessionId: settled.actor.sessionId } : {}), ...(settled.actor.clientName ? { clientName: settled.actor.clientName } : {}) };
  return {
    ...changeAuditEvent(settled, actor, 'interrupted', startedAt),
    note: `the process making the change ended before it settled; recovery settled it ${settled.status.replace('_', ' ')}: ${settled.outcome ?? settled.status}`,
  };
}
