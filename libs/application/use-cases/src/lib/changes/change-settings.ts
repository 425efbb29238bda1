export const ChangeSettings = Symbol.for('ChangeSettings');
/** How long the pipeline waits and guards; composition binds them from the configuration. */
export interface ChangeSettings {
  /** A second writer on a device waits this long for the first, then gets CHANGE.CONFLICT. */
  lockWaitMs: number;
  /** The device lock's lease, renewed while a change runs (a crashed process loses the lock after it). */
  lockLeaseMs: number;
  /** The device-side revert timer fires this many seconds after it is armed unless disarmed. */
  revertTimerSeconds: number;
  /** How long to watch for a device to undo a change by itself (safe mode without unroll, a lost session). */
  revertWatchMs: number;
}

export const DEFAULT_CHANGE_SETTINGS: ChangeSettings = { lockWaitMs: 10_000, lockLeaseMs: 30_000, revertTimerSeconds: 120, revertWatchMs: 15_000 };
