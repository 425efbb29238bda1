import { filterMoveRulePlanner } from '@routeros-mcp/domain-changes';
import { defineWriteTool } from '../change/define-write-tool';
import { RuleRefSchema } from './filter-rule-schema';

export const firewallMoveFilterRule = defineWriteTool({
  name: 'firewall_move_filter_rule',
  title: 'Move filter rule',
  description: 'Move the rule with this id and position before place_before, or to the end.',
  input: RuleRefSchema.extend({ place_before: RuleRefSchema.optional().describe('Move before this rule, else last') }),
  requiresFlag: 'allow_firewall_writes',
  planner: filterMoveRulePlanner,
});
