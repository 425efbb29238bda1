import { DomainError, truncate } from '@routeros-mcp/domain-kernel';
import type { ChangeStep } from '../change-record';

/** Where a failed change left the device. */
export type ChangeEndState = 'unchanged' | 'reverted' | 'revert_pending' | 'needs_attention';

/** A change that failed after it began writing (or while protecting): which step, and where the device ended up. */
export class ChangeFailedError extends DomainError {
  readonly code = 'CHANGE.FAILED';
  override readonly fault = 'system' as const;
  constructor(
    readonly changeId: string,
    readonly deviceId: string,
    readonly step: ChangeStep,
    readonly endState: ChangeEndState,
    /** The end state in words: `reverted and verified`, `revert pending on the device within 60 s`, `needs attention: …`. */
    readonly outcome: string,
    readonly failure: { code: string; message: string },
  ) {
    super(`change ${changeId} on '${deviceId}' failed at ${step} (${truncate(failure.message, 120)}); ${outcome}`);
  }
  override details(): Record<string, unknown> {
    return { change_id: this.changeId, device_id: this.deviceId, step: this.step, end_state: this.endState, outcome: this.outcome, cause_code: this.failure.code };
  }
}
