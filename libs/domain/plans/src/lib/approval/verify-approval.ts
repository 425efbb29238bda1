import { sameActor } from '@routeros-mcp/domain-kernel';
import { PlanApprovalExpiredError, PlanApprovalInvalidError, PlanApprovalUsedError, PlanApproverNotEntitledError } from '../errors/plan-approval.errors';
import { PlanNotApprovedError } from '../errors/plan-not-approved.error';
import { PlanSelfApprovalError } from '../errors/plan-self-approval.error';
import type { Plan } from '../plan.aggregate';
import { APPROVAL_BASES, approvalPayload, StoredApprovalGrant } from './approval-grant';

/** The roles that let an HTTP principal approve. */
export const APPROVER_ROLES = ['approver', 'admin'] as const;

export interface ApprovalCheck {
  plan: Plan;
  /** The newest stored grant for the plan, if any. */
  grant: StoredApprovalGrant | undefined;
  now: Date;
  /** The approval key's check of a signature over a payload (HMAC-SHA256, constant time). */
  verifySignature(payload: string, signature: string): boolean;
}

/**
 * Whether a stored approval lets the plan start now. Throws the first failure, each its own error and code:
 * none → PLAN.NOT_APPROVED; signature, plan or content mismatch → PLAN.APPROVAL_INVALID; expired →
 * PLAN.APPROVAL_EXPIRED; used → PLAN.APPROVAL_USED; approver not entitled or the prod author → FORBIDDEN.
 * The signature is checked first, so nothing else in a forged row is believed.
 */
export function verifyApproval(check: ApprovalCheck): void {
  const { plan, grant, now } = check;
  if (!grant) throw new PlanNotApprovedError(plan.id, plan.status);
  if (!check.verifySignature(approvalPayload(grant), grant.signature)) throw new PlanApprovalInvalidError(plan.id, 'signature');
  if (grant.planId !== plan.id) throw new PlanApprovalInvalidError(plan.id, 'other_plan');
  // The content as stored now, not the hash recorded beside it: an edit to the stored change is caught either way.
  const current = plan.currentContentHash();
  if (grant.contentHash !== current || plan.contentHash !== current) throw new PlanApprovalInvalidError(plan.id, 'content_changed');
  if (now.getTime() >= grant.expiresAt.getTime()) throw new PlanApprovalExpiredError(plan.id, grant.expiresAt);
  if (grant.usedAt) throw new PlanApprovalUsedError(plan.id);
  if (!APPROVAL_BASES.includes(grant.basis)) throw new PlanApproverNotEntitledError(plan.id, grant.approver, 'the approval names no right to approve');
  if (plan.environment === 'prod' && sameActor(grant.approver, plan.createdBy)) throw new PlanSelfApprovalError(plan.id, grant.approver, plan.createdBy);
}
