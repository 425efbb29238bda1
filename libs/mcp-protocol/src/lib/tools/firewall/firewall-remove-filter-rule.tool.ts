import { filterRemoveRulePlanner } from '@routeros-mcp/domain-changes';
import { defineWriteTool } from '../change/define-write-tool';
import { RuleRefSchema } from './filter-rule-schema';

export const firewallRemoveFilterRule = defineWriteTool({
  name: 'firewall_remove_filter_rule',
  title: 'Remove filter rule',
  description: 'Remove the rule with this id, still at this position.',
  input: RuleRefSchema,
  destructive: true,
  requiresFlag: 'allow_firewall_writes',
  planner: filterRemoveRulePlanner,
});
