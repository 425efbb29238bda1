import type { ChangeProposal, ProposalOutcome, TouchedRow } from '../../change-planner';

export const noChange = (reason: string, current: readonly TouchedRow[] = []): ProposalOutcome => ({ kind: 'no_change', reason, current });

export const change = (proposal: ChangeProposal): ProposalOutcome => ({ kind: 'change', proposal });

/** `comment=x` only when a comment was given: RouterOS rows carry no empty comment property. */
export const withComment = (props: Record<string, string>, comment: string | undefined): Record<string, string> => (comment ? { ...props, comment } : props);
