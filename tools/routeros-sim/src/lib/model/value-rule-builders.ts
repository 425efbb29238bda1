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

/**
 * The GenericValueRule makers the value tables share: an integer (a `num` the reference gives no range is
 * 0..4294967295, docs/simulator.md), a word list, and a value checked by its shape.
 */
export function intRule(source: string, min = 0, max = U32, keywords?: string[]): GenericValueRule {
  return { kind: 'integer', min, max, ...(keywords ? { keywords } : {}), source };
}
export function enumRule(values: string[], source: string): GenericValueRule {
  return { kind: 'enum', values, source };
}
export function shapedRule(check: (key: string, value: string) => string, source: string): GenericValueRule {
  return { kind: 'shaped', check, source };
}

export function ruleOf(rule: GenericValueRule): SourcedRule {
  return { source: rule.source, check: (key, value) => checkGenericValue(rule, key, value) };
}
export function wordRule(values: string[], source: string): SourcedRule {
  return ruleOf(enumRule(values, source));
}
/** A `num` the reference gives no range: 0..4294967295 (docs/simulator.md, choices without a source). */
export function numRule(source: string, keywords?: string[]): SourcedRule {
  return ruleOf(intRule(source, 0, U32, keywords));
}
export function boolRule(source: string): SourcedRule {
  return { source, check: (key, value) => (value === '' ? value : strictBool(key, value)) };
}
export function refRule(rule: RefRule, source: string): SourcedRule {
  return { source, check: (key, value, ctx) => checkRef(rule, key, value, ctx.rowsOf) };
}
