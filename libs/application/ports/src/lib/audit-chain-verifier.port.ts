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

/**
 * A stream's newest links that no checkpoint signs yet: those of a writer still running (its next checkpoint is at
 * most a minute away) or of one that stopped without its closing checkpoint (killed, or its host lost). Not a
 * finding: the chain through them is intact; only a cut-off of exactly these links would go unnoticed.
 */
export interface AuditChainUncovered {
  stream: string;
  /** The writer, `host:pid` (or `legacy`). */
  label: string;
  /** The first and last seq after the stream's last valid checkpoint. */
  from: number;
  to: number;
}

export interface AuditChainReport {
  ok: boolean;
  streams: number;
  links: number;
  records: number;
  checkpoints: number;
  /** Oldest first: the first is the earliest tampering found. */
  findings: AuditChainFinding[];
  /** Per stream, the links after its last checkpoint (see AuditChainUncovered); reported whatever `since` is. */
  uncovered: AuditChainUncovered[];
}

export const AuditChainVerifier = Symbol.for('AuditChainVerifier');
export interface AuditChainVerifier {
  /** Walks every stream's links; `since` limits the findings reported to records at or after it. */
  verify(options?: { since?: Date }): Promise<AuditChainReport>;
}
