import type { ChangePlanner } from '../../change-planner';
import type { Row } from '../../row-operation';
import { change, noChange } from '../common/outcome';
import { configOf, rowsOf } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';
import { ChangeOverlapError } from '../errors/planner-errors';
import { FILTER_MENU, FilterRuleProps, locateRule, placeText, ruleRisk, ruleStrings, ruleText, RuleRef, validateRule } from './filter-rule';

export interface FilterAddRuleInput {
  rule: FilterRuleProps & { chain: string; action: NonNullable<FilterRuleProps['action']> };
  /** The rule the new one goes before; the end of the list when absent. */
  place_before?: RuleRef;
}

/** Values that are RouterOS's defaults and say nothing about what a rule matches or does. */
const DEFAULTS: Readonly<Record<string, string>> = { disabled: 'false', log: 'false', 'log-prefix': '' };
const LISTS = new Set(['connection-state', 'connection-nat-state']);

/** A rule's meaning: its properties without defaults, comment and list order (RouterOS may reorder `a,b`). */
function meaning(rule: Row): string {
  const entries = Object.entries(configOf(rule, WRITABLE[FILTER_MENU]))
    .filter(([name, value]) => name !== 'comment' && value !== '' && DEFAULTS[name] !== value && !(DEFAULTS[name] === 'false' && value === 'no'))
    .map(([name, value]) => [name, LISTS.has(name) ? value.split(',').sort().join(',') : value]);
  return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** Adds a filter rule, at the end or before a rule the caller saw; an identical rule already in that place is no change. */
export const filterAddRulePlanner: ChangePlanner<FilterAddRuleInput> = {
  reads: () => [FILTER_MENU],
  propose(live, input) {
    const props = ruleStrings(input.rule);
    validateRule(props);
    const rows = rowsOf(live, FILTER_MENU);
    // A repeated request finds its rule just before the anchor's `.id`, whose position it names from before the add.
    const at = input.place_before ? rows.findIndex((r) => r['.id'] === input.place_before!.id) : -1;
    const done = at > 0 && meaning(rows[at - 1]) === meaning(props) ? rows[at - 1] : undefined;
    if (done) return noChange(`rule ${done['.id']} at position ${at - 1} already does this`, [{ menu: FILTER_MENU, id: done['.id'], before: configOf(done, WRITABLE[FILTER_MENU]) }]);
    const anchor = input.place_before ? locateRule(live, input.place_before, 'place_before') : undefined;
    const same = rows.map((row, index) => ({ row, index })).filter(({ row }) => meaning(row) === meaning(props));
    for (const { row, index } of same) {
      const inPlace = anchor ? rows[index + 1]?.['.id'] === anchor.row['.id'] : true;
      if (inPlace) return noChange(`rule ${row['.id']} at position ${index} already does this`, [{ menu: FILTER_MENU, id: row['.id'], before: configOf(row, WRITABLE[FILTER_MENU]) }]);
      throw new ChangeOverlapError(`an identical rule ${row['.id']} is at position ${index}; move it with firewall_move_filter_rule instead`, { menu: FILTER_MENU, id: row['.id'], position: index });
    }
    return change({
      summary: `add filter rule "${ruleText(props)}"${placeText(input.place_before)}`,
      operations: [{ kind: 'add', menu: FILTER_MENU, props, ...(anchor ? { placeBefore: anchor.row['.id'] } : {}) }],
      touched: [{ menu: FILTER_MENU, after: props }],
      risk: ruleRisk(props),
    });
  },
};
