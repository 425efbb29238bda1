import { DomainError } from '@routeros-mcp/domain-kernel';

/** Someone else saved the same record since it was read; reload and try again. */
export class ConcurrentModificationError extends DomainError {
  readonly code = 'STATE.CONFLICT';
  constructor(
    readonly resourceType: string,
    readonly resourceId: string,
  ) {
    super(`${resourceType} '${resourceId}' was changed by someone else meanwhile; reload it and try again`);
  }
  override details(): Record<string, unknown> {
    return { resource_type: this.resourceType, resource_id: this.resourceId };
  }
}
