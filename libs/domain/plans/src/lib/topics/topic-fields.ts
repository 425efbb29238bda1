import { ValidationError } from '@routeros-mcp/domain-kernel';

export function stringList(value: unknown, field: string, options: { allowEmpty?: boolean } = {}): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === '')) throw ValidationError.single(field, 'must be a list of non-empty strings');
  if (!options.allowEmpty && value.length === 0) throw ValidationError.single(field, 'must not be empty');
  return value.map((v: string) => v.trim());
}

/** A key a topic's change does not take, at `field` (dotted path): refused, and never kept in a record. */
export class UnknownFieldError extends ValidationError {
  constructor(readonly field: string, allowed: readonly string[]) {
    super([{ field, message: `is not a known field (expected ${allowed.join(', ')})` }]);
  }
}

export function onlyKeys(value: Readonly<Record<string, unknown>>, allowed: readonly string[], field: string): void {
  const extra = Object.keys(value).find((k) => !allowed.includes(k));
  if (extra) throw new UnknownFieldError(`${field}${extra}`, allowed);
}

export function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ValidationError.single(field, 'must be an object');
  return value as Record<string, unknown>;
}

/** A property value as RouterOS takes it: strings as given, numbers in decimal, booleans `true`/`false`, lists joined with commas. */
export function routerOsValue(value: unknown, field: string): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && v.trim() !== '')) return value.map((v: string) => v.trim()).join(',');
  throw ValidationError.single(field, 'must be a string, number, boolean or list of strings');
}

export function list(value: unknown, field: string, max: number): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw ValidationError.single(field, 'must be a list');
  if (value.length > max) throw ValidationError.single(field, `at most ${max} per step`);
  return value;
}

export function text(value: unknown, field: string, pattern?: RegExp, expected?: string): string {
  if (typeof value !== 'string' || value.trim() === '' || (pattern && !pattern.test(value.trim()))) throw ValidationError.single(field, expected ? `must be ${expected}` : 'must be a non-empty string');
  return value.trim();
}

/** The keys of `items` (by `keyOf`) are unique: one desired row per identity. */
export function uniqueBy<T>(items: readonly T[], keyOf: (t: T) => string, field: string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (seen.has(key)) throw ValidationError.single(`${field}.${i}`, `repeats ${key}`);
    seen.add(key);
  });
}
