import type { LiveRows, Row, RowOperation } from './row-operation';

export type RiskLevel = 'low' | 'medium' | 'high';

/** One row a change touches: `before` absent for an added row, `after` absent for a removed one. */
export interface TouchedRow {
  menu: string;
  /** Absent for singleton menus and for rows not yet added. */
  id?: string;
  before?: Row;
  after?: Row;
}

/** What a write would do, computed purely from the live rows and the caller's input. */
export interface ChangeProposal {
  /** One short sentence: `set the identity to core-1`. */
  summary: string;
  operations: readonly RowOperation[];
  /** Every touched row with its live before-state and its desired after-state. */
  touched: readonly TouchedRow[];
  risk: RiskLevel;
}

export type ProposalOutcome =
  /** The desired state already holds: nothing is written (`changed: false`). */
  | { kind: 'no_change'; reason: string; current: readonly TouchedRow[] }
  | { kind: 'change'; proposal: ChangeProposal };

/**
 * The pure half of a write tool: which menus it must read live, and what it would change given them.
 * `propose` throws a domain error (ValidationError, ChangeRefusedError…) for a request that cannot be made,
 * e.g. an overlapping prefix or a rule no longer at the position the caller saw.
 */
export interface ChangePlanner<I> {
  /** REST menu paths read (whole, with `.id`) before proposing. */
  reads(input: I): readonly string[];
  /** Menus read beside them when the device has them (what may use a row the change removes); absent ones are left out. */
  optionalReads?(input: I): readonly string[];
  propose(live: LiveRows, input: I): ProposalOutcome;
  /** What of the input the input-checking safety rules look at (DNS and NTP lists, the address list written). */
  safetyInput?(input: I): SafetyInput;
}

/** The parts of a write's input that safety rules check (the safety context's `input`). */
export interface SafetyInput {
  dnsServers?: readonly string[];
  ntpServers?: readonly string[];
  addressList?: string;
}
