import { hasControlCharacters, ValidationError } from '@routeros-mcp/domain-kernel';


export function parseDeviceName(value: string, field = 'name'): string {
  const name = value.trim();
  if (name.length === 0 || name.length > 64) throw ValidationError.single(field, 'must be 1-64 characters');
  if (hasControlCharacters(name)) throw ValidationError.single(field, 'must not contain control characters');
  return name;
}
