import type { AuditEvent, AuditLog, AuditQuery, Clock, Logger, Principal } from '@routeros-mcp/application-ports';
import { AuditLog as AuditLogToken, Clock as ClockToken, Logger as LoggerToken } from '@routeros-mcp/application-ports';
import { inject, injectable } from 'inversify';
import { isDomainError, isSecretFieldName } from '@routeros-mcp/domain-kernel';
import { randomUUID } from 'node:crypto';

export interface AuditedAction {
  principal: Principal;
  action: string;
  deviceId?: string;
  planId?: string;
  correlationId?: string;
  arguments?: Record<string, unknown>;
}

/** Replaces values of secret-looking fields, at any depth, before arguments are stored. */
export function redactArguments(value: Record<string, unknown>): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, isSecretFieldName(k) ? '[redacted]' : walk(item)]));
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
    const started = this.clock.now();
    let outcome: 'success' | 'error' | 'denied' = 'success';
    let errorCode: string | undefined;
    try {
      return await work();
    } catch (error) {
      outcome = isDomainError(error) && error.code.startsWith('SAFETY.') ? 'denied' : 'error';
      errorCode = isDomainError(error) ? error.code : 'INTERNAL.ERROR';
      throw error;
    } finally {
      const finished = this.clock.now();
      await this.audit
        .record({
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
          durationMs: finished.getTime() - started.getTime(),
        })
        .catch((error: unknown) => this.logger.error('audit record could not be written', { action: action.action, error }));
    }
  }
}
