import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner } from '../../change-planner';
import { change, noChange } from '../common/outcome';
import type { Row } from '../../row-operation';
import { configOf, isDynamic, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { FILTER_MENU, locateRule, placeText, ruleRisk, ruleText, RuleRef } from './filter-rule';

export interface FilterMoveRuleInput extends RuleRef {
  /** The rule it goes before; the end of the list when absent. */
  place_before?: RuleRef;
}

function alreadyInPlace(rows: readonly Row[], input: FilterMoveRuleInput): Row | undefined {
  const index = rows.findIndex((r) => r['.id'] === input.id);
  if (index < 0 || isDynamic(rows[index])) return undefined;
  const next = rows[index + 1];
  const inPlace = input.place_before ? next !== undefined && next['.id'] === input.place_before.id && !isDynamic(next) : index === rows.length - 1;
  return inPlace ? rows[index] : undefined;
}

/** Moves one rule before another (both checked at the positions the caller saw), or to the end. */
export const filterMoveRulePlanner: ChangePlanner<FilterMoveRuleInput> = {
  reads: () => [FILTER_MENU],
  propose(live, input) {
    // Already in place by `.id` (ids never change): a repeated request is no change, even though the positions it
    // names are those from before its first run moved the rule.
    const done = alreadyInPlace(rowsOf(live, FILTER_MENU), input);
    if (done) return noChange(`rule ${input.id} is already${placeText(input.place_before)}`, [{ menu: FILTER_MENU, id: input.id, before: configOf(done, WRITABLE[FILTER_MENU]) }]);
    const { row } = locateRule(live, input);
    if (input.place_before?.id === input.id) throw ValidationError.single('place_before', 'is the rule being moved');
    const anchor = input.place_before ? locateRule(live, input.place_before, 'place_before') : undefined;
    const rule = configOf(row, WRITABLE[FILTER_MENU]);
    const touched = [{ menu: FILTER_MENU, id: input.id, before: rule, after: rule }];
    return change({
      summary: `move rule ${input.id} ("${ruleText(row)}") from position ${input.position}${placeText(input.place_before)}`,
      operations: [{ kind: 'move', menu: FILTER_MENU, id: input.id, ...(anchor ? { destination: anchor.row['.id'] } : {}) }],
      touched,
      // Order decides in the input chain; a move there can put a drop before the management accept.
      risk: ruleRisk(row, anchor?.row),
    });
  },
};
