import { createMcpHandler, InMemoryServerEventBus, isLegacyRequest, type McpHttpHandler, type ServerEventBus } from '@modelcontextprotocol/server';
import type { Principal, RateDecision } from '@routeros-mcp/application-ports';
import { UNAUTHENTICATED_PRINCIPAL_ID } from '@routeros-mcp/domain-kernel';
import type { McpService } from '../create-mcp-server';
import { errorForEra, withEraCode } from '../errors/error-contract';
import { observeOperations, type OperationObserver } from '../server/operation-observer';
import type { AccessRefusal } from '../server/request-access';

/**
 * The server for one request, its errors leaving with the contract's code for the request's revision (and the
 * observer, when there is one, seeing each answer as it leaves).
 */
function serverFor(service: McpService, scope: Parameters<McpService['factory']>[0], operations?: OperationObserver) {
  const server = service.factory(scope);
  const connect = server.connect.bind(server);
  server.connect = (transport) => {
    if (operations) observeOperations(transport, operations, { era: scope.era, networkTransport: 'tcp' });
    const send = transport.send.bind(transport);
    transport.send = (message, options) => send(withEraCode(message, scope.era), options);
    return connect(transport);
  };
  return server;
}

export interface HttpMcpHandlerOptions {
  /** SSE comment heartbeat on listen and call streams. */
  heartbeatMs: number;
  maxListenStreams: number;
  onerror?: (error: Error) => void;
  /** Where resource changes are published for this process's listen streams (in memory; replicas meet on the EventBus). */
  bus?: ServerEventBus;
  /** Spans and metrics around every MCP request and notification. */
  operations?: OperationObserver;
}

/** What the app passes per request: the verified caller and the principal it maps to (never read from headers here). */
export interface RequestAuth {
  clientId: string;
  scopes: string[];
  expiresAt?: Date;
  principal: Principal;
  /** The shared rate limit, already charged for this request's tool call. */
  rateDecision?: RateDecision;
}

/**
 * Both revisions over Streamable HTTP, statelessly: a fresh server per request from the shared service (2026-07-28
 * on any replica; 2025-era requests through the SDK's stateless fallback). The app has already read and parsed
 * the body, so the handler's own size bound never applies.
 */
export function createHttpMcpHandler(service: McpService, options: HttpMcpHandlerOptions): McpHttpHandler {
  const handler = createMcpHandler((ctx) => serverFor(service, { era: ctx.era, principal: ctx.authInfo?.extra?.['principal'] as Principal | undefined, rateDecision: ctx.authInfo?.extra?.['rateDecision'] as RateDecision | undefined }, options.operations), {
    legacy: 'stateless',
    keepAliveMs: options.heartbeatMs,
    maxSubscriptions: options.maxListenStreams,
    onerror: options.onerror,
    bus: options.bus ?? new InMemoryServerEventBus(options.onerror),
  });
  // The SDK serves subscriptions/listen itself, past every handler of ours: the judgement the handlers apply to
  // every other data method is applied here, whatever the app in front did.
  const fetch: McpHttpHandler['fetch'] = async (request, requestOptions) => {
    // The app hands over the body it parsed; without it, a copy is read here.
    const given = requestOptions?.parsedBody ?? (request.method === 'POST' ? await request.clone().json().catch(() => undefined) : undefined);
    const body = given as { id?: unknown; method?: unknown; params?: unknown } | undefined;
    const principalOf = () => (requestOptions?.authInfo?.extra?.['principal'] as Principal | undefined) ?? UNAUTHENTICATED_PRINCIPAL;
    const cancelled = cancelledRequestIds(given);
    // 2025-era stateless HTTP has no session to link a cancellation to its request: the caller and the id do, on
    // whichever replica runs it. (On 2026-07-28 a client cancels by closing the request's stream.)
    if (cancelled.length && (await isLegacyRequest(request, given))) {
      for (const id of cancelled) await service.cancelRequested(principalOf(), id).catch((error: unknown) => options.onerror?.(error as Error));
    }
    if (body && typeof body === 'object' && !Array.isArray(body) && body.method === 'subscriptions/listen') {
      const refusal = await service.authorize(principalOf(), body);
      if (refusal) return refusedListen(refusal, body.id);
    }
    return handler.fetch(request, requestOptions);
  };
  return { ...handler, fetch };
}

/** No identity proven (no principal attached, or a request refused with 401): nothing is open to it. */
export const UNAUTHENTICATED_PRINCIPAL: Principal = { id: UNAUTHENTICATED_PRINCIPAL_ID, via: 'http', roles: [] };

/** The request ids a body's `notifications/cancelled` messages name (a 2025-03-26 batch may hold several). */
function cancelledRequestIds(body: unknown): (string | number)[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    const message = m as { id?: unknown; method?: unknown; params?: { requestId?: unknown } } | null;
    const id = message?.params?.requestId;
    return message && typeof message === 'object' && message.method === 'notifications/cancelled' && message.id === undefined && (typeof id === 'string' || typeof id === 'number') ? [id] : [];
  });
}

function refusedListen(refusal: AccessRefusal, id: unknown): Response {
  const payload = errorForEra(refusal.payload, 'modern');
  const body = { jsonrpc: '2.0', id: typeof id === 'string' || typeof id === 'number' ? id : null, error: { code: payload.code, message: payload.message, data: payload.data } };
  return new Response(JSON.stringify(body), { status: 403, headers: { 'content-type': 'application/json' } });
}

/** The SDK's per-request auth record for a verified caller; handlers never need the token itself, so it is not passed on. */
export function authInfoOf(auth: RequestAuth) {
  return { token: '[verified]', clientId: auth.clientId, scopes: auth.scopes, ...(auth.expiresAt ? { expiresAt: Math.floor(auth.expiresAt.getTime() / 1000) } : {}), extra: { principal: auth.principal, ...(auth.rateDecision ? { rateDecision: auth.rateDecision } : {}) } };
}

export type { McpHttpHandler, ServerEventBus };
