import { DomainError } from '@routeros-mcp/domain-kernel';

/** The change cannot be undone from its record (a command, a secret value records never hold, not applied). */
export class ChangeNotRevertibleError extends DomainError {
  readonly code = 'CHANGE.NOT_REVERTIBLE';
  constructor(
    readonly reason: string,
    readonly changeId?: string,
  ) {
    super(changeId ? `change ${changeId} cannot be reverted: ${reason}` : `this change could not be undone if it failed: ${reason}`);
  }
  override details(): Record<string, unknown> {
    return { ...(this.changeId ? { change_id: this.changeId } : {}), reason: this.reason };
  }
}
