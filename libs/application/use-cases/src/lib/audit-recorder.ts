import type { AuditEvent, AuditLog, AuditOutcome, AuditQuery, Clock, Logger, Principal } from '@routeros-mcp/application-ports';
import { AuditLog as AuditLogToken, Clock as ClockToken, Logger as LoggerToken } from '@routeros-mcp/application-ports';
import { inject, injectable } from 'inversify';
import { isDomainError, isSecretArgumentName } from '@routeros-mcp/domain-kernel';
import { randomUUID } from 'node:crypto';

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

/** Runs an action and appends one audit record for it, whether it succeeded or failed. */
@injectable()
export class AuditRecorder {
  constructor(
    @inject(AuditLogToken) private readonly audit: AuditLog,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  /** Recorded events, newest first. */
  recent(query: AuditQuery): Promise<AuditEvent[]> {
    return this.audit.list(query);
  }

  async run<T>(action: AuditedAction, work: () => Promise<T>): Promise<T> {
    return this.runCommitted(action, async (success) => {
      const result = await work();
      await this.write(success());
      return result;
    });
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
      const outcome = isDomainError(error) && error.code.startsWith('SAFETY.') ? 'denied' : 'error';
      await this.write(this.event(action, outcome, started, isDomainError(error) ? error.code : 'INTERNAL.ERROR'));
      throw error;
    }
  }

  /** The record of `action` as of now (arguments redacted). */
  event(action: AuditedAction, outcome: AuditOutcome, started?: Date, errorCode?: string): AuditEvent {
    const finished = this.clock.now();
    return {
      id: randomUUID(),
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

  private write(event: AuditEvent): Promise<void> {
    return this.audit.record(event).catch((error: unknown) => this.logger.error('audit record could not be written', { action: event.action, error }));
  }
}
