import { DomainError } from '@routeros-mcp/domain-kernel';

/** Another change holds the device's write lock past the wait: names the change in progress. */
export class ChangeConflictError extends DomainError {
  readonly code = 'CHANGE.CONFLICT';
  constructor(
    readonly deviceId: string,
    readonly changeInProgress: string | undefined,
    readonly waitedSeconds: number,
  ) {
    super(`device '${deviceId}' is being changed by ${changeInProgress ? `change ${changeInProgress}` : 'another change'}; waited ${waitedSeconds} s`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, change_in_progress: this.changeInProgress ?? null, waited_seconds: this.waitedSeconds };
  }
}
