import type { ChangePlanner, RiskLevel, SafetyInput } from '../change-planner';
import type { Row } from '../row-operation';
import { sameValue } from '../value-equivalence';

export interface SingletonSetSpec<I> {
  /** The singleton menu (`system/identity`). */
  menu: string;
  /** The properties the input asks for, as RouterOS takes them. */
  desired(input: I): Record<string, string>;
  /** One short sentence: `set the identity to core-1`. */
  summary(input: I): string;
  risk?: RiskLevel;
  safetyInput?(input: I): SafetyInput;
}

/**
 * A planner that sets properties of one singleton menu: only the properties that differ are written, and a request
 * whose values already hold is `no_change`.
 */
export function singletonSetPlanner<I>(spec: SingletonSetSpec<I>): ChangePlanner<I> {
  return {
    reads: () => [spec.menu],
    propose(live, input) {
      const row: Row = live[spec.menu]?.[0] ?? {};
      const desired = spec.desired(input);
      const changed = Object.fromEntries(Object.entries(desired).filter(([name, value]) => !sameValue(value, row[name])));
      if (Object.keys(changed).length === 0) return { kind: 'no_change', reason: `${spec.summary(input)}: already so`, current: [{ menu: spec.menu, before: row, after: row }] };
      return {
        kind: 'change',
        proposal: {
          summary: spec.summary(input),
          operations: [{ kind: 'set', menu: spec.menu, props: changed }],
          touched: [{ menu: spec.menu, before: row, after: { ...row, ...changed } }],
          risk: spec.risk ?? 'low',
        },
      };
    },
    ...(spec.safetyInput ? { safetyInput: spec.safetyInput } : {}),
  };
}
