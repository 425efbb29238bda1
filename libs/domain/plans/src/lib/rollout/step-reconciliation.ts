/** The statuses of a single-device change record, as the plan runner reads them back (domain-changes owns them). */
export type RecordedChangeStatus = 'proposed' | 'applying' | 'verified' | 'reverted' | 'revert_pending' | 'needs_attention' | 'failed';

/**
 * Where a step stands after a restart, from the change record it started (its id is committed on the step before
 * the change runs, and the record is written before the device's first write):
 * - `succeeded`: the change was applied and verified; never run again.
 * - `not_applied`: no record (the process died before it), or the change ended with the device as it was: the
 *   step runs again under a new change id, so the device gets the change exactly once.
 * - `wait`: the record is still in flight (its process died mid-write: crash recovery settles it once the device
 *   lock's lease runs out) or the device's own revert is pending.
 * - `needs_attention`: the device's state could not be confirmed: the runner halts for an operator.
 */
export type StepReconciliation =
  | { kind: 'succeeded' }
  | { kind: 'not_applied'; reason: string }
  | { kind: 'wait'; reason: string }
  | { kind: 'needs_attention'; reason: string };

export function reconcileStep(record: { status: RecordedChangeStatus; outcome?: string } | undefined): StepReconciliation {
  if (!record) return { kind: 'not_applied', reason: 'the step had not recorded a change when the runner stopped' };
  switch (record.status) {
    case 'verified':
      return { kind: 'succeeded' };
    case 'failed':
    case 'reverted':
      return { kind: 'not_applied', reason: `its change ended ${record.status}${record.outcome ? `: ${record.outcome}` : ''}` };
    case 'proposed':
    case 'applying':
      return { kind: 'wait', reason: `its change is still ${record.status}; crash recovery settles it once the device lock's lease runs out` };
    case 'revert_pending':
      return { kind: 'wait', reason: 'the device has not yet undone the change by itself' };
    case 'needs_attention':
      return { kind: 'needs_attention', reason: record.outcome ?? 'the device state after the change could not be confirmed' };
  }
}
