/**
 * What a walk of the audit chain found wrong. `altered`: a row's content is not what its newest link says;
 * `removed`: a link's row is gone; `inserted`: a row no link vouches for; `broken`: a link does not follow the one
 * before it (a link removed, inserted or changed); `truncated`: a stream ends before its head or signed checkpoint;
 * `checkpoint`: a checkpoint whose signature or head does not hold.
 */
export type AuditChainFindingKind = 'altered' | 'removed' | 'inserted' | 'broken' | 'truncated' | 'checkpoint';

export interface AuditChainFinding {
  kind: AuditChainFindingKind;
  /** The audit record concerned, when one is. */
  recordId?: string;
  stream: string;
  seq?: number;
  /** When the record happened (or its link was written). */
  at?: Date;
  detail: string;
}

export interface AuditChainReport {
  ok: boolean;
  streams: number;
  links: number;
  records: number;
  checkpoints: number;
  /** Oldest first: the first is the earliest tampering found. */
  findings: AuditChainFinding[];
}

export const AuditChainVerifier = Symbol.for('AuditChainVerifier');
export interface AuditChainVerifier {
  /** Walks every stream's links; `since` limits the findings reported to records at or after it. */
  verify(options?: { since?: Date }): Promise<AuditChainReport>;
}
