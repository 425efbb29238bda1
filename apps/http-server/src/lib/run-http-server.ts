import { ConfigError, buildHttpServices, consoleOidcLoginFor, consoleOidcProviderName, consoleOidcSecretOf, entryScope, protectedResourceMetadata, protectedResourceMetadataUrl, readServiceConfig, scopeForRole, stepUpSuggestion } from '@routeros-mcp/composition';
import { CallTracker, consoleBaseOf, createHttpMcpHandler, createMcpServer, forwardPlanEvents, ToolCatalog, ToolServices, TOOLSETS, unknownToolsets } from '@routeros-mcp/mcp-protocol';
import type { Tier } from '@routeros-mcp/mcp-protocol';
import { UNAUTHENTICATED_PRINCIPAL } from '@routeros-mcp/mcp-protocol';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { parseHttpFlags, USAGE } from './cli-flags';
import { executionSlots } from './execution-slots';
import { consoleApp } from './console/console-route';
import { httpApp } from './http-app';
import { httpSettingsOf } from './http-settings';
import { packageVersion } from './package-version';
import { createMetrics, metricsApp, startTracing } from './observability';
import { UnauthenticatedAudit } from './unauthenticated-audit';

/** After the grace period, how long cancelled calls get to write their audit records. */
const CANCEL_SETTLE_MS = 5_000;

/** The HTTP server's own defaults: scheduled config snapshots are on (hourly) in a shared deployment. */
const HTTP_DEFAULTS = { snapshotIntervalS: 3_600 };

/** Starts routeros-mcp-http; resolves with the exit code once a signal has drained and stopped it. */
/** Idle keep-alive connections are kept this long: beyond the 60 s idle timeout of common proxies and clients. */
const KEEP_ALIVE_MS = 65_000;

export async function runHttpServer(argv: string[]): Promise<number> {
  const parsed = parseHttpFlags(argv);
  if (parsed.help || parsed.version) {
    process.stderr.write(parsed.help ? USAGE : `${packageVersion()}\n`);
    return 0;
  }
  const config = readServiceConfig({ flags: parsed.flags, configFile: parsed.configFile, defaults: HTTP_DEFAULTS });
  const toolsets = config.toolsets?.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = unknownToolsets(toolsets ?? []);
  if (unknown.length) throw new ConfigError([`ROUTEROS_MCP_TOOLSETS: unknown tool sets ${unknown.join(', ')}; known: ${TOOLSETS.join(', ')}`]);
  // Checked before anything opens (auth none off loopback, trusted proxies); the port is known after listening.
  let settings = httpSettingsOf(config);
  // Read before anything opens: a missing secret file stops the server at start.
  const consoleOidcSecret = config.httpConsole ? consoleOidcSecretOf(config) : undefined;
  const tls = config.httpTlsCert && config.httpTlsKey ? { cert: readFileSync(config.httpTlsCert), key: readFileSync(config.httpTlsKey) } : undefined;

  // Tracing first, so the device adapters' spans have a provider (a no-op unless OTEL_* asks for export).
  const tracing = startTracing({ serviceName: 'routeros-mcp-http', version: packageVersion() });
  const metrics = createMetrics();
  const services = await buildHttpServices(config, { logMeta: { service: 'routeros-mcp-http', transport: 'http' }, deviceRequestObserver: metrics.deviceRequestObserver });
  const { server: core } = services;
  const logger = core.logger;
  if (config.auth === 'none') logger.warn('AUTHENTICATION IS OFF (ROUTEROS_MCP_AUTH=none): every local process can act as admin on this server', { host: config.httpHost });

  const toolServices: ToolServices = core.toolServices();
  const catalog = new ToolCatalog({ toolsets, readOnly: config.readOnly });
  const calls = new CallTracker();
  // Per principal and tier, shared by every replica on PostgreSQL; refusals are counted for the metrics.
  const limiter = {
    consume: async (principalId: string, tier: Tier) => {
      const decision = await core.rateLimiter.consume(principalId, tier);
      if (!decision.allowed) metrics.rateLimitRefused(tier);
      return decision;
    },
  };
  const service = createMcpServer({
    mode: 'stateless',
    calls,
    version: packageVersion(),
    environment: config.environment,
    tools: {
      catalog,
      services: toolServices,
      options: {
        // Every request carries its principal; this one (no roles: nothing allowed) is never meant to be used.
        principal: () => UNAUTHENTICATED_PRINCIPAL,
        toolErrors: config.toolErrors,
        callsPerMinute: config.rateLimitPerMinute,
        executionSlots: executionSlots(config.httpMaxConcurrentCalls),
        observer: metrics.callObserver,
        rateLimiter: limiter,
        planApplyWaitMs: (config.planApplyWaitS ?? 0) * 1000,
        // The console is served under this server's public origin unless configured elsewhere (read once listening).
        // Turned off (ROUTEROS_MCP_HTTP_CONSOLE=false), it offers only a console configured elsewhere.
        consoleUrl: () => consoleBaseOf(config.consoleUrl, config.httpConsole ? settings.publicUrl : undefined),
      },
    },
  });
  const handler = createHttpMcpHandler(service, {
    heartbeatMs: config.httpHeartbeatS * 1000,
    maxListenStreams: config.httpMaxListenStreams,
    onerror: (error) => logger.debug('protocol error', { error: error.message }),
    operations: metrics.operationObserver,
  });
  // Changes seen by this replica (or, on PostgreSQL, any replica) reach this replica's listen streams.
  const unsubscribe = [
    core.events.subscribe('device.config.changed', (event) => handler.notify.resourceUpdated(`device://${event.deviceId}/config`)),
    core.events.subscribe('device.health.changed', (event) => {
      handler.notify.resourceUpdated(`device://${event.deviceId}/health`);
      handler.notify.resourceUpdated('fleet://health-summary');
    }),
    // Plans created or moving: plan:// updates and the resource list's change, on every replica's listen streams.
    ...(catalog.exposure.tiers.includes('professional') ? [forwardPlanEvents(core.events, { resourceUpdated: (uri) => handler.notify.resourceUpdated(uri), resourcesChanged: () => handler.notify.resourcesChanged() })] : []),
  ];

  // One replica polls each device (advisory locks); every replica hears the health events and tells its listeners.
  core.healthPoller.onRound((round) => round.polled.length && logger.debug('health polled', { device_ids: round.polled, leading: round.leading.length }));
  core.healthPoller.start({ intervalMs: config.healthPollIntervalMs, environment: config.environment });

  // Metrics on a listener of their own (off unless a port is configured), over TLS when the server does TLS itself;
  // opened first, so a port clash stops the process before it serves MCP.
  let metricsServer: Server | undefined;
  let metricsUrl = 'off';
  if (settings.metrics) {
    const listener = settings.metrics;
    metricsServer = tls ? createHttpsServer({ ...tls, minVersion: 'TLSv1.2' }) : createHttpServer();
    metricsServer.headersTimeout = 10_000;
    metricsServer.requestTimeout = 30_000;
    metricsServer.on('request', metricsApp({ render: () => metrics.render(), scrapeToken: listener.scrapeToken, onError: (error) => logger.warn('metrics request failed', { error: error.message }) }));
    await new Promise<void>((resolve, reject) => {
      metricsServer!.once('error', reject);
      metricsServer!.listen(listener.port, listener.host, () => resolve());
    });
    const host = listener.host.includes(':') ? `[${listener.host}]` : listener.host;
    metricsUrl = `${tls ? 'https' : 'http'}://${host}:${(metricsServer.address() as AddressInfo).port}/metrics`;
  }

  let draining = false;
  let open = 0;
  const server: Server = tls ? createHttpsServer({ ...tls, minVersion: 'TLSv1.2' }) : createHttpServer();
  // Slow-loris bounds; listen streams are long-lived, so no overall request timeout beyond headers.
  server.headersTimeout = 30_000;
  server.requestTimeout = 0;
  // An idle keep-alive connection outlives a proxy's or client's (60 s is the common idle bound): otherwise Node's
  // 5 s closes sockets a client is just reusing, and its request fails with the socket ("other side closed").
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.httpPort, config.httpHost, () => resolve());
  });
  settings = httpSettingsOf(config, { port: (server.address() as AddressInfo).port });
  // The resource as this process really listens (the configured port may be 0 in tests; a public URL wins).
  const served = { ...config, httpPublicUrl: settings.publicUrl.href };
  // Metadata only where an authorization server exists (OAuth): API tokens answer a plain Bearer challenge.
  const resourceMetadata = protectedResourceMetadata(served);
  // 401s are audited as the unauthenticated principal, within a bound a flood of bad tokens cannot outgrow.
  const unauthenticated = new UnauthenticatedAudit((record) => core.audit.refused({ principal: UNAUTHENTICATED_PRINCIPAL, action: 'http.unauthenticated', correlationId: record.correlationId, arguments: record.arguments }, 'PROTOCOL.UNAUTHORIZED'));
  // The console signs people in at the MCP endpoint's issuer, back at its own URL (known once listening).
  const consoleOidc = config.httpConsole ? consoleOidcLoginFor(config, consoleOidcSecret, consoleBaseOf(config.consoleUrl, settings.publicUrl)!) : undefined;
  // Attached in the same turn as the listen callback: no request can arrive before it.
  server.on(
    'request',
    httpApp({
      settings,
      ...(resourceMetadata ? { metadataUrl: protectedResourceMetadataUrl(served) } : {}),
      ...(entryScope(served) ? { entryScope: entryScope(served) } : {}),
      authRefused: (reason, status) => metrics.authRefused(reason, status),
      recordUnauthenticated: (refusal) => unauthenticated.record(refusal),
      authenticate: (bearer) => services.authenticator.authenticate(bearer),
      handler,
      toolTier: (name) => catalog.find(name)?.tier,
      authorize: (principal, request) => service.authorize(principal, request),
      recordRefusal: (principal, request, refusal) => service.recordRefusal(principal, request, refusal),
      scopeFor: (role) => scopeForRole(config, role),
      stepUp: (roles) => stepUpSuggestion(config, roles),
      charge: (principalId, tier) => limiter.consume(principalId, tier),
      draining: () => draining,
      logger,
      resourceMetadata: () => resourceMetadata,
      readiness: () => services.readiness(),
      streams: { listenStreamOpened: () => metrics.listenStreamOpened(), listenStreamClosed: () => metrics.listenStreamClosed() },
      inFlight: { enter: () => void open++, leave: () => void open-- },
      ...(config.httpConsole
        ? { console: consoleApp({
              settings,
              logins: services.consoleLogins,
              ...(consoleOidc ? { oidc: { providerName: consoleOidcProviderName(config), start: (seed: string) => consoleOidc.start(seed), finish: (seed: string, query: URLSearchParams) => consoleOidc.finish(seed, query) } } : {}),
              plans: core.plans,
              devices: core.devices,
              rollouts: core.rollouts,
              changes: core.changes,
              snapshots: core.snapshots,
              tokens: services.tokens,
              environment: config.environment,
              auditLog: (query) => core.audit.recent(query),
              refused: (action, code) => core.audit.refused(action, code),
              audited: (action, work) => core.audit.run(action, work),
              logger,
            }), }
        : {}),
    }),
  );
  logger.info('routeros-mcp-http listening', { url: settings.publicUrl.href, console_url: config.httpConsole ? new URL('/console', settings.publicUrl).href : 'off', console_oidc: consoleOidc ? consoleOidc.options.redirectUri : 'off', metrics_url: metricsUrl, auth: config.auth, environment: config.environment, engine: config.databaseUrl ? 'postgres' : 'sqlite' });

  return new Promise<number>((resolve) => {
    /**
     * SIGTERM/SIGINT: readiness goes false and new requests are refused (503, retry elsewhere); calls already
     * running get the grace period; then listen streams end, connections close, the database closes, exit 0.
     */
    const stop = async (signal: string) => {
      if (draining) return;
      draining = true;
      logger.info('draining', { signal, running_calls: calls.size, open_requests: open });
      try {
        // Still listening while calls finish: a load balancer's /readyz probe gets a 503 (not a refused
        // connection) and new MCP requests get 503 with Retry-After, so both move to another replica.
        if (!(await calls.idle(settings.shutdownGraceMs))) {
          logger.warn('calls still running after the grace period were cancelled', { grace_ms: settings.shutdownGraceMs, cancelled: calls.size });
          calls.cancelAll();
          await calls.idle(CANCEL_SETTLE_MS);
        }
        server.close();
        metricsServer?.close();
        metricsServer?.closeAllConnections();
        for (const off of unsubscribe) off();
        await handler.close();
        service.close();
        server.closeIdleConnections();
        const deadline = Date.now() + CANCEL_SETTLE_MS;
        while (open > 0 && Date.now() < deadline) await new Promise((next) => setTimeout(next, 20));
        server.closeAllConnections();
        await unauthenticated.flush();
        logger.info('stopped', { signal });
        await services.close();
        await tracing.shutdown();
        resolve(0);
      } catch (error) {
        process.stderr.write(`routeros-mcp-http: shutdown failed: ${(error as Error).message}\n`);
        resolve(1);
      }
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  });
}
