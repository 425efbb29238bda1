import { canonicalJson } from '@routeros-mcp/domain-kernel';

/**
 * Why the approver was entitled, recorded (and signed) with the grant: an HTTP principal's `approver` or `admin` role,
 * or a human at the admin CLI (the operating-system user, or a name given with `--as` where allowed).
 */
export type ApprovalBasis = 'role:approver' | 'role:admin' | 'admin-cli';
export const APPROVAL_BASES: readonly ApprovalBasis[] = ['role:approver', 'role:admin', 'admin-cli'];

/** A human's approval of one plan's exact content, until a time. Its canonical form is what the approval key signs. */
export interface ApprovalGrant {
  planId: string;
  contentHash: string;
  approver: string;
  basis: ApprovalBasis;
  approvedAt: Date;
  expiresAt: Date;
  /** Random, unique per grant: what makes each approval single-use. */
  nonce: string;
}

/** A grant as stored server-side: with its signature and whether an apply used it. Never leaves the service. */
export interface StoredApprovalGrant extends ApprovalGrant {
  signature: string;
  comment?: string;
  usedAt?: Date;
  usedBy?: string;
}

/** The exact text signed: RFC 8785 JSON of every field of the grant, dates as ISO 8601 UTC. */
export function approvalPayload(grant: ApprovalGrant): string {
  return canonicalJson({
    plan_id: grant.planId,
    content_hash: grant.contentHash,
    approver: grant.approver,
    basis: grant.basis,
    approved_at: grant.approvedAt.toISOString(),
    expires_at: grant.expiresAt.toISOString(),
    nonce: grant.nonce,
  });
}
