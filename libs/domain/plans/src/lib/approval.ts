import { ValidationError } from '@routeros-mcp/domain-kernel';

/** An out-of-band human decision to let a plan run. Immutable once made. */
export class Approval {
  private constructor(
    readonly approvedBy: string,
    readonly approvedAt: Date,
    readonly comment: string | undefined,
    /** Signature over the plan's content hash, made with the approval-signing key (never the credential key). */
    readonly signature: string | undefined,
  ) {}

  static of(input: { approvedBy: string; approvedAt: Date; comment?: string; signature?: string }): Approval {
    if (input.approvedBy.trim().length === 0) throw ValidationError.single('approved_by', 'must name the approver');
    if (input.comment !== undefined && input.comment.length > 1000) throw ValidationError.single('comment', 'must be at most 1000 characters');
    return new Approval(input.approvedBy.trim(), input.approvedAt, input.comment, input.signature);
  }
}
