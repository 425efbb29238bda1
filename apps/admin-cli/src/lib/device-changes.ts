import { shown } from './display';

/** Fields of a device's JSON that change by themselves or are not the operator's to update. */
const NOT_UPDATED = new Set(['updated_at', 'facts', 'created_at', 'credentials']);

const valueText = (value: unknown): string => (value === undefined || value === null ? '(none)' : typeof value === 'string' ? shown(value) : String(value));

/** Flattens one level of nesting (tags, capabilities) into `tags.site` keys. */
function flat(json: Record<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(json)) {
    if (NOT_UPDATED.has(key)) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [inner, v] of Object.entries(value)) out.set(`${key}.${inner}`, v);
    else out.set(key, value);
  }
  return out;
}

/**
 * What `device update` changed, one `field: before -> after` line each, in the device JSON's names (tags.site,
 * capabilities.allow_firewall_writes); empty when the device already was as given.
 */
export function deviceChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const was = flat(before);
  const now = flat(after);
  const keys = [...new Set([...was.keys(), ...now.keys()])];
  return keys.filter((key) => JSON.stringify(was.get(key)) !== JSON.stringify(now.get(key))).map((key) => `${key}: ${valueText(was.get(key))} -> ${valueText(now.get(key))}`);
}
