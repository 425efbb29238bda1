import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner } from '../../change-planner';
import { change, noChange } from '../common/outcome';
import { configOf, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { FILTER_MENU, locateRule, placeText, ruleRisk, ruleText, RuleRef } from './filter-rule';

export interface FilterMoveRuleInput extends RuleRef {
  /** The rule it goes before; the end of the list when absent. */
  place_before?: RuleRef;
}

/** Moves one rule before another (both checked at the positions the caller saw), or to the end. */
export const filterMoveRulePlanner: ChangePlanner<FilterMoveRuleInput> = {
  reads: () => [FILTER_MENU],
  propose(live, input) {
    const { row, index } = locateRule(live, input);
    if (input.place_before?.id === input.id) throw ValidationError.single('place_before', 'is the rule being moved');
    const anchor = input.place_before ? locateRule(live, input.place_before, 'place_before') : undefined;
    const rows = rowsOf(live, FILTER_MENU);
    const rule = configOf(row, WRITABLE[FILTER_MENU]);
    const touched = [{ menu: FILTER_MENU, id: input.id, before: rule, after: rule }];
    const inPlace = anchor ? rows[index + 1]?.['.id'] === anchor.row['.id'] : index === rows.length - 1;
    if (inPlace) return noChange(`rule ${input.id} is already${placeText(input.place_before)}`, [{ menu: FILTER_MENU, id: input.id, before: rule }]);
    return change({
      summary: `move rule ${input.id} ("${ruleText(row)}") from position ${input.position}${placeText(input.place_before)}`,
      operations: [{ kind: 'move', menu: FILTER_MENU, id: input.id, ...(anchor ? { destination: anchor.row['.id'] } : {}) }],
      touched,
      // Order decides in the input chain; a move there can put a drop before the management accept.
      risk: ruleRisk(row, anchor?.row),
    });
  },
};
