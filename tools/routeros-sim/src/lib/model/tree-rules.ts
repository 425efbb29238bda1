import { argDescription, storedSchema } from '../schema/menu-schema';
import { hasCuratedRule } from './arg-rules';
import { checkValue, parseValueDescription, ValueRule } from './value-rules';

let rules: ValueRule[] | undefined;

/** Every description of the schema parsed once per process (127 distinct ones across both trees). */
function parsedDescriptions(): ValueRule[] {
  rules ??= storedSchema().descs.map(parseValueDescription);
  return rules;
}

/** The rule the command tree gives `arg` of `menu`'s `command` on `version`, if it describes its values. */
export function treeRule(version: string, menu: string, command: string, arg: string): ValueRule | undefined {
  const desc = argDescription(version, menu, command, arg);
  if (desc === undefined) return undefined;
  return parsedDescriptions()[storedSchema().descs.indexOf(desc)];
}

/**
 * Checks a written value against the tree's description when no curated rule (model/arg-rules.ts) covers the
 * argument: curated rules win. An empty value (clearing a property) is left to the menu, as the tree does not
 * say whether one is allowed (chosen without a source). Returns the value as stored.
 */
export function checkTreeValue(version: string, menu: string, command: string, key: string, value: string): string {
  if (value === '' || hasCuratedRule(menu, key)) return value;
  const rule = treeRule(version, menu, command, key);
  return rule ? checkValue(rule, key, value, { firstAlternativeOnly: true }) : value;
}
