import type { RowOperation } from '@routeros-mcp/domain-changes';
import type { EncryptedCredential } from './credential-repository.port';

/** A change record whose inverse holds sealed secrets (`sealed:` values), as a key rotation sees it. */
export interface SealedChangeInverse {
  id: string;
  status: string;
  inverse: RowOperation[];
}

/**
 * A plan as a key rotation sees it: its data key wrapped by the master cipher (plans made since envelope
 * encryption), or, for older plans, the stored step changes whose secrets the master cipher sealed directly.
 */
export interface SealedPlanKey {
  id: string;
  topic: string;
  status: string;
  /** The plan's data key, sealed by the master cipher; absent on plans made before data keys. */
  sealedDataKey?: string;
  /** Only for a plan without a data key: its steps' stored changes (secrets `{ sealed }` under the master key). */
  stepChanges?: Record<string, unknown>[];
}

/**
 * What a re-seal does with each sealed value: answer the value to store (the same one to leave it as it is).
 * A visit with `SealedValueStore.visit` calls the same functions and ignores what they answer.
 */
export interface SealedValueVisitor {
  credential(credential: EncryptedCredential): EncryptedCredential;
  /** An approval grant's sealed `{ nonce, signature }`. */
  grant(grant: { id: string; sealed: string }): string;
  /** The inverse to store. */
  changeInverse(change: SealedChangeInverse): RowOperation[];
  /** The sealed data key to store (`undefined` for a plan without one). */
  planDataKey(plan: SealedPlanKey): string | undefined;
  /** Called once every value was visited, before a re-seal commits: throwing rolls every store back. */
  beforeCommit?(): void;
}

export interface ResealCounts {
  credentials: number;
  approvalGrants: number;
  changeInverses: number;
  planDataKeys: number;
}

export const SealedValueStore = Symbol.for('SealedValueStore');
/**
 * Every value the master SecretCipher sealed, across stores: device credentials, approval grants, change records'
 * inverse secrets and plans' data keys (or, for older plans, their step secrets).
 */
export interface SealedValueStore {
  /**
   * Rewrites every sealed value through `visitor` in one transaction, holding the credential lock exclusively:
   * all or nothing. Counts the values whose stored form changed.
   */
  reseal(visitor: SealedValueVisitor): Promise<ResealCounts>;
  /** Reads every sealed value (committed state) through `visitor`, writing nothing. */
  visit(visitor: SealedValueVisitor): Promise<void>;
}
