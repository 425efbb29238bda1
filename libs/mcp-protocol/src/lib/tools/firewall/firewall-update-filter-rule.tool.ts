import { filterUpdateRulePlanner } from '@routeros-mcp/domain-changes';
import { defineWriteTool } from '../change/define-write-tool';
import { RuleRefSchema, RuleUpdateSchema } from './filter-rule-schema';

export const firewallUpdateFilterRule = defineWriteTool({
  name: 'firewall_update_filter_rule',
  title: 'Update filter rule',
  description: 'Set properties of the rule with this id, still at this position.',
  input: RuleRefSchema.extend({ set: RuleUpdateSchema }),
  requiresFlag: 'allow_firewall_writes',
  planner: filterUpdateRulePlanner,
});
