import type { ChangePlanner } from '../../change-planner';
import { change, noChange } from '../common/outcome';
import { changedProps, configOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { FILTER_MENU, FilterRuleProps, locateRule, ruleRisk, ruleStrings, ruleText, RuleRef, validateRule } from './filter-rule';

export interface FilterUpdateRuleInput extends RuleRef {
  /** Properties to set; an empty string or list returns one to its default (`unset`). */
  set: FilterRuleProps;
}

/** Sets and unsets properties of one rule, checked to be still at the position the caller saw. */
export const filterUpdateRulePlanner: ChangePlanner<FilterUpdateRuleInput> = {
  reads: () => [FILTER_MENU],
  propose(live, input) {
    const { row } = locateRule(live, input);
    const before = configOf(row, WRITABLE[FILTER_MENU]);
    const wanted = ruleStrings(input.set, true);
    const unset = Object.keys(wanted).filter((name) => wanted[name] === '' && (row[name] ?? '') !== '');
    const props = changedProps(row, Object.fromEntries(Object.entries(wanted).filter(([, value]) => value !== '')));
    const after: Record<string, string> = { ...before, ...props };
    for (const name of unset) delete after[name];
    if (Object.keys(props).length + unset.length === 0) return noChange(`rule ${input.id} already has these properties`, [{ menu: FILTER_MENU, id: input.id, before }]);
    validateRule(after);
    const what = [...Object.entries(props).map(([n, v]) => `${n}=${v}`), ...unset.map((n) => `-${n}`)].join(' ');
    return change({
      summary: `change rule ${input.id} ("${ruleText(before)}") at position ${input.position}: ${what}`,
      operations: [{ kind: 'set', menu: FILTER_MENU, id: input.id, props, ...(unset.length ? { unset } : {}) }],
      touched: [{ menu: FILTER_MENU, id: input.id, before, after }],
      risk: ruleRisk(before, after),
    });
  },
};
