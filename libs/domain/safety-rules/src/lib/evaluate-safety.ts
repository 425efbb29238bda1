import { dnsNtpLimitsRule } from './rules/dns-ntp-limits.rule';
import { environmentMatchRule } from './rules/environment-match.rule';
import { mcpOwnedAddressListsRule } from './rules/mcp-owned-address-lists.rule';
import { prodRequiresApprovalRule } from './rules/prod-requires-approval.rule';
import { protectManagementPathRule } from './rules/protect-management-path.rule';
import { sshAllowlistRule } from './rules/ssh-allowlist.rule';
import { tierCapabilityRule } from './rules/tier-capability.rule';
import { RuleResult, SafetyContext } from './safety-context';
import { SafetyRule } from './safety-rule';
import { SafetyViolationError } from './safety-violation.error';

/** The rule catalogue, in evaluation order: who may act first, then what the action does. */
export const SAFETY_RULES: readonly SafetyRule[] = [
  environmentMatchRule,
  tierCapabilityRule,
  prodRequiresApprovalRule,
  protectManagementPathRule,
  mcpOwnedAddressListsRule,
  dnsNtpLimitsRule,
  sshAllowlistRule,
];

export const SAFETY_RULE_IDS = SAFETY_RULES.map((rule) => rule.id);

export interface SafetyReport {
  allowed: boolean;
  results: RuleResult[];
}

/**
 * Evaluates every rule. An operation is allowed only when no rule failed and none is left unevaluated:
 * a rule that could not look at what it needs blocks rather than passes (fail closed).
 * `evaluatedElsewhere` names rules whose verdict the caller computed itself with live device state.
 */
export function evaluateSafety(context: SafetyContext, evaluatedElsewhere: readonly RuleResult[] = []): SafetyReport {
  const supplied = new Map(evaluatedElsewhere.map((r) => [r.ruleId, r]));
  const results = SAFETY_RULES.map((rule) => supplied.get(rule.id) ?? rule.evaluate(context));
  return { allowed: results.every((r) => r.status === 'pass' || r.status === 'not_applicable'), results };
}

/** Throws the first blocking verdict as a SafetyViolationError. */
export function assertSafe(context: SafetyContext, evaluatedElsewhere: readonly RuleResult[] = []): SafetyReport {
  const report = evaluateSafety(context, evaluatedElsewhere);
  const blocking = report.results.find((r) => r.status === 'fail' || r.status === 'not_evaluated');
  if (blocking) throw new SafetyViolationError(blocking, report.results);
  return report;
}
