import type { RiskLevel, TouchedRow } from '@routeros-mcp/domain-changes';

/** One safety rule's verdict as shown to the reviewer. */
export interface PreviewVerdict {
  ruleId: string;
  status: string;
  message: string;
}

/**
 * What a device's step would do, from the dry run made when the plan was created: what the reviewer approves, and
 * the live-state hash the rollout checks again before it writes.
 */
export interface StepPreview {
  summary: string;
  /** False when the device already holds the desired state (the step is then a no-op). */
  changed: boolean;
  /** Export-style lines: `/ip dns set servers=192.0.2.53`. */
  diff: readonly string[];
  risk: RiskLevel;
  verdicts: readonly PreviewVerdict[];
  /** Rows before and after, secret values redacted. */
  touched: readonly TouchedRow[];
  /** SHA-256 of the canonical form of every section the step's planner reads (volatile fields left out). */
  stateHash: string;
  /** The same per section (`ip/dns` → hash): names the sections that drifted. */
  sections: Readonly<Record<string, string>>;
  /** Why a rollback could not undo the step (make-static, a password RouterOS never prints): shown to the approver. */
  notRevertible?: string;
}

/** A device left out of a plan, and why (the caller's exclusion, or the rule it failed). */
export interface ExcludedDevice {
  deviceId: string;
  reason: string;
}
