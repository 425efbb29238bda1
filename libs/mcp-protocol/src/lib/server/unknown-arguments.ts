import { closest } from 'fastest-levenshtein';
import { z } from 'zod';
import type { ToolDefinition } from '../tools/define-tool';

/** What an audit record keeps of an argument the tool does not take: its name, never its value. */
export const UNKNOWN_ARGUMENT_VALUE = '[unknown argument: not kept]';

/** One argument a tool refused as unknown: where it was, and the name the tool takes there that is closest to it. */
export interface UnknownArgument {
  /** Dotted path of the key (`dryrun`, `rollout.batchsize`, `exclude.0.why`). */
  field: string;
  key: string;
  closest?: string;
  /** The names the object at that place takes. */
  valid: string[];
}

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; additionalProperties?: JsonSchema | boolean };

const inputSchemas = new WeakMap<ToolDefinition, JsonSchema>();
function inputSchemaOf(tool: ToolDefinition): JsonSchema {
  let schema = inputSchemas.get(tool);
  if (!schema) inputSchemas.set(tool, (schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema));
  return schema;
}

/** The property names of the objects a JSON schema allows at `path` (every branch of a union). */
function namesAt(schema: JsonSchema | undefined, path: readonly PropertyKey[]): string[] {
  if (!schema) return [];
  if (schema.anyOf) return [...new Set(schema.anyOf.flatMap((branch) => namesAt(branch, path)))];
  if (path.length === 0) return Object.keys(schema.properties ?? {});
  const [head, ...rest] = path;
  if (typeof head === 'number') return namesAt(schema.items, rest);
  const next = schema.properties?.[String(head)] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
  return namesAt(next, rest);
}

type UnrecognizedKeys = Extract<z.core.$ZodIssue, { code: 'unrecognized_keys' }>;

/** zod's `unrecognized_keys` issues, also those inside the branches of a union none of which matched. */
function unrecognizedKeys(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): UnrecognizedKeys[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') return [{ ...issue, path }];
    if (issue.code === 'invalid_union') return issue.errors.flatMap((branch) => unrecognizedKeys(branch, path));
    return [];
  });
}

/** The unknown arguments a failed parse of `tool`'s input names (zod's `unrecognized_keys`), with the closest valid names. */
export function unknownArguments(tool: ToolDefinition, error: z.ZodError): UnknownArgument[] {
  return unrecognizedKeys(error.issues).flatMap((issue) => {
    const valid = namesAt(inputSchemaOf(tool), issue.path);
    return issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), key, valid, ...(valid.length ? { closest: closest(key, valid) } : {}) }));
  });
}

/** "unknown argument 'dryrun'; did you mean 'dry_run'?" (nested: "unknown key 'why' in exclude.0; did you mean 'reason'?"). */
export function unknownArgumentMessage(unknown: UnknownArgument): string {
  const at = unknown.field.includes('.') ? `unknown key '${unknown.key}' in ${unknown.field.slice(0, -unknown.key.length - 1)}` : `unknown argument '${unknown.key}'`;
  return unknown.closest ? `${at}; did you mean '${unknown.closest}'?` : `${at}; it takes none`;
}

/**
 * The arguments as the audit record of this call may keep them: every key the tool does not take keeps its name but
 * not its value, at any depth (a misspelled `psk` must not reach the database). Calls to no known tool keep no value.
 */
export function auditableArguments(tool: ToolDefinition | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  if (!tool) return Object.fromEntries(Object.keys(raw).map((key) => [key, UNKNOWN_ARGUMENT_VALUE]));
  let issues: z.core.$ZodIssue[];
  try {
    const parsed = tool.input.safeParse(raw);
    if (parsed.success) return raw;
    issues = parsed.error.issues;
  } catch {
    // A parse that cannot finish (nesting past the stack) is refused where the call is parsed; keep no value here.
    return Object.fromEntries(Object.keys(raw).map((key) => [key, UNKNOWN_ARGUMENT_VALUE]));
  }
  const unknown = unrecognizedKeys(issues);
  if (unknown.length === 0) return raw;
  const copy = structuredClone(raw);
  for (const issue of unknown) {
    const owner = issue.path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), copy);
    if (owner && typeof owner === 'object') for (const key of issue.keys) (owner as Record<string, unknown>)[key] = UNKNOWN_ARGUMENT_VALUE;
  }
  return copy;
}
