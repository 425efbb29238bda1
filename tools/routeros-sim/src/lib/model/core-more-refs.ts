/**
 * References typed by model/core-more-values.ts that RouterOS keeps by the named row's id, so a rename shows in
 * them (model/value-rule-refs.ts merges this table): SNMP's trap interfaces. A tree queue's interface `parent`
 * already follows (model/device-state.ts).
 */
export const CORE_MORE_REFS: Record<string, Record<string, string[]>> = {
  snmp: { 'trap-interfaces': ['interface'] },
};
