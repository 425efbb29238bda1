export const AUDIT_OUTCOMES = ['success', 'error', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Who acted and through what; every audit record names it. */
export interface Principal {
  /**
   * Namespaced, so one id never stands for two people (see principal-id in the domain kernel): `os:<user>` (stdio,
   * admin CLI), `as:<name>` (a declared `--as` name), `token:<name>`, `oidc:<issuer>#<sub>`, `anonymous`, `system:<job>`.
   * Records from before namespaces hold bare ids: whether two ids may be one person (four eyes) is `sameActor`, not `===`.
   */
  id: string;
  /** e.g. `admin-cli`, `stdio`, `http`. */
  via: string;
  /** Undefined for a local caller (unrestricted); an HTTP principal always has them (see AccessScope). */
  roles?: string[];
  /** A display name when the token carries one (OAuth `name`/`preferred_username`): shown, never compared. */
  name?: string;
  /** How the caller proved who it is on HTTP. */
  authMethod?: 'oauth' | 'api_token' | 'none';
  /** The OAuth client (`client_id`/`azp`) or API token id that made the request. */
  credentialId?: string;
  /** Narrowing of what the principal may touch (absent: no narrowing beyond roles). */
  environments?: ('lab' | 'staging' | 'prod')[];
  deviceTags?: string[];
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
  planId?: string;
  action?: string;
  since?: Date;
  /**
   * A narrowed reader's reach: events about these devices, and device-less events this principal made; nothing
   * else (another principal's device-less events, a device outside the list).
   */
  reach?: { deviceIds: readonly string[]; principalId: string };
  limit: number;
}

export const AuditLog = Symbol.for('AuditLog');
export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditEvent[]>;
}
