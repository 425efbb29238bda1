/**
 * JSON Schema as zod emits it, minus what costs tokens in tools/list and tells a model nothing: the
 * safe-integer bounds of every `.int()`, `propertyNames: {type: string}` of records, `additionalProperties: false`,
 * `$schema`.
 */
export function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') continue;
    // Output objects are closed by construction; saying so on every nested object costs more than it tells.
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = compactSchema(value);
  }
  return out;
}
