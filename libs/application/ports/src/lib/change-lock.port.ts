export interface LockRequest {
  /** Who takes it: the change id the holder is working on, named to whoever has to wait. */
  changeId: string;
  /** How long to wait for a holder to finish before giving up with CHANGE.CONFLICT. */
  waitMs: number;
  /** How long the lock holds without renewal: a process that died with it loses it after this. */
  leaseMs: number;
  signal?: AbortSignal;
}

/** A held device lock: renewed while the change runs, released when it ends. */
export interface HeldLock {
  readonly deviceId: string;
  readonly changeId: string;
  /**
   * Whether the lease is still this holder's, renewing it when it is (a fencing check, made right before each device
   * write and each record of the outcome). False once the lease ran out, even if nobody took it yet: a process that
   * was paused past its lease may have been taken over, and must stop rather than write.
   */
  confirm(): Promise<boolean>;
  release(): Promise<void>;
}

export const ChangeLock = Symbol.for('ChangeLock');
/**
 * One writer per device across every process sharing the database (server replicas, the admin CLI). Reads never
 * take it. An expired lease is taken over.
 */
export interface ChangeLock {
  /** @throws ChangeConflictError naming the change in progress when `waitMs` passes first. */
  acquire(deviceId: string, request: LockRequest): Promise<HeldLock>;
  /** The change holding the device's lock right now, if any (expired leases excluded). */
  holder(deviceId: string): Promise<string | undefined>;
}
