import { DomainError } from '@routeros-mcp/domain-kernel';

export class SnapshotNotFoundError extends DomainError {
  readonly code = 'SNAPSHOT.NOT_FOUND';
  constructor(readonly snapshotId: string) {
    super(`snapshot '${snapshotId}' does not exist (or was removed by retention)`);
  }
  override details(): Record<string, unknown> {
    return { snapshot_id: this.snapshotId, resource_type: 'snapshot' };
  }
}
