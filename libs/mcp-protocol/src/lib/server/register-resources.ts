import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CompleteRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ENVIRONMENTS } from '@routeros-mcp/domain-kernel';
import { randomUUID } from 'node:crypto';
import { protocolError } from '../errors/map-domain-error';
import { errorPayload, runGated } from './call-guards';
import type { PromptDefinition } from '../prompts/prompt-catalog';
import { matchResource, RESOURCE_KINDS } from '../resources/resource-catalog';
import type { HandlerSupport, ToolServerOptions, ToolServices } from './register-tools';
import { RpcError } from './rpc-error';
import { SubscriptionManager, SubscriptionOptions } from './subscriptions';
import { estimateTokens } from './token-budget';

const DEVICE_SUFFIXES = ['overview', 'health', 'config', 'interfaces', 'logs'] as const;

/** These lists come whole, in one page: a cursor can only be a mistake. */
export function refuseCursor(cursor: string | undefined): void {
  if (cursor !== undefined) throw new RpcError(protocolError('INVALID_PARAMS', 'cursor: this list has one page and no cursors; omit cursor', { field: 'cursor' }));
}

/** resources/list, templates, read and completion of `device_id` and `environment`. */
export function registerResources(server: Server, services: ToolServices, options: ToolServerOptions, support: HandlerSupport, prompts: PromptDefinition[] = [], subscriptionOptions?: SubscriptionOptions): void {
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    refuseCursor(request.params?.cursor);
    const devices = await services.registry.list({ environment: options.environment });
    const fixed = RESOURCE_KINDS.filter((k) => !k.template.includes('{')).map((k) => ({ uri: k.template, name: k.name, title: k.title, description: k.description, mimeType: 'application/json' }));
    const perDevice = devices
      .filter((d) => d.status !== 'decommissioned')
      .flatMap((d) => DEVICE_SUFFIXES.map((suffix) => ({ uri: `device://${d.id}/${suffix}`, name: `${d.id}-${suffix}`, title: `${d.name}: ${suffix}`, mimeType: 'application/json' })));
    return { resources: [...fixed, ...perDevice] };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request) => {
    refuseCursor(request.params?.cursor);
    return { resourceTemplates: RESOURCE_KINDS.filter((k) => k.template.includes('{')).map((k) => ({ uriTemplate: k.template, name: k.name, title: k.title, description: k.description, mimeType: 'application/json' })) };
  });

  /** Reads one resource as `principal`, audited, through the environment gate. */
  const readResource = async (uri: string, correlationId: string, signal: AbortSignal, sessionId?: string): Promise<unknown> => {
    const match = matchResource(uri);
    if (!match) throw new RpcError(protocolError('NOT_FOUND', `no resource '${uri}'; call resources/list or resources/templates/list`, { uri }));
    return runGated(services, options, { action: `resource.${match.kind.name}`, deviceId: match.vars['device_id'], correlationId, arguments: { uri }, signal, session: { id: sessionId, client: server.getClientVersion() } }, (ctx) => match.kind.read(match.vars, ctx));
  };

  const subscriptions = new SubscriptionManager(server, (uri) => readResource(uri, randomUUID(), new AbortController().signal), subscriptionOptions);
  const previousOnClose = server.onclose;
  server.onclose = () => {
    subscriptions.close();
    previousOnClose?.();
  };
  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscriptions.subscribe(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscriptions.unsubscribe(request.params.uri);
    return {};
  });

  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => support.calls.run(extra.signal, async (signal) => {
    const correlationId = randomUUID();
    const uri = request.params.uri;
    try {
      const body = await readResource(uri, correlationId, signal, extra.sessionId);
      const text = JSON.stringify(body);
      return { contents: [{ uri, mimeType: 'application/json', text }], _meta: { correlation_id: correlationId, estimated_tokens: estimateTokens(text) } };
    } catch (error) {
      const payload = errorPayload(error, correlationId);
      services.logger.warn('resource read failed', { correlation_id: correlationId, uri, code: payload.data.mcp_error_code });
      throw new RpcError(payload);
    }
  }));

  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const { ref, argument } = request.params;
    // Prompt arguments say what they complete; resource templates use the variable's name.
    const kind = ref.type === 'ref/prompt' ? prompts.find((p) => p.name === ref.name)?.arguments.find((a) => a.name === argument.name)?.complete : argument.name;
    let values: string[] = [];
    if (kind === 'device_id') values = (await services.registry.list({ environment: options.environment })).map((d) => d.id);
    else if (kind === 'environment') values = [...ENVIRONMENTS];
    const matching = values.filter((v) => v.startsWith(argument.value)).sort();
    return { completion: { values: matching.slice(0, 100), total: matching.length, hasMore: matching.length > 100 } };
  });
}
