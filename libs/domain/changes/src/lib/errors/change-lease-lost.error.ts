import { DomainError } from '@routeros-mcp/domain-kernel';

/**
 * The device lock's lease ran out while this process held it (a long pause: GC, a frozen VM, a stopped container):
 * another process may have taken the device over and settled the change. The change stops here, writing and recording
 * nothing more; its record says what the device was left as.
 */
export class ChangeLeaseLostError extends DomainError {
  readonly code = 'CHANGE.LEASE_LOST';
  constructor(
    readonly deviceId: string,
    readonly changeId: string,
    /** The step it stopped before: `record`, `protect`, `write`, `verify`, `release`, `undo`. */
    readonly before: string,
  ) {
    super(`change ${changeId} on device '${deviceId}' stopped before its ${before} step: this process lost the device's lock while paused, and another may have settled the change`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, change_id: this.changeId, stopped_before: this.before };
  }
}
