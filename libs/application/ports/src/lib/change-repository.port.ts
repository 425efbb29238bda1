import type { ChangeRecord, ChangeStatus } from '@routeros-mcp/domain-changes';

export interface ChangeQuery {
  deviceId?: string;
  status?: ChangeStatus;
  limit: number;
}

export const ChangeRepository = Symbol.for('ChangeRepository');
/** Every change ever attempted on a device, with its before-state (secrets redacted), kept before the first write. */
export interface ChangeRepository {
  /** Stores a new record. */
  create(record: ChangeRecord): Promise<void>;
  /** Replaces a stored record with its next state. */
  save(record: ChangeRecord): Promise<void>;
  get(id: string): Promise<ChangeRecord | undefined>;
  /** Newest first. */
  list(query: ChangeQuery): Promise<ChangeRecord[]>;
}
