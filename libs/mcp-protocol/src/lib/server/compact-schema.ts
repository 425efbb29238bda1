/**
 * Limits the server enforces with zod anyway (naming the field that broke one) and that do not change what a
 * caller should send. Numeric bounds (limit 1–500, ping count 1–10) and item counts (at most 10 interfaces) do,
 * so they stay listed.
 */
const INPUT_ONLY_ENFORCED = new Set(['pattern', 'maxLength', 'minLength', 'minItems', 'propertyNames']);

/**
 * A tool's input schema as zod emits it, minus what costs tokens in tools/list and tells a model nothing: `$schema`,
 * the safe-integer bounds of every `.int()`, `propertyNames: {type: string}` of records, and length and pattern limits
 * (zod still enforces them and names the field that broke one). Objects keep `additionalProperties: false`: a caller
 * must learn that an argument the tool does not take is refused, not dropped. (tools/list lists no output schemas:
 * the budget; answers carry structuredContent and the same facts as text.)
 * A union of plain types (`anyOf` of `{type}` only) is written as one `type` array; an enum of strings loses its `type`.
 * Walks schema positions only, so a property that happens to be called `pattern` or `required` is kept.
 */
export function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((s) => compactSchema(s));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') continue;
    if (INPUT_ONLY_ENFORCED.has(key)) continue;
    // An input map's value types (where filters, tags) are enforced by zod and shown by the description's example.
    if (key === 'additionalProperties' && schema && (schema as { type?: unknown }).type === 'object' && !(schema as { properties?: unknown }).properties) continue;
    // An enum of strings says the type already.
    if (key === 'type' && value === 'string' && Array.isArray((schema as { enum?: unknown }).enum) && ((schema as { enum: unknown[] }).enum).every((v) => typeof v === 'string')) continue;
    if (key === 'anyOf' && Array.isArray(value)) {
      const members = value.map((v) => compactSchema(v) as Record<string, unknown>);
      const plain = members.every((m) => m && Object.keys(m).length === 1 && typeof m['type'] === 'string');
      out[plain ? 'type' : 'anyOf'] = plain ? members.map((m) => m['type']) : members;
      continue;
    }
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, s]) => [name, compactSchema(s)]));
    } else if (key === 'items' || key === 'additionalProperties' || key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'not') {
      out[key] = compactSchema(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}
