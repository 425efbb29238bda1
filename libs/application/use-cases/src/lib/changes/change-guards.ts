import type { ConfigShell, DeviceTarget, RouterOsApi, ShellSession } from '@routeros-mcp/application-ports';
import type { ChangeProtection, RowOperation } from '@routeros-mcp/domain-changes';
import { parseDeviceClock, revertScript, revertSchedulerName, schedulerStart } from '@routeros-mcp/domain-changes';
import { InternalError } from '@routeros-mcp/domain-kernel';

/**
 * How the undo of a failed change happens: `immediate` (safe mode unrolled), `device` (the device undoes it on its
 * own once the session that held safe mode is gone), or `rest` (the pipeline writes the inverse itself).
 */
export type UnrollKind = 'immediate' | 'device' | 'rest';

/** What guards a change while it is written: taken before the first write, released after verification. */
export interface ChangeGuard {
  readonly protection: ChangeProtection;
  /** Keeps a device-side revert complete as added rows get their ids. */
  updateInverse(inverse: readonly RowOperation[]): Promise<void>;
  release(): Promise<void>;
  unroll(): Promise<UnrollKind>;
  /** When the device's own revert fires, for a timer still armed (our clock). */
  readonly pendingUntil?: Date;
  /** Best-effort cleanup after an undo the pipeline made itself. */
  disarm(): Promise<void>;
  /**
   * Let go as a process that died would, writing nothing: the change now belongs to whoever took the device's lock
   * over (crash recovery counts on a dead holder's guard: safe mode dropped with its session, a timer left armed).
   */
  abandon(): Promise<void>;
}

export const NO_GUARD: ChangeGuard = {
  protection: 'none_needed',
  updateInverse: async () => undefined,
  release: async () => undefined,
  unroll: async () => 'rest',
  disarm: async () => undefined,
  abandon: async () => undefined,
};

/** RouterOS safe mode held over SSH: a cut connection makes the device undo everything written meanwhile. */
export class SafeModeGuard implements ChangeGuard {
  readonly protection = 'safe_mode' as const;
  private constructor(private readonly session: ShellSession) {}

  static async take(shell: ConfigShell, target: DeviceTarget, routerosVersion: string | undefined): Promise<SafeModeGuard> {
    const session = await shell.open(target, { routerosVersion });
    try {
      await session.takeSafeMode();
    } catch (error) {
      await session.close().catch(() => undefined);
      throw error;
    }
    return new SafeModeGuard(session);
  }

  async updateInverse(): Promise<void> {
    return undefined;
  }

  async release(): Promise<void> {
    try {
      await this.session.releaseSafeMode();
    } finally {
      await this.session.close().catch(() => undefined);
    }
  }

  async unroll(): Promise<UnrollKind> {
    try {
      const { immediate } = await this.session.unrollSafeMode();
      if (!immediate) return 'device';
      await this.session.releaseSafeMode().catch(() => undefined);
      return 'immediate';
    } catch {
      // The session is gone or refused: dropping it unreleased is the undo the device makes by itself.
      return 'device';
    } finally {
      await this.session.close().catch(() => undefined);
    }
  }

  async disarm(): Promise<void> {
    await this.session.close().catch(() => undefined);
  }

  /** The session closed with safe mode unreleased: RouterOS undoes what it wrote, as for a holder that died. */
  async abandon(): Promise<void> {
    await this.session.close().catch(() => undefined);
  }
}

/** A one-shot scheduler entry, armed over REST, that restores the before-state unless it is removed in time. */
export class RevertTimerGuard implements ChangeGuard {
  readonly protection = 'device_revert_timer' as const;
  private armed = true;

  private constructor(
    private readonly api: RouterOsApi,
    private readonly target: DeviceTarget,
    private readonly changeId: string,
    private readonly entryId: string,
    readonly firesAt: Date,
  ) {}

  get pendingUntil(): Date | undefined {
    return this.armed ? this.firesAt : undefined;
  }

  static async arm(api: RouterOsApi, target: DeviceTarget, changeId: string, inverse: readonly RowOperation[], seconds: number, now: Date): Promise<RevertTimerGuard> {
    const clock = await api.getSingleton(target, 'system/clock');
    const deviceNow = parseDeviceClock(clock['date'] ?? '', clock['time'] ?? '');
    if (!deviceNow) throw new InternalError(`the device clock reads '${clock['date']} ${clock['time']}', which is not a date this service can schedule on`);
    const row = await api.add(target, 'system/scheduler', {
      name: revertSchedulerName(changeId),
      ...schedulerStart(deviceNow, seconds),
      interval: '0s',
      'on-event': revertScript(changeId, inverse),
    });
    return new RevertTimerGuard(api, target, changeId, row['.id'], new Date(now.getTime() + seconds * 1000));
  }

  /**
   * Removes the change's entry found by name, for an arming whose answer was lost: true when none is left. Such an
   * entry is harmless (its script restores the state the device still has, then removes itself), but not kept.
   */
  static async removeLeftover(api: RouterOsApi, target: DeviceTarget, changeId: string): Promise<boolean> {
    try {
      const left = await api.list(target, 'system/scheduler', { query: [`name=${revertSchedulerName(changeId)}`] });
      for (const row of left) await api.remove(target, 'system/scheduler', row['.id']);
      return true;
    } catch {
      return false;
    }
  }

  async updateInverse(inverse: readonly RowOperation[]): Promise<void> {
    await this.api.update(this.target, 'system/scheduler', this.entryId, { 'on-event': revertScript(this.changeId, inverse) });
  }

  async release(): Promise<void> {
    await this.api.remove(this.target, 'system/scheduler', this.entryId);
    this.armed = false;
  }

  async unroll(): Promise<UnrollKind> {
    return 'rest';
  }

  async disarm(): Promise<void> {
    await this.release().catch(() => undefined);
  }

  /** Left armed: recovery removes it (or it fires) as for a holder that died. */
  async abandon(): Promise<void> {
    return undefined;
  }
}
