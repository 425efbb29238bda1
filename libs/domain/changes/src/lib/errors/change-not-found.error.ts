import { DomainError } from '@routeros-mcp/domain-kernel';

export class ChangeNotFoundError extends DomainError {
  readonly code = 'CHANGE.NOT_FOUND';
  constructor(readonly changeId: string) {
    super(`change '${changeId}' is not recorded`);
  }
  override details(): Record<string, unknown> {
    return { change_id: this.changeId };
  }
}
