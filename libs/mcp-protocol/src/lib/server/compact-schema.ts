export type SchemaUse = 'input' | 'output';

/**
 * Bounds the server enforces with zod anyway (naming the field that broke one); where a model needs a bound to
 * call a tool right, the tool's description or the server instructions state it once.
 */
const INPUT_ONLY_ENFORCED = new Set(['pattern', 'maxLength', 'maxItems', 'minLength', 'minItems', 'minimum', 'maximum', 'propertyNames']);

/**
 * JSON Schema as zod emits it, minus what costs tokens in tools/list and tells a model nothing: `$schema`, the
 * safe-integer bounds of every `.int()`, `propertyNames: {type: string}` of records, `additionalProperties: false`
 * (output objects are closed by construction), length and pattern limits of inputs (zod still enforces them and
 * names the field that broke one), and of outputs `required` (every listed field is always present) and the value
 * type of free-form maps (RouterOS rows: every value is a string, which the tool descriptions say).
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
    if (key === 'additionalProperties' && value === false) continue;
    if (use === 'input' && INPUT_ONLY_ENFORCED.has(key)) continue;
    if (use === 'output' && (key === 'required' || key === 'additionalProperties')) continue;
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
