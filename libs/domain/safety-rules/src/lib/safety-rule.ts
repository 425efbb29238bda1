import { RuleResult, SafetyContext } from './safety-context';

export interface SafetyRule {
  id: string;
  description: string;
  /** Rules that need the device's live state (routes, addresses, services) say so, and evaluate to
   *  `not_evaluated` here; the write tools evaluate them with that state. */
  needsDeviceState: boolean;
  evaluate(context: SafetyContext): RuleResult;
}

export function result(rule: Pick<SafetyRule, 'id'>, status: RuleResult['status'], message: string, details?: Record<string, unknown>): RuleResult {
  return { ruleId: rule.id, status, message, ...(details ? { details } : {}) };
}
