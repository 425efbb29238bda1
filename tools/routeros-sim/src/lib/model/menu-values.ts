import { isIPv4 } from 'node:net';
import type { Row } from '../rest/print-query';
import { errors } from '../rest/rest-error';
import { invalidArg } from './arg-rules';
import { normaliseBool } from './values';

/** yes/no (or true/false) as RouterOS stores it, or `invalid value for argument <key>`. */
export function strictBool(key: string, value: string): string {
  const bool = normaliseBool(value);
  if (bool === undefined) throw errors.invalidValue(key, value);
  return bool;
}

/** One of `options`, or RouterOS's `input does not match any value of <key>`. */
export function oneOf(key: string, value: string, options: readonly string[]): string {
  if (!options.includes(value)) throw errors.noMatch(key);
  return value;
}

/** A comma list whose every item is one of `options` (`topics=info,!debug` takes `!` where `negatable`). */
export function listOf(key: string, value: string, options: readonly string[], negatable = false): string {
  for (const item of value.split(',')) if (!options.includes(negatable && item.startsWith('!') ? item.slice(1) : item)) throw errors.noMatch(key);
  return value;
}

/** An IPv4 address (`invalid value for argument <key>` otherwise). */
export function ipv4(key: string, value: string): string {
  if (!isIPv4(value)) throw invalidArg(key);
  return value;
}

/** The name of an existing row of `path`, or `input does not match any value of <key>`. */
export function existingName(key: string, value: string, path: string, rowsOf: (path: string) => Row[]): string {
  if (!rowsOf(path).some((r) => r['name'] === value)) throw errors.noMatch(key);
  return value;
}

/** Why a row named `name` cannot go: some row of `path` names it in one of `fields` (lists too). */
export function usedBy(name: string | undefined, rowsOf: (path: string) => Row[], uses: [path: string, fields: string[]][]): boolean {
  return !!name && uses.some(([path, fields]) => rowsOf(path).some((r) => fields.some((f) => (r[f] ?? '').split(',').includes(name))));
}
