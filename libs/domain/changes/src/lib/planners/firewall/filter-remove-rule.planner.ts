import type { ChangePlanner } from '../../change-planner';
import { change } from '../common/outcome';
import { configOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { FILTER_MENU, locateRule, ruleRisk, ruleText, RuleRef } from './filter-rule';

/**
 * Removes one rule the caller saw at a position. A rule already gone is not "no change": its `.id` may have been
 * removed by someone else with a different meaning in mind, so the caller is told to look again.
 */
export const filterRemoveRulePlanner: ChangePlanner<RuleRef> = {
  reads: () => [FILTER_MENU],
  propose(live, input) {
    const { row } = locateRule(live, input);
    return change({
      summary: `remove rule ${input.id} ("${ruleText(row)}") at position ${input.position}`,
      operations: [{ kind: 'remove', menu: FILTER_MENU, id: input.id }],
      touched: [{ menu: FILTER_MENU, id: input.id, before: configOf(row, WRITABLE[FILTER_MENU]) }],
      risk: ruleRisk(row),
    });
  },
};
