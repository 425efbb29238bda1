import type { HeldLock } from '@routeros-mcp/application-ports';
import type { ChangeRecord, LiveRows } from '@routeros-mcp/domain-changes';
import { transition } from '@routeros-mcp/domain-changes';
import { inject, injectable } from '@routeros-mcp/inversify';
import { targetFor } from '../device-connectivity.service';
import { unmetOperations } from './change-writes';
import type { RecoverySweepOptions } from './interrupted-change-recovery';
import { assessInterrupted, comparableOperations, unrestoredSecrets, writtenMenus } from './interrupted-change';
import { openRecordedInverse } from './inverse-secrets';
import { readLiveRows } from './live-rows';
import { ChangeSweepServices, deviceSilent, messageOf, NO_CIPHER } from './recovery-support';

/** What one re-check came to. */
export type RecheckResult =
  | { changeId: string; deviceId: string; result: 'reverted' | 'recorded'; finding: string }
  /** Read, found as the last re-check said: nothing recorded again. */
  | { changeId: string; deviceId: string; result: 'unchanged' }
  /** Not read: the device does not answer, a writer holds it, or it is no longer enrolled here. */
  | { changeId: string; deviceId: string; result: 'skipped'; reason: string };

/** Records re-checked per sweep (the oldest beyond it wait for the next). */
const SWEEP_LIMIT = 100;


/**
 * Re-checks the changes left `needs_attention` (the tool reported a failure whose undo could not be confirmed,
 * typically because the device stopped answering) once their device answers again, and says what it holds: settled
 * `reverted` when the before-state is back (the write never landed, RouterOS undid it, or someone restored it), or
 * kept `needs_attention` with the re-check recorded (what is left, and whether the change itself holds). Either way
 * an audit record (`change.recheck`, by the service) and a `device.config.changed` event for the device's watchers.
 *
 * It never writes to the device. The recorded inverse is the operator's to run (change_revert, through the whole
 * pipeline: lock, safety rules, protection, verification, under their own authority): the caller was told the change
 * failed and needs attention, and someone may have acted on the device since; undoing by itself could undo their fix
 * and would need an authority nobody gave it (a prod device, an approved plan's step).
 */
@injectable()
export class NeedsAttentionRecheck {
  constructor(@inject(ChangeSweepServices) private readonly on: ChangeSweepServices) {}

  /** One pass over the changes that need attention, oldest first, one at a time. */
  async sweep(options: RecoverySweepOptions = {}): Promise<RecheckResult[]> {
    const found = (await this.on.changes.list({ status: 'needs_attention', limit: SWEEP_LIMIT })).reverse();
    const results: RecheckResult[] = [];
    for (const record of found) {
      if (options.signal?.aborted) break;
      results.push(
        await this.recheck(record, options).catch((error: unknown): RecheckResult => {
          this.on.logger.warn('change needing attention not re-checked', { change_id: record.id, device_id: record.deviceId, error: messageOf(error) });
          return { changeId: record.id, deviceId: record.deviceId, result: 'skipped', reason: messageOf(error) };
        }),
      );
    }
    return results;
  }

  /**
   * One change re-checked now, by id (a rollout step whose process lost the device's lease mid-change, and dropped
   * its safe-mode session unreleased: RouterOS undoes it then, after recovery found it still in effect).
   */
  async recheckOne(changeId: string, options: RecoverySweepOptions = {}): Promise<RecheckResult | undefined> {
    const record = await this.on.changes.get(changeId);
    if (record?.status !== 'needs_attention') return undefined;
    return this.recheck(record, options);
  }

  private async recheck(record: ChangeRecord, options: RecoverySweepOptions): Promise<RecheckResult> {
    const ids = { changeId: record.id, deviceId: record.deviceId };
    const device = await this.on.registry.get(record.deviceId).catch(() => undefined);
    if (!device) return { ...ids, result: 'skipped', reason: 'the device is no longer enrolled' };
    if (options.environment && device.environment !== options.environment) return { ...ids, result: 'skipped', reason: `device of environment ${device.environment}` };
    // Read under the device's lock: no writer (a change_revert of this very change) moves the rows meanwhile.
    let held: HeldLock;
    try {
      held = await this.on.lock.acquire(record.deviceId, { changeId: record.id, waitMs: 0, leaseMs: this.on.settings.lockLeaseMs, signal: options.signal });
    } catch {
      return { ...ids, result: 'skipped', reason: 'a writer holds the device' };
    }
    try {
      const latest = await this.on.changes.get(record.id);
      if (latest?.status !== 'needs_attention') return { ...ids, result: 'skipped', reason: 'settled already' };
      const target = targetFor(device, await this.on.registry.revealCredentials(device.id));
      let live: LiveRows;
      try {
        live = await readLiveRows(this.on.api, target, writtenMenus(latest), { signal: options.signal });
      } catch (error) {
        if (deviceSilent(error)) return { ...ids, result: 'skipped', reason: 'the device does not answer' };
        throw error;
      }
      return await this.settle(latest, live, await this.on.laterChange(latest));
    } finally {
      await this.on.release(held, record);
    }
  }

  /** Compares the device with the record's before-state and records what it found, if it is news. */
  private async settle(record: ChangeRecord, live: LiveRows, laterChangeId?: string): Promise<RecheckResult> {
    const ids = { changeId: record.id, deviceId: record.deviceId };
    const state = assessInterrupted(record, live);
    const left = [...state.left, ...this.unrestoredSecrets(record, live)];
    const now = this.on.clock.now();
    const since = laterChangeId ? `; change ${laterChangeId} was made on the device since` : '';
    if (left.length === 0) {
      const finding = `the device holds the before-state again; nothing was written by the re-check${since}`;
      const settled = transition(record, 'reverted', now, { recheck: { at: now, finding }, outcome: `re-checked once the device answered again: ${finding} (it needed attention: ${record.outcome ?? 'its state could not be confirmed'})` });
      await this.record(record, settled, 'success', finding);
      // A fresh snapshot and the event, as when a change settles.
      await this.on.announce(settled, true);
      return { ...ids, result: 'reverted', finding };
    }
    const holds = unmetOperations(live, comparableOperations(record), state.addedIds).length === 0;
    const finding =
      `not the before-state: ${left.slice(0, 3).join('; ')}${left.length > 3 ? ` (and ${left.length - 3} more)` : ''}; ` +
      `${holds ? 'the device holds the change as it was to be made' : 'nor the whole change'}${since}. Nothing was written: ` +
      `change_revert ${record.id} undoes it through the pipeline (lock, safety rules, protection, verification), or keep it if it is wanted`;
    if (record.recheck?.finding === finding) return { ...ids, result: 'unchanged' };
    await this.record(record, { ...record, recheck: { at: now, finding }, updatedAt: now }, 'error', finding);
    await this.on.announce(record, false);
    return { ...ids, result: 'recorded', finding };
  }

  /** The secret values the undo would write back that the device does not hold now (named, never shown). */
  private unrestoredSecrets(record: ChangeRecord, live: LiveRows): string[] {
    try {
      return unrestoredSecrets(live, openRecordedInverse(record, this.on.cipher ?? NO_CIPHER));
    } catch {
      return ['the secret values its undo keeps sealed could not be opened, so they were not checked'];
    }
  }

  /** The record's new state with its audit record, in one transaction. */
  private async record(before: ChangeRecord, after: ChangeRecord, outcome: 'success' | 'error', finding: string): Promise<void> {
    await this.on.changes.settle(after, this.on.sweepAudit(after, 'change.recheck', { was: before.status, status: after.status, finding }, outcome, outcome === 'error' ? 'CHANGE.NEEDS_ATTENTION' : undefined));
    this.on.logger.warn('change needing attention re-checked', { change_id: after.id, device_id: after.deviceId, status: after.status, finding });
  }
}
