// First: a leaf, initialised before the value modules that import one another (numRule reads U32 while they load).
import { U32 } from './value-bounds';
import type { ArgContext } from './arg-rules';
import { checkGenericValue, GenericValueRule } from './generic-values';
import { checkRef, RefRule } from './generic-refs';
import { strictBool } from './menu-values';

/**
 * Builders the curated value tables share (model/bridge-values.ts, tunnel-values.ts…): each rule names the page its
 * type comes from and returns the value as stored, or throws RouterOS's refusal. Function declarations, hoisted: a
 * table built while the value modules that import one another are still loading finds them.
 */
export interface SourcedRule {
  source: string;
  check(key: string, value: string, ctx: ArgContext): string;
}

export function ruleOf(rule: GenericValueRule): SourcedRule {
  return { source: rule.source, check: (key, value) => checkGenericValue(rule, key, value) };
}
export function wordRule(values: string[], source: string): SourcedRule {
  return ruleOf({ kind: 'enum', values, source });
}
/** A `num` the reference gives no range: 0..4294967295 (docs/simulator.md, choices without a source). */
export function numRule(source: string, keywords?: string[]): SourcedRule {
  return ruleOf({ kind: 'integer', min: 0, max: U32, ...(keywords ? { keywords } : {}), source });
}
export function boolRule(source: string): SourcedRule {
  return { source, check: (key, value) => (value === '' ? value : strictBool(key, value)) };
}
export function refRule(rule: RefRule, source: string): SourcedRule {
  return { source, check: (key, value, ctx) => checkRef(rule, key, value, ctx.rowsOf) };
}
