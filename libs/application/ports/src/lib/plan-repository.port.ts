import type { Plan, PlanStatus, StoredApprovalGrant } from '@routeros-mcp/domain-plans';
import type { AuditEvent } from './audit-log.port';

/**
 * An approval as the database keeps it: the signed fields in the clear, the nonce and signature only sealed (the
 * SecretCipher, bound to the grant's id) and the nonce's SHA-256, by which a grant is consumed. A database read
 * or dump shows neither.
 */
export interface ApprovalGrantRecord extends Omit<StoredApprovalGrant, 'nonce' | 'signature'> {
  id: string;
  /** SHA-256 (hex) of the nonce: unique. */
  nonceDigest: string;
  /** The sealed `{ nonce, signature }`. */
  sealed: string;
}

export interface PlanQuery {
  status?: PlanStatus;
  createdBy?: string;
  /** Plans with a step on this device. */
  deviceId?: string;
  limit: number;
}

/**
 * What commits with a plan save, in the same transaction: a kill between a plan's move and its grant or audit record
 * would leave an approved plan without a grant, a used grant on a plan never started, or a move nobody audited.
 */
export interface PlanSaveOptions {
  /**
   * The plan as committed at `plan.version` (what the caller read or last saved): only the columns and step rows that
   * differ from it are written. Without it every step row is rewritten.
   */
  stored?: Plan;
  /** A grant given with this save (an approval). */
  addGrant?: ApprovalGrantRecord;
  /** The grant this save consumes (an apply): PlanApprovalUsedError, and nothing written, when it was used already. */
  consumeGrant?: { nonceDigest: string; usedBy: string; usedAt: Date };
  /** The audit record(s) of the move (already redacted). */
  audit?: AuditEvent | readonly AuditEvent[];
}

export const PlanRepository = Symbol.for('PlanRepository');
/**
 * Plans with their steps and the approvals given for them. `save` is optimistic: it writes only when the stored
 * version is the one the plan was read at (else ConcurrentModificationError) and returns the plan at its new version.
 * Grants hold the approval signature and nonce sealed: only the plan service opens them.
 */
export interface PlanRepository {
  /** With its audit record, in one transaction. */
  create(plan: Plan, audit?: AuditEvent): Promise<Plan>;
  get(id: string): Promise<Plan | undefined>;
  save(plan: Plan, options?: PlanSaveOptions): Promise<Plan>;
  /** Newest first. */
  list(query: PlanQuery): Promise<Plan[]>;
  /** Every grant given for the plan, newest first. */
  grantsFor(planId: string): Promise<ApprovalGrantRecord[]>;
}
