/** A device row as tools return it: RouterOS's strings turned into booleans and numbers where that is what they are. */
export type TypedValue = string | number | boolean;
export type TypedRow = Record<string, TypedValue>;

/**
 * Properties whose values are names, addresses, ports or free text, even when they look like a number or a boolean:
 * a comment "2024", an interface named "1", `dst-port=443` beside `dst-port=80,443` on the next rule.
 */
const TEXT_PROPERTY = /(^|[.-])(name|comment|interface|list|ssid|address|addresses|network|gateway|port|ports|vlan-ids|tagged|untagged|data|serial-number|version|topics|message|server|table|pool|ranges|identity|time|domain|id|prefix|caller-id|label|value-list|board)$/;
/** Numeric properties the rule above would keep as text. */
const NUMBER_PROPERTY = new Set(['pvid', 'vlan-id', 'l2mtu', 'mtu', 'actual-mtu', 'max-l2mtu']);

const INTEGER = /^-?(0|[1-9]\d{0,15})$/;

/** One value, typed: `"true"`/`"false"` → boolean, a plain integer → number, anything else stays as RouterOS wrote it. */
export function typedValue(key: string, value: string): TypedValue {
  if (key === '.id' || (TEXT_PROPERTY.test(key) && !NUMBER_PROPERTY.has(key))) return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (INTEGER.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n)) return n;
  }
  return value;
}

/** A row with every value typed the same way, for every tool (see typedValue). */
export function typedRow(row: Record<string, unknown>): TypedRow {
  const out: TypedRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'string' ? typedValue(key, value) : (value as TypedValue);
  }
  return out;
}

export const typedRows = (rows: unknown): TypedRow[] => (Array.isArray(rows) ? rows : []).map((row) => typedRow(row as Record<string, unknown>));

/** RouterOS sizes (`2048KiB`, `16MiB`, `512`) as bytes; null when the value is not a size. */
export function sizeInBytes(value: string | undefined): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|TiB)?$/.exec(value ?? '');
  if (!match) return null;
  const unit = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 }[match[2] ?? 'B']!;
  return Math.round(Number(match[1]) * unit);
}
