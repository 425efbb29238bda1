import { displayAlteringCharacter, ValidationError } from '@routeros-mcp/domain-kernel';

export function parseDeviceName(value: string, field = 'name'): string {
  // Checked before trimming: String#trim would quietly drop a U+FEFF at either end.
  const hidden = displayAlteringCharacter(value);
  if (hidden) throw ValidationError.single(field, `must not contain control, invisible or direction-changing characters (found ${hidden})`);
  const name = value.trim();
  if (name.length === 0 || name.length > 64) throw ValidationError.single(field, 'must be 1-64 characters');
  return name;
}
