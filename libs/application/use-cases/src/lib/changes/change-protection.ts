import type { Clock, ConfigShell, DeviceTarget, Logger, Principal, RouterOsApi } from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { ChangeFailedError, inverseOperations, revertSchedulerName, transition } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import { causeOf } from './change-flight';
import { ChangeGuard, NO_GUARD, RevertTimerGuard, SafeModeGuard } from './change-guards';
import type { Planned } from './change-proposal';
import type { ChangeRecorder } from './change-recorder';
import type { ChangeSettings } from './change-settings';

/** The guard taken before the first write, or the change recorded as failed at `protect` when none could be. */
export class ProtectStep {
  constructor(
    private readonly api: RouterOsApi,
    private readonly shell: ConfigShell,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: ChangeSettings,
    private readonly recorder: ChangeRecorder,
  ) {}

  /**
   * Safe mode when the change touches the management path, the device is critical, or the write is an approved
   * plan's (a step or a rollback: nobody watches a rollout, so a device that goes silent after the write must undo
   * it by itself rather than keep an unconfirmed value); a device-side revert where SSH cannot.
   */
  async protect(record: ChangeRecord, device: Device, target: DeviceTarget, plan: Planned, attempt: { timer: boolean }): Promise<ChangeGuard> {
    if (!plan.touchesPath && !device.critical && record.authority.kind !== 'approved_plan') return NO_GUARD;
    const facts = await this.api.facts(target);
    try {
      return await SafeModeGuard.take(this.shell, target, facts.version);
    } catch (error) {
      this.logger.warn('safe mode unavailable; arming a device-side revert instead', { device_id: device.id, change_id: record.id, reason: causeOf(error).message });
    }
    attempt.timer = true;
    return RevertTimerGuard.arm(this.api, target, record.id, inverseOperations(plan.live, plan.operations).operations, this.settings.revertTimerSeconds, this.clock.now());
  }

  /** Nothing was written: record the change failed at `protect`, naming a revert timer it may have left. Always throws. */
  async fail(record: ChangeRecord, principal: Principal, device: Device, target: DeviceTarget, attempt: { timer: boolean }, error: unknown): Promise<never> {
    const changeId = record.id;
    // A timer whose arming answer was lost may be on the device: harmless (it restores what the device still has).
    const leftover = attempt.timer && !(await RevertTimerGuard.removeLeftover(this.api, target, changeId));
    // Sets and moves back are harmless on an unchanged device; adding back a row that was never removed doubles it.
    const readds = record.inverse.filter((op) => op.kind === 'add').map((op) => `/${op.menu}`);
    const entry = revertSchedulerName(changeId);
    const left = readds.length > 0 ? `; a scheduler entry ${entry} may be left on the device: remove it before it runs, or it adds a second copy of the row in ${[...new Set(readds)].join(', ')}` : `; a scheduler entry ${entry} may be left on the device: it restores the current state and removes itself`;
    const outcome = `the change was not made${leftover ? left : ''}`;
    record = transition(record, 'failed', this.clock.now(), { step: 'protect', error: causeOf(error), outcome });
    await this.recorder.finish(record, principal, error);
    throw new ChangeFailedError(changeId, device.id, 'protect', leftover && readds.length > 0 ? 'needs_attention' : 'unchanged', outcome, causeOf(error));
  }
}
