import { ValidationError } from '@routeros-mcp/domain-kernel';

/** Device ids are DNS-label-like slugs (`dev-lab-01`): safe in URIs (`device://{id}/…`), paths and logs. */
const DEVICE_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function parseDeviceId(value: string, field = 'id'): string {
  if (!DEVICE_ID.test(value)) {
    throw ValidationError.single(
      field,
      `'${value}' is not a valid device id; use 1-63 lower-case letters, digits and inner hyphens (e.g. dev-lab-01)`,
    );
  }
  return value;
}
