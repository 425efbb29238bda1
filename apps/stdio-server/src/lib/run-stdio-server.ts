import { ConfigError, localPrincipalId, prepareServerServices, readServiceConfig, ServerServices, withCorrelationId } from '@routeros-mcp/composition';
import { CallTracker, consoleUrlOf, createMcpServer, GuardedStdioTransport, serveStdio, ToolCatalog, ToolServices, TOOLSETS, unknownToolsets } from '@routeros-mcp/mcp-protocol';
import { randomUUID } from 'node:crypto';
import { parseStdioFlags, USAGE } from './cli-flags';
import { packageVersion } from './package-version';

const SHUTDOWN_GRACE_MS = 30_000;
/** With no request by then, the database and device adapters are loaded anyway (a broken database shows early). */
const IDLE_LOAD_MS = 1_000;
/** After the grace period, how long cancelled calls get to write their audit records. */
const CANCEL_SETTLE_MS = 5_000;

/**
 * Starts the server on stdin/stdout and resolves with the exit code once it has shut down
 * (SIGTERM, SIGINT or the client closing stdin). stdout carries protocol frames only.
 */
export async function runStdioServer(argv: string[]): Promise<number> {
  const parsed = parseStdioFlags(argv);
  if (parsed.help || parsed.version) {
    process.stderr.write(parsed.help ? USAGE : `${packageVersion()}\n`);
    return 0;
  }
  const config = readServiceConfig({ flags: parsed.flags, configFile: parsed.configFile });
  const toolsets = config.toolsets?.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = unknownToolsets(toolsets ?? []);
  if (unknown.length) throw new ConfigError([`ROUTEROS_MCP_TOOLSETS: unknown tool sets ${unknown.join(', ')}; known: ${TOOLSETS.join(', ')}`]);
  // Keys are checked now (a bad one ends the process with exit code 1); the database, its migrations and the device
  // adapters are loaded after the first answer, or by the first request that needs them.
  const lazy = prepareServerServices(config, { logMeta: { service: 'routeros-mcp', transport: 'stdio' } });
  let toolServices: Promise<ToolServices> | undefined;
  const toolServicesOf = () =>
    (toolServices ??= lazy.get().then((services) => ({ reader: services.reader, registry: services.devices, audit: services.audit, connectivity: services.connectivity, logger: services.logger, snapshots: services.snapshots, events: services.events, changes: services.changes, plans: services.plans, planRollback: services.rollouts, menus: services.menus })));
  const log = (use: (logger: ServerServices['logger']) => void) => lazy.onLoaded((services) => use(services.logger));
  // One stdio connection is one session: its id ties the audit records of this run together. The OS user is named
  // as the admin CLI names it, so the four-eyes rule sees a plan's author and its approver at the CLI as one person.
  const principal = { id: localPrincipalId(), via: 'stdio' as const, sessionId: randomUUID() };
  const catalog = new ToolCatalog({ toolsets, readOnly: config.readOnly });
  const calls = new CallTracker();
  const service = createMcpServer({
    calls,
    version: packageVersion(),
    environment: config.environment,
    tools: {
      catalog,
      services: toolServicesOf,
      options: {
        principal: () => principal,
        toolErrors: config.toolErrors,
        callsPerMinute: config.rateLimitPerMinute,
        planApplyWaitMs: (config.planApplyWaitS ?? 0) * 1000,
        // The plan views link to the plan's console page, on the public origin when one is configured.
        consoleUrl: consoleUrlOf(config.httpPublicUrl),
        // Every log line of a call (use-cases and adapters included) carries its correlation id.
        observer: { run: (call, work) => withCorrelationId(call.correlationId, work), ended: () => undefined },
      },
      subscriptions: { intervalMs: config.healthPollIntervalMs, jitterMs: Math.round(config.healthPollIntervalMs / 10), coalesceMs: Math.min(1000, Math.max(250, Math.round(config.healthPollIntervalMs / 4))) },
    },
  });
  const transport = new GuardedStdioTransport();
  // Modern subscriptions/listen requests drive the same health poller as 2025-era resources/subscribe.
  transport.listenSink = service.subscriptions;
  // Both revisions on one pipe: the first message picks the era, the SDK asks for a server of that era.
  const handle = serveStdio(
    (ctx) => {
      transport.pinEra(ctx.era);
      log((logger) => logger.info('stdio connection opened', { protocol_era: ctx.era }));
      return service.factory(ctx);
    },
    { transport, legacy: 'serve', onerror: (error) => log((logger) => logger.warn('protocol error', { error: error.message })) },
  );
  log((logger) => logger.info('stdio server ready', { environment: config.environment, engine: config.databaseUrl ? 'postgres' : 'sqlite' }));
  const load = () =>
    void lazy.get().catch((error: unknown) => {
      // The database could not be opened or migrated: the same end as a failure at start.
      process.stderr.write(`routeros-mcp: ${(error as Error).message}\n`);
      process.exit(error instanceof ConfigError ? 1 : 2);
    });
  transport.onFirstAnswer = () => setImmediate(load);
  setTimeout(load, IDLE_LOAD_MS).unref();

  return new Promise<number>((resolve) => {
    let stopping = false;
    /**
     * Stops reading, answers every request already read (the grace period bounds it), cancels what is still
     * running after that, waits for each call's audit record, then closes the server and the database.
     */
    const stop = async (reason: string) => {
      if (stopping) return;
      stopping = true;
      log((logger) => logger.info('stdio server stopping', { reason, pending_requests: transport.pending }));
      try {
        const cancelled = await transport.drain(SHUTDOWN_GRACE_MS);
        if (cancelled.length) {
          log((logger) => logger.warn('requests still running after the grace period were cancelled', { grace_ms: SHUTDOWN_GRACE_MS, cancelled: cancelled.length }));
          calls.cancelAll();
        }
        // Answered calls may still be writing their audit records: wait for those too.
        if (!(await calls.idle(CANCEL_SETTLE_MS))) log((logger) => logger.error('calls did not end after cancellation; their audit records may be missing', { running: calls.size }));
        service.close();
        await handle.close();
        // Services never built need no closing; ones being built are closed once they are (a load the first answer
        // scheduled has started by the next turn).
        await new Promise((next) => setImmediate(next));
        const started = lazy.started;
        if (started) await (await started.catch(() => undefined))?.close();
        resolve(0);
      } catch (error) {
        process.stderr.write(`routeros-mcp: shutdown failed: ${(error as Error).message}\n`);
        resolve(1);
      }
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
    process.stdin.once('end', () => void stop('stdin closed'));
  });
}
