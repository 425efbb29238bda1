import type { ChangeRepository, Clock, Logger, Principal, SecretCipher } from '@routeros-mcp/application-ports';
import type { ChangeAuthority, ChangeRecord, LiveRows, RowOperation } from '@routeros-mcp/domain-changes';
import { diffLines, inverseOperations, redactTouched, transition } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import { isCancellation, StoreUnavailableError } from '@routeros-mcp/domain-kernel';
import { changeAuditEvent } from './change-audit-event';
import type { InFlight } from './change-flight';
import { menusOf } from './change-flight';
import type { ChangeObserver } from './change-observer';
import type { Planned } from './change-proposal';
import type { ChangeRequest } from './change-runner';
import { withLiveAfter } from './change-verification';
import { openRecordedInverse, sealRecordedInverse } from './inverse-secrets';
import { isSingletonMenu } from './live-rows';

/**
 * A change's record and its audit from the first commit to the settled state: opened with its before-state before
 * anything is written, saved as it goes, settled with its audit record in one transaction; the observer's snapshots
 * on either side. Saving failures are logged, never fail the change, except a store outage when the verified change
 * is settled (see settleVerified).
 */
export class ChangeRecorder {
  constructor(
    private readonly changes: ChangeRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly observer?: ChangeObserver,
    private readonly cipher?: SecretCipher,
  ) {}

  /** The change's record (`proposed`, with its before-state and sealed inverse), committed with its `started` audit. */
  async open<I>(changeId: string, request: ChangeRequest<I>, authority: ChangeAuthority, device: Device, plan: Planned, revertOf?: ChangeRecord): Promise<ChangeRecord> {
    const now = this.clock.now();
    const { principal } = request;
    let record: ChangeRecord = {
      id: changeId, deviceId: device.id, tool: request.tool,
      actor: { id: principal.id, via: principal.via, ...(principal.sessionId ? { sessionId: principal.sessionId } : {}), ...(principal.clientName ? { clientName: principal.clientName } : {}) },
      authority, correlationId: request.correlationId, summary: plan.summary, risk: plan.risk, status: 'proposed',
      operations: plan.operations, addedIds: [], touched: redactTouched(plan.touched), inverse: this.sealInverse(changeId, inverseOperations(plan.live, plan.operations).operations),
      ...(plan.notRevertible ? { notRevertible: plan.notRevertible } : {}),
      diff: diffLines(plan.operations), verdicts: plan.verdicts.map((v) => ({ ruleId: v.ruleId, status: v.status, message: v.message })),
      step: 'record', ...(revertOf ? { revertOf: revertOf.id } : {}), beforeIds: beforeIdsOf(plan.live, plan.operations), createdAt: now, updatedAt: now,
    };
    // The before-state is in the database before anything is written, with the change's audit record (`started`,
    // settled with the change): a process killed from here on leaves both for recovery.
    await this.changes.create(record, changeAuditEvent(record, principal, 'started', now));
    record = { ...record, ...(await this.observe('beforeWrite', record)) };
    return record;
  }

  /** The inverse as records keep it: secret values sealed, bound to the change and the property. */
  sealInverse(changeId: string, inverse: readonly RowOperation[]): RowOperation[] {
    return sealRecordedInverse(changeId, inverse, this.cipher);
  }

  /** A recorded inverse ready to write: its sealed secrets opened. */
  openInverse(changeId: string, inverse: readonly RowOperation[]): RowOperation[] {
    return openRecordedInverse({ id: changeId, inverse }, this.cipher);
  }

  /** The verified change settled with its audit: the rows as the device holds them now, the final inverse; a revert marks its original. */
  async settleVerified(flight: InFlight, reread: LiveRows, revertOf?: ChangeRecord): Promise<ChangeRecord> {
    const { plan, principal } = flight;
    const changeId = flight.record.id;
    const touched = withLiveAfter(plan.touched, reread, plan.operations, flight.addedIds);
    const record = transition(flight.record, 'verified', this.clock.now(), {
      step: 'release',
      addedIds: [...flight.addedIds],
      inverse: this.sealInverse(changeId, inverseOperations(plan.live, plan.operations, flight.addedIds).operations),
      touched: redactTouched(touched),
    });
    // Not logged and carried on like the other saves: a verified change its record does not say so would be undone
    // by crash recovery once the store is back, behind a caller told it was applied. The pipeline undoes it now.
    await this.changes.settle(record, changeAuditEvent(record, principal, 'success', this.clock.now())).catch((e: unknown) => {
      if (e instanceof StoreUnavailableError) throw e;
      this.logger.error('change record and its audit could not be saved', { change_id: record.id, error: e });
    });
    await this.observe('afterChange', record);
    if (revertOf) await this.markReverted(revertOf, record.id);
    return record;
  }

  private async markReverted(original: ChangeRecord, byChangeId: string): Promise<void> {
    const latest = (await this.changes.get(original.id)) ?? original;
    await this.save(transition(latest, 'reverted', this.clock.now(), { revertedBy: byChangeId }));
  }

  async save(record: ChangeRecord): Promise<void> {
    await this.changes.save(record).catch((error: unknown) => this.logger.error('change record could not be saved', { change_id: record.id, error }));
  }

  /** What an observer noted for the record (the snapshot before the write), if anything; its failure is only logged. */
  private async observe(hook: keyof ChangeObserver, record: ChangeRecord): Promise<Pick<ChangeRecord, 'beforeSnapshot'> | undefined> {
    const note = await this.observer?.[hook]?.(record).catch((error: unknown) => this.logger.warn(`change observer ${hook} failed`, { change_id: record.id, error }));
    return note ?? undefined;
  }

  /**
   * Saves the final state with the change's audit record (principal, diff, verdicts, protection, never a secret) in
   * one transaction, then lets the observer take its after-snapshot.
   */
  async finish(record: ChangeRecord, principal: Principal, error?: unknown): Promise<void> {
    await this.changes
      .settle(record, changeAuditEvent(record, principal, error === undefined ? 'success' : isCancellation(error) ? 'cancelled' : 'error', this.clock.now()))
      .catch((e: unknown) => this.logger.error('change record and its audit could not be saved', { change_id: record.id, error: e }));
    if (record.status !== 'failed') await this.observe('afterChange', record);
  }
}

/** The ids of the rows each written menu holds before the change (singleton menus have none), for recovery. */
function beforeIdsOf(live: LiveRows, operations: readonly RowOperation[]): Record<string, string[]> {
  return Object.fromEntries(menusOf(operations).filter((menu) => !isSingletonMenu(menu)).map((menu) => [menu, (live[menu] ?? []).map((r) => r['.id']).filter((id): id is string => id !== undefined)]));
}
