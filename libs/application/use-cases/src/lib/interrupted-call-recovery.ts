import type { AuditEvent, AuditLog, ChangeRepository, Clock, Logger } from '@routeros-mcp/application-ports';
import { AuditLog as AuditLogToken, ChangeRepository as ChangeRepositoryToken, Clock as ClockToken, Logger as LoggerToken } from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { inject, injectable, optional } from '@routeros-mcp/inversify';
import { ChangeSettings, DEFAULT_CHANGE_SETTINGS } from './changes/change-settings';

/** What one expired record came to in a sweep. */
export type CallRecoveryResult =
  | { auditId: string; action: string; result: 'settled'; note: string }
  /** Its changes are still being recovered, or its call settled it meanwhile: looked at again by the next sweep. */
  | { auditId: string; action: string; result: 'skipped'; reason: string };

/** Records looked at per sweep (the oldest beyond it wait for the next). */
const SWEEP_LIMIT = 100;
/** Change states recovery has yet to settle. */
const IN_FLIGHT: readonly ChangeRecord['status'][] = ['proposed', 'applying', 'revert_pending'];
/** A call makes one change, a plan step's undo a few: more than this is not one call's doing. */
const CHANGES_PER_CALL = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What became of one change, for the note. */
const endOf = (c: ChangeRecord) => `change ${c.id} ${c.status.replace('_', ' ')}${c.outcome ? `: ${c.outcome}` : ''}`;

/**
 * Settles the audit records of calls whose process died before they settled: `started` records whose lease ran out
 * (their process renews it while the call runs, so it is gone). Each becomes `interrupted` with a note that names
 * what became of the changes it made (found by its correlation id). A change still in flight is waited for (the
 * change recovery of the same sweep settles it first) within a bound: a device that never answers again must not
 * leave the call's record open for ever.
 */
@injectable()
export class InterruptedCallRecovery {
  private readonly waitForChangesMs: number;

  constructor(
    @inject(AuditLogToken) private readonly audit: AuditLog,
    @inject(ChangeRepositoryToken) private readonly changes: ChangeRepository,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(ChangeSettings) @optional() settings?: Partial<ChangeSettings>,
  ) {
    this.waitForChangesMs = 10 * (settings?.lockLeaseMs ?? DEFAULT_CHANGE_SETTINGS.lockLeaseMs);
  }

  /** One pass over the expired records, oldest first. */
  async sweep(options: { signal?: AbortSignal } = {}): Promise<CallRecoveryResult[]> {
    const now = this.clock.now();
    const results: CallRecoveryResult[] = [];
    for (const record of await this.audit.expired(now, SWEEP_LIMIT)) {
      if (options.signal?.aborted) break;
      results.push(
        await this.settle(record, now).catch((error: unknown): CallRecoveryResult => {
          this.logger.error('interrupted call record could not be settled', { audit_id: record.id, action: record.action, error: messageOf(error) });
          return { auditId: record.id, action: record.action, result: 'skipped', reason: messageOf(error) };
        }),
      );
    }
    return results;
  }

  private async settle(record: AuditEvent, now: Date): Promise<CallRecoveryResult> {
    const ids = { auditId: record.id, action: record.action };
    const made = record.correlationId ? (await this.changes.list({ correlationId: record.correlationId, limit: CHANGES_PER_CALL })).reverse() : [];
    const waiting = made.filter((c) => IN_FLIGHT.includes(c.status));
    const expiredFor = now.getTime() - (record.leaseUntil?.getTime() ?? now.getTime());
    if (waiting.length > 0 && expiredFor < this.waitForChangesMs) return { ...ids, result: 'skipped', reason: `change ${waiting[0].id} is still ${waiting[0].status}` };
    const what = made.length === 0 ? 'no change was recorded for it, so it wrote nothing to a device' : made.map(endOf).join('; ');
    const note = `the process ended before the call finished; ${what}`;
    const settled = await this.audit.interrupt({ ...record, outcome: 'interrupted', errorCode: 'CALL.INTERRUPTED', note, leaseUntil: undefined, durationMs: undefined }, now);
    if (!settled) return { ...ids, result: 'skipped', reason: 'its call settled or renewed it meanwhile' };
    this.logger.warn('interrupted call record settled', { audit_id: record.id, action: record.action, correlation_id: record.correlationId ?? null, changes: made.map((c) => c.id) });
    return { ...ids, result: 'settled', note };
  }
}
