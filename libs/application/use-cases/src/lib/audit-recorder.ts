import type { AuditEvent, AuditLog, AuditOutcome, AuditQuery, Clock, Logger, Principal } from '@routeros-mcp/application-ports';
import { AuditLog as AuditLogToken, Clock as ClockToken, Logger as LoggerToken } from '@routeros-mcp/application-ports';
import { inject, injectable, optional } from '@routeros-mcp/inversify';
import { isCancellation, isDomainError, isSecretArgumentName } from '@routeros-mcp/domain-kernel';
import { randomUUID } from 'node:crypto';
import { ChangeSettings, DEFAULT_CHANGE_SETTINGS } from './changes/change-settings';

export interface AuditedAction {
  principal: Principal;
  action: string;
  deviceId?: string;
  planId?: string;
  correlationId?: string;
  arguments?: Record<string, unknown>;
}

/**
 * Replaces values of secret fields, at any depth, before arguments are stored: secret-looking names (password,
 * token, …) and every secret property of RouterOS (`wpa2-pre-shared-key`, `psk`, `security.passphrase`, …); see
 * isSecretArgumentName. Arguments a tool or topic does not take are dropped before this (their names kept).
 */
export function redactArguments(value: Record<string, unknown>): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, isSecretArgumentName(k) ? '[redacted]' : walk(item)]));
    }
    return v;
  };
  return walk(value) as Record<string, unknown>;
}

/**
 * Commits the call's record as `started` before the call acts (a write reaching a device): a process killed after it
 * leaves the record for the recovery sweep, never no record at all. Throws when it cannot be committed, so the call
 * is refused rather than made without a trace.
 */
export type DurableStart = () => Promise<void>;

/** Runs an action and records it once, whether it succeeded or failed; durably from its start when it asks to. */
@injectable()
export class AuditRecorder {
  /** How long a `started` record outlives its process's last renewal: the device lock's lease, for the same reason. */
  private readonly leaseMs: number;

  constructor(
    @inject(AuditLogToken) private readonly audit: AuditLog,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(ChangeSettings) @optional() settings?: Partial<ChangeSettings>,
  ) {
    this.leaseMs = settings?.lockLeaseMs ?? DEFAULT_CHANGE_SETTINGS.lockLeaseMs;
  }

  /** Records this process has answered for but not yet committed: reads of the trail wait for them. */
  private readonly unsettled = new Set<Promise<unknown>>();

  /**
   * Recorded events, newest first. A caller reads its own calls: records of calls already answered in this process
   * are committed first (bounded, so a stuck database cannot hold the read; other replicas' are not waited for).
   */
  async recent(query: AuditQuery): Promise<AuditEvent[]> {
    if (this.unsettled.size > 0) await settledWithin([...this.unsettled], UNSETTLED_WAIT_MS);
    return this.audit.list(query);
  }

  /** A call answered before its record (`record`) is committed: until it is, reads of the trail wait for it. */
  answeredBefore(record: Promise<unknown>): void {
    const held: Promise<unknown> = record.catch(() => undefined).finally(() => this.unsettled.delete(held));
    this.unsettled.add(held);
  }

  /**
   * Runs `work` and records it once it settled. Work that calls `durably` (before it writes to a device) has its
   * record committed `started` first, its lease renewed while it runs, and then settled in place.
   */
  async run<T>(action: AuditedAction, work: (durably: DurableStart) => Promise<T>): Promise<T> {
    const started = this.clock.now();
    const id = randomUUID();
    let renewal: NodeJS.Timeout | undefined;
    let durable = false;
    const durably: DurableStart = async () => {
      if (durable) return;
      await this.audit.record({ ...this.event(action, 'started', undefined, undefined, id, started), leaseUntil: this.leaseFromNow() });
      durable = true;
      renewal = setInterval(() => void this.renew(id), Math.max(50, Math.floor(this.leaseMs / 3)));
      renewal.unref();
    };
    const settle = (event: AuditEvent) => {
      clearInterval(renewal);
      return durable ? this.audit.settle(event).catch((error: unknown) => this.logger.error('audit record could not be settled; the recovery sweep settles it', { action: event.action, audit_id: event.id, error })) : this.write(event);
    };
    try {
      const result = await work(durably);
      await settle(this.event(action, 'success', started, undefined, id));
      return result;
    } catch (error) {
      await settle(this.failure(action, error, started, id));
      throw error;
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * Like `run`, for work that commits its audit record in the transaction of its own write (`success()` is the record
   * to commit), so a kill after that commit cannot lose it. The work's last step that can fail must be that commit:
   * a failure is recorded here.
   */
  async runCommitted<T>(action: AuditedAction, work: (success: () => AuditEvent) => Promise<T>): Promise<T> {
    const started = this.clock.now();
    try {
      return await work(() => this.event(action, 'success', started));
    } catch (error) {
      await this.write(this.failure(action, error, started));
      throw error;
    }
  }

  /**
   * The record of a request refused before anything could run (an HTTP request that proved no identity): written
   * settled, outcome `error` as every refused call's, with the refusal's code.
   */
  refused(action: AuditedAction, errorCode: string): Promise<void> {
    return this.write(this.event(action, 'error', undefined, errorCode));
  }

  /** The record of work that threw `error`: denied, cancelled (with how, as its note) or failed, and its code. */
  private failure(action: AuditedAction, error: unknown, started: Date, id?: string): AuditEvent {
    const event = this.event(action, outcomeOf(error), started, isDomainError(error) ? error.code : 'INTERNAL.ERROR', id);
    return isCancellation(error) ? { ...event, note: error.message } : event;
  }

  /** The record of `action` as of now (arguments redacted); `at` instead of now for a `started` record. */
  event(action: AuditedAction, outcome: AuditOutcome, started?: Date, errorCode?: string, id: string = randomUUID(), at?: Date): AuditEvent {
    const finished = at ?? this.clock.now();
    return {
      id,
      occurredAt: finished,
      correlationId: action.correlationId,
      principal: action.principal,
      action: action.action,
      deviceId: action.deviceId,
      planId: action.planId,
      arguments: action.arguments ? redactArguments(action.arguments) : undefined,
      outcome,
      errorCode,
      durationMs: started ? finished.getTime() - started.getTime() : undefined,
    };
  }

  private leaseFromNow(): Date {
    return new Date(this.clock.now().getTime() + this.leaseMs);
  }

  private renew(id: string): Promise<void> {
    return this.audit.renew(id, this.leaseFromNow()).catch((error: unknown) => this.logger.warn('audit record lease not renewed', { audit_id: id, error }));
  }

  private write(event: AuditEvent): Promise<void> {
    const written = this.audit.record(event).catch((error: unknown) => this.logger.error('audit record could not be written', { action: event.action, error }));
    this.answeredBefore(written);
    return written;
  }
}

/** How long a read of the trail waits for records still being committed. */
const UNSETTLED_WAIT_MS = 5_000;

function settledWithin(pending: Promise<unknown>[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void Promise.allSettled(pending).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A refusal by a safety rule is `denied`; a call its client (or shutdown) cancelled `cancelled`; any other failure `error`. */
function outcomeOf(error: unknown): AuditOutcome {
  if (isCancellation(error)) return 'cancelled';
  return isDomainError(error) && error.code.startsWith('SAFETY.') ? 'denied' : 'error';
}
