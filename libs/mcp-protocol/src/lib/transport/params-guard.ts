import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/core';
import { truncate } from '@routeros-mcp/domain-kernel';

interface Checkable {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string; code?: string; expected?: string }[] } };
}

/** The request shapes MCP defines for the methods this server serves (both revisions: the envelope is `_meta`). */
const SCHEMAS: Record<string, Checkable> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'resources/subscribe': SubscribeRequestSchema,
  'resources/unsubscribe': UnsubscribeRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'completion/complete': CompleteRequestSchema,
  'logging/setLevel': SetLevelRequestSchema,
};

/** Names longer than this are refused before anything looks them up (or echoes them). */
export const NAME_LIMIT = 128;

export interface ParamsProblem {
  field: string;
  message: string;
  errors: { field: string; message: string }[];
}

/**
 * Checks a request's params against MCP's shape for its method before the SDK sees it: the SDK would answer a
 * wrong type with -32603 and a multi-line zod dump, an array with nothing at all. Unknown methods pass (-32601).
 */
export function checkParams(method: string, params: unknown): ParamsProblem | undefined {
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return { field: 'params', message: 'must be an object (MCP uses named parameters)', errors: [{ field: 'params', message: 'must be an object' }] };
  }
  const name = (params as { name?: unknown } | undefined)?.name;
  if ((method === 'tools/call' || method === 'prompts/get') && typeof name === 'string' && name.length > NAME_LIMIT) {
    return { field: 'params.name', message: `is ${name.length} characters long; names have at most ${NAME_LIMIT}`, errors: [{ field: 'params.name', message: `at most ${NAME_LIMIT} characters` }] };
  }
  const schema = SCHEMAS[method];
  if (!schema) return undefined;
  const result = schema.safeParse({ method, ...(params === undefined ? {} : { params }) });
  if (result.success) return undefined;
  const errors = result.error!.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'params', message: truncate(issue.message.replace(/^Invalid input: /, ''), 200) }));
  return { field: errors[0].field, message: errors[0].message, errors };
}
