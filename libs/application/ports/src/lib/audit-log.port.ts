/**
 * `started`: a write call (or a change) recorded before it reaches a device, not settled yet; `interrupted`: one whose
 * process ended before it settled, settled so by the recovery sweep once that process was certainly gone;
 * `cancelled`: one its client cancelled (or the server's shutdown cut off), its note saying which.
 */
export const AUDIT_OUTCOMES = ['success', 'error', 'denied', 'started', 'interrupted', 'cancelled'] as const;
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
  /**
   * A `started` record's lease: its process renews it while the call runs, so one whose lease ran out was left by a
   * process that is gone. Absent when something else settles the record (a change's record settles with the change).
   */
  leaseUntil?: Date;
  /** How an interrupted record was settled and what became of its change, or how a call was cancelled (free text, never a secret). */
  note?: string;
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
  /** Appends a record (a `started` one before its call acts). */
  record(event: AuditEvent): Promise<void>;
  /**
   * The final state of the record with the event's id, in place of its `started` (or wrongly `interrupted`) state;
   * appended when no such record is there (its start was never committed). A settled record is never changed.
   */
  settle(event: AuditEvent): Promise<void>;
  /** Extends a `started` record's lease (its call still runs). */
  renew(id: string, leaseUntil: Date): Promise<void>;
  /** `started` records whose lease ran out before `now`, oldest first. */
  expired(now: Date, limit: number): Promise<AuditEvent[]>;
  /**
   * Settles an expired `started` record as the event says (outcome `interrupted`, a note), only if it is still
   * `started` and its lease still ran out before `now`: false when its call settled or renewed it meanwhile.
   */
  interrupt(event: AuditEvent, now: Date): Promise<boolean>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditEvent[]>;
}
