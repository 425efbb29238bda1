import type { ChangeRecord, ChangeStatus } from '@routeros-mcp/domain-changes';
import type { AuditEvent } from './audit-log.port';

export interface ChangeQuery {
  deviceId?: string;
  status?: ChangeStatus;
  /** The changes one call made (its audit record carries the same id). */
  correlationId?: string;
  limit: number;
}

export const ChangeRepository = Symbol.for('ChangeRepository');
/** Every change ever attempted on a device, with its before-state (secrets redacted), kept before the first write. */
export interface ChangeRepository {
  /** Stores a new record, with the change's `started` audit record in the same transaction when given. */
  create(record: ChangeRecord, started?: AuditEvent): Promise<void>;
  /** Replaces a stored record with its next state. */
  save(record: ChangeRecord): Promise<void>;
  /**
   * The record's settled state and its audit event in one transaction: a process that dies in between can leave
   * neither a settled change without its audit (a kill -9 right after it) nor an audit of a change still in flight.
   * Each event settles the audit record of its id in place (the change's `started` one), or is appended.
   */
  settle(record: ChangeRecord, audit: AuditEvent | readonly AuditEvent[]): Promise<void>;
  get(id: string): Promise<ChangeRecord | undefined>;
  /** Newest first. */
  list(query: ChangeQuery): Promise<ChangeRecord[]>;
}
