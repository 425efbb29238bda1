import type { Server } from '@modelcontextprotocol/server';
import type { Principal, RateDecision } from '@routeros-mcp/application-ports';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { randomUUID } from 'node:crypto';
import type { Era } from './errors/error-contract';
import { ServerShape, serverShell } from './server-shell';
import { loadPrompts } from './prompts/prompt-catalog';
import { servePrompts, ServedPrompts } from './prompts/prompt-exposure';
import { registerPrompts } from './server/register-prompts';
import { registerResources, resourceReader } from './server/register-resources';
import { DEFAULT_SUBSCRIPTION_OPTIONS, SubscriptionManager, SubscriptionOptions } from './server/subscriptions';
import { registerTools, ServicesSource, ToolServerOptions, ToolServices } from './server/register-tools';
import { ToolCatalog } from './tools/catalog';
import { CallTracker } from './server/call-tracker';
import { cancellationKey } from './server/cancellation-key';
import { forwardPlanEvents } from './resources/plan-events';
import { ClientLogLevel } from './server/client-log-level';
import { RateWindow } from './support/rate-window';
import { AccessRefusal, recordRefusal, requestRefusal } from './server/request-access';
import { ApprovalWatch } from './elicitation/approval-watch';
import { viewsOf } from './views/view-list';

export interface McpServerOptions {
  version: string;
  environment: Environment;
  /** The tools to serve, and what they run on. */
  tools?: { catalog: ToolCatalog; services: ToolServices | ServicesSource; options: Omit<ToolServerOptions, 'environment'>; subscriptions?: Partial<SubscriptionOptions> };
  /** The calls running on this server, for a graceful shutdown; one is made when not given. */
  calls?: CallTracker;
  /**
   * `session` (stdio): one connection, its subscriptions polled and pushed here. `stateless` (HTTP): a server per
   * request, the principal given per request, no 2025-era resources/subscribe (no session to send updates on);
   * modern subscriptions/listen streams are the HTTP handler's, fed by the app from the event bus.
   */
  mode?: 'session' | 'stateless';
}

/**
 * Who a server instance serves (HTTP: per request). `rateDecision`: the HTTP layer already charged this request's
 * tool call to the principal's shared budget (so it could set Retry-After before the answer streams); the call
 * uses that decision instead of charging again.
 */
export interface RequestScope {
  era: Era;
  principal?: Principal;
  rateDecision?: RateDecision;
}

/** What a connection's serving layer needs: a server per era, and the health subscriptions it can drive. */
export interface McpService {
  /** For `serveStdio`: a server for the connection's revision (called again when a discover probe falls back to initialize). */
  factory(ctx: RequestScope): Server;
  /**
   * The handlers of `factory`'s server, on a server made beforehand by `serverShell` with the same shape (stdio
   * answers the opening request before the tools are loaded). Returns that server.
   */
  attach(server: Server, ctx: RequestScope): Server;
  /** The resources being watched; modern `subscriptions/listen` requests reach them through the transport. */
  subscriptions: SubscriptionManager;
  /** The revision of the last server made (the connection's, once it is pinned). */
  readonly era?: Era;
  /**
   * The role and reach judgement of one request for `principal`, as the handlers apply it in-band: for a transport
   * that answers a refusal before dispatch (HTTP: 403 with a challenge), and for requests the SDK serves itself
   * (subscriptions/listen over HTTP).
   */
  authorize(principal: Principal, request: { method?: unknown; params?: unknown }): Promise<AccessRefusal | undefined>;
  /** The audit record of a tool call or resource read refused before dispatch (as in-band); its correlation id. */
  recordRefusal(principal: Principal, request: { method?: unknown; params?: unknown }, refusal: AccessRefusal): Promise<string | undefined>;
  /**
   * A 2025-era `notifications/cancelled` from `principal` where no session links it to its request (stateless HTTP):
   * the request is cancelled on whichever replica runs it (the event bus carries it; in this process without one).
   */
  cancelRequested(principal: Principal, requestId: string | number): Promise<void>;
  close(): void;
}

/** What a stateless 2025-era exchange is told unasked: warnings and worse (a failed call), nothing chattier. */
const STATELESS_LOG_LEVEL = 'warning';

/**
 * The MCP server shared by every transport, on SDK v2's low-level `Server` so the error contract stays ours. The
 * SDK answers `initialize` (2025-era) and `server/discover` (2026-07-28) from the capabilities and instructions
 * given here; tools, resources and prompts are registered per era. What must outlive one server instance (running
 * calls, rate limits, subscriptions) lives here, once per connection.
 */
export function createMcpServer(options: McpServerOptions): McpService {
  const calls = options.calls ?? new CallTracker();
  const stateless = options.mode === 'stateless';
  const serving = options.tools ? { ...options.tools.options, environment: options.environment } : undefined;
  // The prompts this deployment's tools allow: a prompt names only tools the deployment lists, or is not listed.
  let prompts: ServedPrompts | undefined;
  const servedOf = () => (prompts ??= options.tools ? servePrompts(loadPrompts(), new Set(options.tools.catalog.tools.map((t) => t.name)), options.tools.catalog.knownNames) : { listed: [], withheld: [] });
  const promptsOf = () => servedOf().listed;
  // Plan resources come with the professional tier's tools.
  const planResources = options.tools?.catalog.exposure.tiers.includes('professional') ?? false;
  // MCP Apps views of the tools this deployment lists.
  const views = options.tools ? viewsOf(options.tools.catalog.tools) : [];
  const given = options.tools?.services;
  const source: ServicesSource = typeof given === 'function' ? given : async () => given!;
  // A new snapshot or an applied change tells `device://{id}/config` subscribers (the snapshot or change id is the
  // etag). Subscribed when the services are first used (a call, a read, a config subscription), so a server still
  // answers its first request before the database opens.
  let stopConfigEvents: (() => void) | undefined;
  let stopPlanEvents: (() => void) | undefined;
  let stopCancellations: (() => void) | undefined;
  let closed = false;
  let loaded: Promise<ToolServices> | undefined;
  let ready: ToolServices | undefined;
  const servicesOf: ServicesSource = () =>
    (loaded ??= source().then((services) => {
      // Stateless HTTP: a cancellation posted to any replica reaches the call it names, wherever it runs.
      if (!closed && stateless) stopCancellations = services.events?.subscribe('request.cancelled', (event) => void calls.cancel(event.key));
      if (!closed && !stateless) {
        stopConfigEvents = services.events?.subscribe('device.config.changed', (event) =>
          subscriptions.changed(`device://${event.deviceId}/config`, event.snapshotId ?? event.changeId),
        );
        // Plan resources of this connection's subscriptions (and listens), and the list's change when a plan moves.
        if (services.events && planResources)
          stopPlanEvents = forwardPlanEvents(services.events, {
            resourceUpdated: (uri, etag) => subscriptions.changed(uri, etag),
            resourcesChanged: () => void current?.sendResourceListChanged().catch(() => undefined),
          });
      }
      ready = services;
      return services;
    }));
  // A session's URL elicitations waiting for approvals (2025-era sessions only: 2026-07-28 has no completion notice).
  const approvals = stateless
    ? undefined
    : new ApprovalWatch(
        {
          status: async (planId) => {
            const plan = await (await servicesOf()).plans?.get(planId);
            return plan && plan.expiresAt.getTime() <= Date.now() ? 'expired' : plan?.status;
          },
          events: () => ready?.events,
        },
        async (elicitationId) => void (await current?.notification({ method: 'notifications/elicitation/complete', params: { elicitationId } })),
      );
  const callsPerClient = new RateWindow(options.tools?.options.callsPerMinute ?? 120, 60_000);
  let current: Server | undefined;
  let era: Era | undefined;
  const read = options.tools && serving ? resourceReader(servicesOf, serving) : async () => ({});
  const subscriptions = new SubscriptionManager(
    async (uri, etag) => void (await current?.sendResourceUpdated({ uri, _meta: { etag } })),
    (uri) => read(uri, randomUUID(), new AbortController().signal),
    { ...DEFAULT_SUBSCRIPTION_OPTIONS, ...options.tools?.subscriptions },
    // A config subscription loads the services (if the first answer has not already), which subscribes to their events.
    () => void servicesOf().catch(() => undefined),
  );

  const shape: ServerShape = {
    version: options.version,
    environment: options.environment,
    ...(options.tools ? { tools: { exposure: options.tools.catalog.exposure, views: views.length > 0, planResources } } : {}),
  };
  const attach = (server: Server, { era: serverEra, principal, rateDecision }: RequestScope): Server => {
    // A 2025-era request over stateless HTTP has no session to keep subscriptions or a log level on: its log
    // messages (warnings: a failed call) go on its own stream unasked, and logging/setLevel (accepted, as the 2025
    // conformance scenario requires) applies to the rest of its own exchange.
    const sessionless = stateless && serverEra === 'legacy';
    if (options.tools && serving) {
      const support = {
        era: serverEra,
        calls,
        logLevel: new ClientLogLevel(server, sessionless ? STATELESS_LOG_LEVEL : undefined),
        callsPerClient,
        ...(stateless ? { endWithoutAnswer: () => void server.close().catch(() => undefined) } : {}),
        ...(approvals && serverEra === 'legacy' ? { approvals } : {}),
      };
      const served = { ...serving, ...(principal ? { principal: () => principal } : {}), ...(rateDecision ? { rateLimiter: { consume: async () => rateDecision } } : {}) };
      registerTools(server, options.tools.catalog, servicesOf, served, support);
      registerResources(server, servicesOf, served, support, promptsOf, stateless ? undefined : subscriptions, planResources, views);
      registerPrompts(server, servedOf, options.tools.catalog);
    }
    if (stateless) return server;
    current = server;
    era = serverEra;
    return server;
  };
  const factory = (scope: RequestScope): Server => attach(serverShell(shape, stateless && scope.era === 'legacy'), scope);
  return {
    factory,
    attach,
    subscriptions,
    authorize: async (principal, request) => (options.tools ? requestRefusal(principal, request, { catalog: options.tools.catalog, services: servicesOf }) : undefined),
    recordRefusal: async (principal, request, refusal) => (options.tools ? recordRefusal(await servicesOf(), principal, request, refusal, options.tools.catalog) : undefined),
    cancelRequested: async (principal, requestId) => {
      const key = cancellationKey(principal, requestId);
      const events = options.tools ? (await servicesOf()).events : undefined;
      if (events) await events.publish({ type: 'request.cancelled', key });
      else calls.cancel(key);
    },
    get era() {
      return era;
    },
    close: () => {
      closed = true;
      stopConfigEvents?.();
      stopPlanEvents?.();
      stopCancellations?.();
      approvals?.close();
      subscriptions.close();
    },
  };
}
