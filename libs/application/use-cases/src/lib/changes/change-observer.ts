import type { BeforeSnapshot, ChangeRecord } from '@routeros-mcp/domain-changes';

export const ChangeObserver = Symbol.for('ChangeObserver');
/**
 * Where config history hooks into the pipeline (bound by composition when there is one): a snapshot of the device
 * before the first write, and a fresh one plus the `device://{id}/config` notification once a change settled
 * (verified, reverted or left pending). An observer's failure is logged, never fails the change.
 */
export interface ChangeObserver {
  /** May answer what it recorded of the device before the write; the pipeline keeps it on the change record. */
  beforeWrite?(record: ChangeRecord): Promise<{ beforeSnapshot?: BeforeSnapshot } | void>;
  afterChange?(record: ChangeRecord): Promise<void>;
}
