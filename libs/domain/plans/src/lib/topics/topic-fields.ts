import { ValidationError } from '@routeros-mcp/domain-kernel';

export function stringList(value: unknown, field: string, options: { allowEmpty?: boolean } = {}): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === '')) throw ValidationError.single(field, 'must be a list of non-empty strings');
  if (!options.allowEmpty && value.length === 0) throw ValidationError.single(field, 'must not be empty');
  return value.map((v: string) => v.trim());
}

export function onlyKeys(value: Readonly<Record<string, unknown>>, allowed: readonly string[], field: string): void {
  const extra = Object.keys(value).find((k) => !allowed.includes(k));
  if (extra) throw ValidationError.single(`${field}${extra}`, `is not a known field (expected ${allowed.join(', ')})`);
}

export function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ValidationError.single(field, 'must be an object');
  return value as Record<string, unknown>;
}
