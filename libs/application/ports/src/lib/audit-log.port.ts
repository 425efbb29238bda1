export const AUDIT_OUTCOMES = ['success', 'error', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Who acted and through what; every audit record names it. */
export interface Principal {
  id: string;
  /** e.g. `admin-cli`, `stdio`, `http`. */
  via: string;
  roles?: string[];
  sessionId?: string;
  clientName?: string;
  clientVersion?: string;
}

export interface AuditEvent {
  id: string;
  occurredAt: Date;
  correlationId?: string;
  principal: Principal;
  action: string;
  deviceId?: string;
  planId?: string;
  /** Already redacted: never holds a secret. */
  arguments?: Record<string, unknown>;
  outcome: AuditOutcome;
  errorCode?: string;
  durationMs?: number;
}

export interface AuditQuery {
  deviceId?: string;
  action?: string;
  since?: Date;
  limit: number;
}

export const AuditLog = Symbol.for('AuditLog');
export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditEvent[]>;
}
