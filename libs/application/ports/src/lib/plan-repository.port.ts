import type { Plan, PlanStatus, StoredApprovalGrant } from '@routeros-mcp/domain-plans';

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

export const PlanRepository = Symbol.for('PlanRepository');
/**
 * Plans with their steps and the approvals given for them. `save` is optimistic: it writes only when the stored
 * version is the one the plan was read at (else ConcurrentModificationError) and returns the plan at its new version.
 * Grants hold the approval signature and nonce sealed: only the plan service opens them.
 */
export interface PlanRepository {
  create(plan: Plan): Promise<Plan>;
  get(id: string): Promise<Plan | undefined>;
  /**
   * `stored`, when given, is the plan as committed at `plan.version` (what the caller read or last saved): only the
   * columns and step rows that differ from it are written. Without it every step row is rewritten.
   */
  save(plan: Plan, stored?: Plan): Promise<Plan>;
  /** Newest first. */
  list(query: PlanQuery): Promise<Plan[]>;
  addGrant(grant: ApprovalGrantRecord): Promise<void>;
  /** Every grant given for the plan, newest first. */
  grantsFor(planId: string): Promise<ApprovalGrantRecord[]>;
  /**
   * Marks the grant whose nonce has this digest used, atomically: true for exactly one caller, false when it was
   * used already (or does not exist), however many processes race for it.
   */
  consumeGrant(nonceDigest: string, usedBy: string, usedAt: Date): Promise<boolean>;
}
