import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  DiscoverRequestSchema,
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
  SubscriptionsListenRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/core';
import { truncate } from '@routeros-mcp/domain-kernel';

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  expected?: string;
  values?: unknown[];
}

interface Checkable {
  safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } };
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
  'server/discover': DiscoverRequestSchema,
  'subscriptions/listen': SubscriptionsListenRequestSchema,
};

/**
 * Methods only one revision has: on the other they are unknown, and the SDK's -32601 (404 over HTTP) is the answer
 * whatever their params. 2026-07-28 dropped initialize, ping, resources/(un)subscribe and logging/setLevel.
 */
const ONLY_IN: Record<string, 'legacy' | 'modern'> = {
  initialize: 'legacy',
  ping: 'legacy',
  'resources/subscribe': 'legacy',
  'resources/unsubscribe': 'legacy',
  'logging/setLevel': 'legacy',
  'server/discover': 'modern',
  'subscriptions/listen': 'modern',
};

/** What a field that matches none of a union's forms was expected to be, where a zod message would say only "Invalid input". */
const UNION_FORMS: Record<string, string> = {
  'params.ref': 'expected {"type":"ref/prompt","name":string} or {"type":"ref/resource","uri":string}',
};

/** One zod issue as a short sentence about its field: what was expected and what came (never zod's own dump). */
function sentence(issue: Issue, field: string): string {
  const text = issue.message.replace(/^Invalid input: /, '');
  if (issue.code === 'invalid_type' && /received undefined$/.test(text)) return `is required (expected ${issue.expected ?? 'a value'})`;
  if (issue.code === 'invalid_value' && issue.values) return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'invalid_union') return UNION_FORMS[field] ?? 'matches none of the accepted forms';
  return truncate(text, 200);
}

/** Names longer than this are refused before anything looks them up (or echoes them). */
export const NAME_LIMIT = 128;

export interface ParamsProblem {
  field: string;
  message: string;
  errors: { field: string; message: string }[];
}

/**
 * Checks a request's params against MCP's shape for its method before the SDK sees it: the SDK would answer a
 * wrong type with -32603 and a multi-line zod dump, an array with nothing at all. Unknown methods pass (-32601), as
 * do those the connection's revision (`era`, when known) does not have.
 */
export function checkParams(method: string, params: unknown, era?: 'legacy' | 'modern'): ParamsProblem | undefined {
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return { field: 'params', message: 'must be an object (MCP uses named parameters)', errors: [{ field: 'params', message: 'must be an object' }] };
  }
  const name = (params as { name?: unknown } | undefined)?.name;
  if ((method === 'tools/call' || method === 'prompts/get') && typeof name === 'string' && name.length > NAME_LIMIT) {
    return { field: 'params.name', message: `is ${name.length} characters long; names have at most ${NAME_LIMIT}`, errors: [{ field: 'params.name', message: `at most ${NAME_LIMIT} characters` }] };
  }
  const schema = SCHEMAS[method];
  if (!schema || (era && ONLY_IN[method] && ONLY_IN[method] !== era)) return undefined;
  const result = schema.safeParse({ method, ...(params === undefined ? {} : { params }) });
  if (result.success) return undefined;
  const errors = result.error!.issues.slice(0, 10).map((issue) => {
    const field = issue.path.map(String).join('.') || 'params';
    return { field, message: sentence(issue, field) };
  });
  return { field: errors[0].field, message: errors[0].message, errors };
}
