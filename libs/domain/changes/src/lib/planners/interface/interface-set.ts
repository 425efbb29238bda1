import type { LiveRows, Row } from '../../row-operation';
import type { ProposalOutcome, RiskLevel } from '../../change-planner';
import { ChangeNotPermittedError } from '../errors/planner-errors';
import { change, noChange } from '../common/outcome';
import { changedProps, configOf, findInterface, isDynamic } from '../common/rows';
import { WRITABLE } from '../common/menu-properties';

const MENU = 'interface';

/** One `/interface set` on a named interface (any type), or no change when it already holds. */
export function setInterface(live: LiveRows, name: string, desired: Record<string, string>, describe: { summary: string; risk: RiskLevel; same: string }): ProposalOutcome {
  const row: Row = findInterface(live, name);
  const id = row['.id'];
  const before = configOf(row, WRITABLE[MENU]);
  const props = changedProps(row, desired);
  if (Object.keys(props).length === 0) return noChange(describe.same, [{ menu: MENU, id, before }]);
  if (isDynamic(row)) throw new ChangeNotPermittedError(`interface '${name}' is dynamic (made by RouterOS or a service); it cannot be set`, { menu: MENU, id });
  return change({
    summary: describe.summary,
    operations: [{ kind: 'set', menu: MENU, id, props }],
    touched: [{ menu: MENU, id, before, after: { ...before, ...props } }],
    risk: describe.risk,
  });
}
