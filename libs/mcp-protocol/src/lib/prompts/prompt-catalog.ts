import { ValidationError } from '@routeros-mcp/domain-kernel';
import { closest } from 'fastest-levenshtein';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const ArgumentSchema = z.object({
  name: z.string().regex(/^[a-z_]+$/),
  description: z.string(),
  required: z.boolean().default(false),
  /** What completion offers for this argument. */
  complete: z.enum(['device_id', 'environment']).optional(),
}).strict(); // an unquoted comma in YAML flow style silently adds keys: refuse them

const FrontMatterSchema = z.object({
  name: z.string().regex(/^[a-z]+(-[a-z]+)*$/),
  title: z.string(),
  description: z.string(),
  arguments: z.array(ArgumentSchema).default([]),
  /**
   * The tools without which the workflow makes no sense: the prompt is listed only where every one is. Any other
   * tool it names sits in a numbered step, left out (and the steps renumbered) where that tool is not listed.
   */
  requires: z.array(z.string().regex(/^[a-z]+(_[a-z]+)+$/)).min(1),
}).strict();

export type PromptDefinition = z.infer<typeof FrontMatterSchema> & { template: string };

/** Reads the prompt files (front matter plus a template); a malformed file fails at start, naming it. */
export function loadPrompts(dir = join(__dirname, 'files')): PromptDefinition[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the YAML parser loads with the prompts, not with the server
  const { parse } = require('yaml') as typeof import('yaml');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!m) throw new Error(`prompt ${file}: expected front matter between --- lines`);
      const parsed = FrontMatterSchema.safeParse(parse(m[1]));
      if (!parsed.success) throw new Error(`prompt ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return { ...parsed.data, template: m[2].trim() };
    });
}

/** Fills `{{name}}` and the optional sections `{{#name}}…{{/name}}`; missing required arguments are refused. */
export function renderPrompt(prompt: PromptDefinition, args: Record<string, string | undefined>): string {
  const errors = prompt.arguments.filter((a) => a.required && !args[a.name]).map((a) => ({ field: a.name, message: 'is required' }));
  const unknown = Object.keys(args).filter((k) => !prompt.arguments.some((a) => a.name === k));
  const names = prompt.arguments.map((a) => a.name);
  for (const k of unknown) errors.push({ field: k, message: `is not an argument of ${prompt.name}${names.length ? `; did you mean '${closest(k, names)}'?` : ' (it takes none)'}` });
  if (errors.length) throw new ValidationError(errors);
  return prompt.template
    .replace(/\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g, (_all, name: string, inner: string) => (args[name] ? inner : ''))
    .replace(/\{\{(\w+)\}\}/g, (_all, name: string) => args[name] ?? '(not given)');
}
