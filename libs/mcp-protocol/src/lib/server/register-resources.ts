import type { Server } from '@modelcontextprotocol/server';
import type { Principal } from '@routeros-mcp/application-ports';
import { scopedRegistry } from '@routeros-mcp/application-use-cases';
import { CallCancelledError } from '@routeros-mcp/domain-kernel';
import { randomUUID } from 'node:crypto';
import { errorForEra } from '../errors/error-contract';
import { ERROR_KINDS } from '../errors/error-codes';
import { McpErrorPayload, protocolError } from '../errors/map-domain-error';
import { callerOf } from './caller';
import { readCacheHint, VIEW_CACHE_HINT } from './cache-hints';
import { errorPayload, runGated } from './call-guards';
import { cancellationKey } from './cancellation-key';
import type { PromptDefinition } from '../prompts/prompt-catalog';
import { matchResource, PLAN_RESOURCE_KINDS, PLAN_RESOURCE_SUFFIXES, RESOURCE_KINDS } from '../resources/resource-catalog';
import { mayUseTier } from '@routeros-mcp/domain-kernel';
import { paginate } from '../tools/pagination';
import type { HandlerSupport, ServicesSource, ToolServerOptions } from './register-tools';
import { refuseCursor } from './refuse-cursor';
import { RpcError } from '../errors/rpc-error';
import { assertMethodAllowed } from './access-guard';
import { assertCompletable } from './completion-ref';
import { assertRequestAllowed } from './request-access';
import type { SubscriptionManager } from './subscriptions';
import { estimateTokens } from '../support/token-budget';
import { VIEW_MIME_TYPE, viewHtml, type ViewDefinition } from '../views/views';

const DEVICE_SUFFIXES = ['overview', 'health', 'config', 'interfaces', 'logs'] as const;

/** Reads one resource as the caller, audited, through the environment gate. */
export type ResourceReader = (uri: string, correlationId: string, signal: AbortSignal, session?: { id?: string; client?: { name: string; version: string } }) => Promise<unknown>;

export function resourceReader(servicesOf: ServicesSource, options: ToolServerOptions, afterAnswer?: (recorded: Promise<unknown>) => void): ResourceReader {
  return async (uri, correlationId, signal, session = {}) => {
    const match = matchResource(uri);
    if (!match) throw new RpcError(protocolError('RESOURCE_NOT_FOUND', `no resource '${uri}'; call resources/list or resources/templates/list`, { uri }));
    const services = await servicesOf();
    // The role and reach judgement comes first (audited): a caller without them learns nothing, not even an environment.
    const authorize = (principal: Principal) => assertRequestAllowed(principal, { method: 'resources/read', params: { uri } }, { services: servicesOf });
    return runGated(services, options, { action: `resource.${match.kind.name}`, deviceId: match.vars['device_id'], correlationId, arguments: { uri }, signal, session, afterAnswer, authorize }, (ctx) => match.kind.read(match.vars, ctx));
  };
}

/**
 * A failed read names its uri (SEP-2164); what it names that does not exist (the uri, or the device, plan or snapshot
 * in it) is MCP's resource not found: -32002 on 2025-era connections, -32602 on 2026-07-28.
 */
function resourceFailure(payload: McpErrorPayload, uri: string): McpErrorPayload {
  const kind = payload.data.mcp_error_code;
  if (kind !== 'NOT_FOUND') return { ...payload, data: { ...payload.data, uri } };
  const sentence = payload.message.slice(ERROR_KINDS[kind].category.length + 2);
  return { code: ERROR_KINDS.RESOURCE_NOT_FOUND.code, message: `${ERROR_KINDS.RESOURCE_NOT_FOUND.category}: ${sentence}`, data: { ...payload.data, mcp_error_code: 'RESOURCE_NOT_FOUND', uri } };
}

/**
 * resources/list, templates, read and completion of `device_id` and `environment`; resources/subscribe on
 * 2025-era connections (modern ones use subscriptions/listen, which the transport feeds into `subscriptions`).
 */
/** resources/list pages: devices (five resources each) and plans (three each) soon outgrow one answer. */
export const RESOURCE_PAGE_SIZE = 100;
/** The newest plans resources/list names (older ones are still read by URI, from plan_list's ids). */
const LISTED_PLANS = 100;

/**
 * `views`: the MCP Apps views of the listed tools, listed and read as `ui://` resources (text/html;profile=mcp-app).
 */
export function registerResources(server: Server, servicesOf: ServicesSource, options: ToolServerOptions, support: HandlerSupport, promptsOf: () => PromptDefinition[], subscriptions: SubscriptionManager | undefined, planResources = false, views: readonly ViewDefinition[] = []): void {
  // Audit records of reads are written after the answer; shutdown waits for them through the call tracker.
  const readResource = resourceReader(servicesOf, options, (recorded) => support.calls.track(recorded));
  server.setRequestHandler('resources/list', async (request) => {
    const principal = options.principal();
    assertMethodAllowed(principal, 'resources/list');
    const services = await servicesOf();
    const devices = await scopedRegistry(services.registry, principal).list({ environment: options.environment });
    const fixed = [
      ...views.map((v) => ({ uri: v.uri, name: `view-${v.name}`, title: v.title, description: v.description, mimeType: VIEW_MIME_TYPE })),
      ...RESOURCE_KINDS.filter((k) => !k.template.includes('{')).map((k) => ({ uri: k.template, name: k.name, title: k.title, description: k.description, mimeType: 'application/json' })),
    ];
    const perDevice = devices
      .filter((d) => d.status !== 'decommissioned')
      .flatMap((d) => DEVICE_SUFFIXES.map((suffix) => ({ uri: `device://${d.id}/${suffix}`, name: `${d.id}-${suffix}`, title: `${d.name}: ${suffix}`, mimeType: 'application/json' })));
    const plans = planResources && services.plans && mayUseTier(principal, 'professional') ? await services.plans.list({ limit: LISTED_PLANS }, principal) : [];
    const perPlan = plans.flatMap((plan) => PLAN_RESOURCE_SUFFIXES.map((suffix) => ({ uri: `plan://${plan.id}/${suffix}`, name: `${plan.id}-${suffix}`, title: `${plan.title} (${plan.status}): ${suffix}`, mimeType: 'application/json' })));
    const page = paginate([...fixed, ...perDevice, ...perPlan], { limit: RESOURCE_PAGE_SIZE, cursor: request.params?.cursor }, 'resources/list');
    return { resources: page.items, ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}) };
  });

  server.setRequestHandler('resources/templates/list', async (request) => {
    refuseCursor(request.params?.cursor);
    return { resourceTemplates: [...RESOURCE_KINDS, ...(planResources ? PLAN_RESOURCE_KINDS : [])].filter((k) => k.template.includes('{')).map((k) => ({ uriTemplate: k.template, name: k.name, title: k.title, description: k.description, mimeType: 'application/json' })) };
  });

  if (support.era === 'legacy' && !subscriptions) {
    // Stateless HTTP keeps no 2025-era session, so there is nowhere to send resources/updated later.
    const refuse = async (request: { method: string }): Promise<never> => {
      assertMethodAllowed(options.principal(), request.method);
      throw new RpcError(
        protocolError('METHOD_NOT_FOUND', 'resources/subscribe needs a session, and this HTTP endpoint serves 2025-era requests statelessly', { method: 'resources/subscribe', alternatives: ['subscriptions/listen (MCP 2026-07-28)', 'resources/read'] }, 'Connect with MCP 2026-07-28 and use subscriptions/listen on this endpoint, or poll resources/read (or use the stdio server, which keeps a session).'),
      );
    };
    server.setRequestHandler('resources/subscribe', refuse);
    server.setRequestHandler('resources/unsubscribe', refuse);
  } else if (support.era === 'legacy' && subscriptions) {
    server.setRequestHandler('resources/subscribe', async (request) => {
      await assertRequestAllowed(options.principal(), request, { services: servicesOf });
      subscriptions.subscribe(request.params.uri);
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', async (request) => {
      assertMethodAllowed(options.principal(), request.method);
      subscriptions.unsubscribe(request.params.uri);
      return {};
    });
  }

  server.setRequestHandler('resources/read', (request, ctx) => support.calls.run(ctx.mcpReq.signal, async (signal) => {
    const correlationId = randomUUID();
    const uri = request.params.uri;
    // A view is the same static page for everyone (no device, plan or secret in it): any principal may read it, and
    // it is not audited. Its data comes from the tool result the host hands it.
    const view = views.find((v) => v.uri === uri);
    if (view) {
      assertMethodAllowed(options.principal(), 'resources/read');
      return { contents: [{ uri, mimeType: VIEW_MIME_TYPE, text: viewHtml(view), _meta: { ui: { prefersBorder: true } } }], ...(support.era === 'modern' ? VIEW_CACHE_HINT : {}) };
    }
    const caller = callerOf(server, support.era, ctx, support.logLevel);
    try {
      const body = await readResource(uri, correlationId, signal, { id: ctx.sessionId, client: caller.client });
      const text = JSON.stringify(body);
      return { contents: [{ uri, mimeType: 'application/json', text }], _meta: { correlation_id: correlationId, estimated_tokens: estimateTokens(text) }, ...(support.era === 'modern' ? readCacheHint(uri) : {}) };
    } catch (error) {
      // Its client gave up on it: no answer is read (the SDK sends none); the audit record says cancelled.
      if (error instanceof CallCancelledError) {
        (await servicesOf()).logger.info('resource read cancelled', { correlation_id: correlationId, uri, how: error.how });
        support.endWithoutAnswer?.();
        throw error;
      }
      const payload = resourceFailure(errorPayload(error, correlationId), uri);
      (await servicesOf()).logger.warn('resource read failed', { correlation_id: correlationId, uri, code: payload.data.mcp_error_code });
      throw new RpcError(errorForEra(payload, support.era));
    }
  }, support.era === 'legacy' ? cancellationKey(options.principal(), ctx.mcpReq.id) : undefined));

  server.setRequestHandler('completion/complete', async (request) => {
    assertMethodAllowed(options.principal(), 'completion/complete');
    const { ref, argument } = request.params;
    assertCompletable(ref, argument.name, promptsOf());
    // Prompt arguments say what they complete; resource templates use the variable's name.
    const kind = ref.type === 'ref/prompt' ? promptsOf().find((p) => p.name === ref.name)?.arguments.find((a) => a.name === argument.name)?.complete : argument.name;
    let values: string[] = [];
    if (kind === 'device_id') {
      // A failure (the database down) leaves with the taxonomy, as a read's does, not as the SDK's bare -32603.
      const devices = await scopedRegistry((await servicesOf()).registry, options.principal()).list({ environment: options.environment }).catch((error: unknown) => {
        throw new RpcError(errorForEra(errorPayload(error, randomUUID()), support.era));
      });
      values = devices.map((d) => d.id);
    }
    // Only the environment this server serves: any other is refused wherever it is named (listing, reading, plans).
    else if (kind === 'environment') values = [options.environment];
    const matching = values.filter((v) => v.startsWith(argument.value)).sort();
    return { completion: { values: matching.slice(0, 100), total: matching.length, hasMore: matching.length > 100 } };
  });
}
