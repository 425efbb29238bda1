import { DomainError } from '@routeros-mcp/domain-kernel';

/** The rows a change touched no longer hold its after-state: undoing it would overwrite someone's later change. */
export class ChangeMovedOnError extends DomainError {
  readonly code = 'CHANGE.MOVED_ON';
  constructor(
    readonly changeId: string,
    /** `/ip dns servers is 8.8.8.8, the change left 1.1.1.1`. */
    readonly differences: readonly string[],
  ) {
    super(`change ${changeId} cannot be reverted: the device moved on since (${differences.slice(0, 3).join('; ')})`);
  }
  override details(): Record<string, unknown> {
    return { change_id: this.changeId, differences: this.differences.slice(0, 10) };
  }
}
