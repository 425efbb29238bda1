import { NOT_KEPT_VALUE } from '@routeros-mcp/domain-kernel';
import { closest } from 'fastest-levenshtein';
import { z } from 'zod';
import type { ToolDefinition } from '../tools/define-tool';

/** What an audit record keeps of an argument the tool does not take: its name, never its value. */
export const UNKNOWN_ARGUMENT_VALUE = NOT_KEPT_VALUE;

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
 * not its value, at any depth (a misspelled `psk` must not reach the database), and so does a value a check refused
 * as a secret (a `where` filter on a passphrase). Calls to no known tool keep no value.
 */
export function auditableArguments(tool: ToolDefinition | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  const nothingKept = () => Object.fromEntries(Object.keys(raw).map((key) => [key, UNKNOWN_ARGUMENT_VALUE]));
  if (!tool) return nothingKept();
  try {
    const parsed = tool.input.safeParse(raw);
    const issues = parsed.success ? [] : parsed.error.issues;
    // Unknown keys, and values a check refused as secrets (`params.notKept`: a filter on a passphrase), keep no value.
    const notKept = [
      ...unrecognizedKeys(issues).flatMap((issue) => issue.keys.map((key) => [...issue.path, key])),
      ...issues.filter((issue) => issue.code === 'custom' && (issue.params as { notKept?: boolean } | undefined)?.notKept).map((issue) => issue.path),
    ];
    let kept = raw;
    if (notKept.length) {
      kept = structuredClone(raw);
      for (const path of notKept) {
        const owner = path.slice(0, -1).reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), kept);
        if (owner && typeof owner === 'object' && path.length) (owner as Record<PropertyKey, unknown>)[path[path.length - 1]] = UNKNOWN_ARGUMENT_VALUE;
      }
    }
    return tool.auditable ? tool.auditable(kept) : kept;
  } catch {
    // A parse that cannot finish (nesting past the stack) is refused where the call is parsed; keep no value here.
    return nothingKept();
  }
}
