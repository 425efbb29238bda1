import { DomainError } from '@routeros-mcp/domain-kernel';
import { RuleResult } from './safety-context';

/** An operation refused by a safety rule. `code` is `SAFETY.<RULE_ID>` so the protocol layer can map each rule. */
export class SafetyViolationError extends DomainError {
  readonly code: string;

  constructor(
    readonly violation: RuleResult,
    readonly results: readonly RuleResult[],
  ) {
    super(violation.message);
    this.code = `SAFETY.${violation.ruleId}`;
  }

  override details(): Record<string, unknown> {
    return { safety_rule: this.violation.ruleId, ...(this.violation.details ?? {}) };
  }
}
