import { filterAddRulePlanner } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { defineWriteTool } from '../change/define-write-tool';
import { RuleAddSchema, RuleRefSchema } from './filter-rule-schema';

export const firewallAddFilterRule = defineWriteTool({
  name: 'firewall_add_filter_rule',
  title: 'Add filter rule',
  description: 'Add a filter rule at the end, or before place_before.',
  input: z.object({ rule: RuleAddSchema, place_before: RuleRefSchema.optional().describe('Insert before this rule, else last') }),
  requiresFlag: 'allow_firewall_writes',
  // Only adds: nothing existing is replaced or removed.
  destructive: false,
  planner: filterAddRulePlanner,
});
