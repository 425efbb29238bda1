export type SchemaUse = 'input' | 'output';

/**
 * Limits the server enforces with zod anyway (naming the field that broke one) and that do not change what a
 * caller should send. Numeric bounds (limit 1–500, ping count 1–10) and item counts (at most 10 interfaces) do,
 * so they stay listed.
 */
const INPUT_ONLY_ENFORCED = new Set(['pattern', 'maxLength', 'minLength', 'minItems', 'propertyNames']);

/**
 * JSON Schema as zod emits it, minus what costs tokens in tools/list and tells a model nothing: `$schema`, the
 * safe-integer bounds of every `.int()`, `propertyNames: {type: string}` of records, length and pattern limits of
 * inputs (zod still enforces them and names the field that broke one), and of outputs `required` (every listed field
 * is always present) and `additionalProperties: false` (output objects are closed by construction). Input objects keep
 * `additionalProperties: false`: a caller must learn that an argument the tool does not take is refused, not dropped.
 * A union of plain types (`anyOf` of `{type}` only) is written as one `type` array; an enum of strings loses its `type`.
 * Walks schema positions only, so a property that happens to be called `pattern` or `required` is kept.
 */
export function compactSchema(schema: unknown, use: SchemaUse = 'input'): unknown {
  if (Array.isArray(schema)) return schema.map((s) => compactSchema(s, use));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') continue;
    if (use === 'output' && key === 'additionalProperties' && value === false) continue;
    if (use === 'input' && INPUT_ONLY_ENFORCED.has(key)) continue;
    // An input map's value types (where filters, tags) are enforced by zod and shown by the description's example.
    if (use === 'input' && key === 'additionalProperties' && schema && (schema as { type?: unknown }).type === 'object' && !(schema as { properties?: unknown }).properties) continue;
    // Free-form string maps (tags) say nothing; a row's typed values (string, number or boolean) are kept.
    if (use === 'output' && (key === 'required' || (key === 'additionalProperties' && JSON.stringify(value) === '{"type":"string"}'))) continue;
    // An enum of strings says the type already.
    if (key === 'type' && value === 'string' && Array.isArray((schema as { enum?: unknown }).enum) && ((schema as { enum: unknown[] }).enum).every((v) => typeof v === 'string')) continue;
    if (key === 'anyOf' && Array.isArray(value)) {
      const members = value.map((v) => compactSchema(v, use) as Record<string, unknown>);
      const plain = members.every((m) => m && Object.keys(m).length === 1 && typeof m['type'] === 'string');
      out[plain ? 'type' : 'anyOf'] = plain ? members.map((m) => m['type']) : members;
      continue;
    }
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, s]) => [name, compactSchema(s, use)]));
    } else if (key === 'items' || key === 'additionalProperties' || key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'not') {
      out[key] = compactSchema(value, use);
    } else {
      out[key] = value;
    }
  }
  return out;
}
