import { z } from 'zod';
import { ToolCatalog } from './catalog';

/** Paths of the objects with named properties in a JSON schema that do not close themselves. */
function openObjects(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((s, i) => openObjects(s, `${path}[${i}]`));
  const node = schema as Record<string, unknown>;
  const own = node['properties'] && node['additionalProperties'] !== false ? [path || '(arguments)'] : [];
  const below = Object.entries(node).flatMap(([key, value]) =>
    key === 'properties' ? Object.entries(value as Record<string, unknown>).flatMap(([name, s]) => openObjects(s, path ? `${path}.${name}` : name)) : typeof value === 'object' ? openObjects(value, `${path}/${key}`) : [],
  );
  return [...own, ...below];
}

describe('every tool refuses arguments it does not take', () => {
  const tools = new ToolCatalog({ toolsets: ['all'] }).tools;

  it('at every depth: each object with named properties in every input schema is closed', () => {
    const open = tools.flatMap((tool) => openObjects(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' })).map((path) => `${tool.name}: ${path}`));
    expect(open).toEqual([]);
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s refuses an unknown top-level argument', (_name, tool) => {
    const result = tool.input.safeParse({ dryrun: true });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toContainEqual(expect.objectContaining({ code: 'unrecognized_keys', keys: ['dryrun'], path: [] }));
  });
});
