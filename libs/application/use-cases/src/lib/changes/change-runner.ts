import type { Principal } from '@routeros-mcp/application-ports';
import type { ChangeAuthority, ChangePlanner, RiskLevel, TouchedRow } from '@routeros-mcp/domain-changes';
import type { CapabilityFlag } from '@routeros-mcp/domain-devices';
import type { Environment, Tier } from '@routeros-mcp/domain-kernel';
import type { RuleResult } from '@routeros-mcp/domain-safety-rules';

/** How a write was guarded while it was made. */
export type Protection =
  /** RouterOS safe mode held over SSH: a cut connection makes the device undo the change. */
  | 'safe_mode'
  /** A one-shot scheduler entry armed over REST that restores the before-state unless disarmed in time. */
  | 'device_revert_timer'
  /** The change touches nothing the management path depends on and the device is not critical. */
  | 'none_needed';

export interface ChangeRequest<I> {
  principal: Principal;
  correlationId: string;
  /** The environment this server serves; a device of another one is refused. */
  environment: Environment;
  deviceId: string;
  /** The tool name, recorded with the change and in the audit record. */
  tool: string;
  /** The topic flag the tool needs on top of `allow_advanced_writes` (e.g. `allow_firewall_writes`). */
  requiresFlag?: CapabilityFlag;
  planner: ChangePlanner<I>;
  input: I;
  dryRun: boolean;
  signal?: AbortSignal;
  /** Who allowed it: the caller directly (the default), or a plan a human approved (passes PROD_REQUIRES_APPROVAL). */
  authority?: ChangeAuthority;
  /** The tool's tier, whose flag the device must allow (default `advanced`; plan steps are `professional`). */
  tier?: Tier;
  /**
   * The live-state hash the caller reviewed (a dry run's `stateHash`): when the sections the planner reads no longer
   * hash the same, the change is refused with CHANGE.STATE_DRIFTED before anything is written (under the device lock).
   */
  expectedStateHash?: string;
  /** The per-section hashes of that dry run (`stateSections`), to name what drifted. */
  expectedStateSections?: Readonly<Record<string, string>>;
  /**
   * The id the change record gets (default: a new UUID). A plan's runner commits it on the step before the change
   * runs, so after a crash it finds the record (or knows there is none).
   */
  changeId?: string;
}

export interface VerificationOutcome {
  status: 'verified' | 'not_run';
  /** What was checked: `rows match the desired state`, `device answers on a new TLS session`. */
  checks: readonly string[];
}

/** The answer to a write: what changed (or would), why it was allowed, how it was guarded and checked. */
export interface ChangeResult {
  changed: boolean;
  dryRun: boolean;
  /** Set when a change was applied (and recorded); absent for dry runs and no-ops. */
  changeId?: string;
  summary: string;
  touched: readonly TouchedRow[];
  /** Export-style lines: `/ip dns set servers=1.1.1.1,9.9.9.9`. */
  diff: readonly string[];
  risk: RiskLevel;
  verdicts: readonly RuleResult[];
  /** Absent for dry runs and no-ops. */
  protection?: Protection;
  /** Dry runs: SHA-256 of the canonical live state of the sections the planner read (volatile fields left out). */
  stateHash?: string;
  /** Dry runs: the same per section. */
  stateSections?: Readonly<Record<string, string>>;
  verification: VerificationOutcome;
  /** Why the change cannot be undone (a command such as make-static, a password RouterOS never prints), said before it is applied. */
  notRevertible?: string;
}

export const ChangeRunner = Symbol.for('ChangeRunner');
/**
 * The one pipeline every write takes: authorize → read live → propose → safety rules (management path on the live
 * state) → record → protect → write → verify → release | revert. Failures throw domain errors saying which step
 * failed and the device's end state.
 */
export interface ChangeRunner {
  run<I>(request: ChangeRequest<I>): Promise<ChangeResult>;
}
