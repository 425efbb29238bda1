import { displayAlteringCharacter, ValidationError } from '@routeros-mcp/domain-kernel';

export type Tags = Readonly<Record<string, string>>;

const KEY = /^[a-z0-9][a-z0-9_.-]{0,31}$/;

export function validateTag(key: string, value: string, field = 'tags'): void {
  if (!KEY.test(key)) {
    throw ValidationError.single(field, `tag key '${key}' must be 1-32 lower-case letters, digits, '.', '_' or '-'`);
  }
  if (value.length === 0 || value.length > 64) throw ValidationError.single(field, `tag '${key}' needs a value of 1-64 characters`);
  const hidden = displayAlteringCharacter(value);
  if (hidden) throw ValidationError.single(field, `tag '${key}' must not contain control, invisible or direction-changing characters (found ${hidden})`);
}

/** Parses `key=value` as typed on a command line or in a filter. */
export function parseTag(text: string, field = 'tag'): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw ValidationError.single(field, `'${text}' is not key=value`);
  const key = text.slice(0, at).trim();
  const value = text.slice(at + 1).trim();
  validateTag(key, value, field);
  return [key, value];
}

export function validateTags(tags: Record<string, string>, field = 'tags'): Tags {
  const entries = Object.entries(tags);
  if (entries.length > 32) throw ValidationError.single(field, 'at most 32 tags per device');
  for (const [key, value] of entries) validateTag(key, value, field);
  return Object.freeze(Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))));
}
