import type { Clock, DeviceTarget, Logger, RouterOsApi } from '@routeros-mcp/application-ports';
import type { ChangeStep, LiveRows } from '@routeros-mcp/domain-changes';
import { ChangeFailedError, inverseOperations, transition } from '@routeros-mcp/domain-changes';
import { cancellationOr } from '@routeros-mcp/domain-kernel';
import type { InFlight } from './change-flight';
import { causeOf, menusOf } from './change-flight';
import type { ChangeRecorder } from './change-recorder';
import type { ChangeSettings } from './change-settings';
import { ChangeNotHeldError } from './change-verification';
import { alreadyInEffect, findAdded, unrestored, writeOperation } from './change-writes';
import { readLiveRows } from './live-rows';

/** The failure step after the first write: undo, confirm the before-state, settle the record with where the device ended up. */
export class UndoStep {
  constructor(
    private readonly api: RouterOsApi,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: ChangeSettings,
    private readonly recorder: ChangeRecorder,
  ) {}

  /**
   * Undo, confirm the before-state, record and report where the device ended up. Always throws. A change its caller
   * cancelled mid-way is undone the same way (nothing is left half made), recorded with the cancellation as its cause.
   */
  async fail(flight: InFlight, step: ChangeStep, failure: unknown): Promise<never> {
    const { plan, target, guard, device } = flight;
    const error = cancellationOr(failure, flight.signal);
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
    const record = transition(flight.record, status, this.clock.now(), { step, addedIds: [...flight.addedIds], inverse: this.recorder.sealInverse(flight.record.id, inverseOperations(plan.live, plan.operations, flight.addedIds).operations), error: cause, outcome });
    await this.recorder.finish(record, flight.principal, error);
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
}
