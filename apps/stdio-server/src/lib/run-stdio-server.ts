import { ConfigError, KeyFileError, localPrincipalId, prepareServerServices, readServiceConfig, ServerServices } from '@routeros-mcp/composition/startup';
import type { McpService } from '@routeros-mcp/mcp-protocol';
import { GuardedStdioTransport, serverShapeOf, serverShell, serveStdio, TOOLSETS, unknownToolsets } from '@routeros-mcp/mcp-protocol/startup';
import type { createStdioService } from './stdio-service';
import { randomUUID } from 'node:crypto';
import { parseStdioFlags, USAGE } from './cli-flags';
import { packageVersion } from './package-version';

const SHUTDOWN_GRACE_MS = 30_000;
/** With no request by then, the database and device adapters are loaded anyway (a broken database shows early). */
const IDLE_LOAD_MS = 1_000;
/** After a 2026-07-28 opening answer, how long a client that sends nothing more gets to close before the load begins. */
const AFTER_DISCOVER_LOAD_MS = 250;
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
  // The database could not be opened or migrated (or the handlers not loaded): the same end as a failure at start.
  const failed = (error: unknown) => {
    process.stderr.write(`routeros-mcp: ${(error as Error).message}\n`);
    process.exit(error instanceof ConfigError || error instanceof KeyFileError ? 1 : 2);
  };
  // Keys are checked now (a bad one ends the process with exit code 1); the database, its migrations and the device
  // adapters are loaded after the first answer, or by the first request that needs them.
  const lazy = prepareServerServices(config, { logMeta: { service: 'routeros-mcp', transport: 'stdio' } });
  const log = (use: (logger: ServerServices['logger']) => void) => lazy.onLoaded((services) => use(services.logger));
  // One stdio connection is one session: its id ties the audit records of this run together. The OS user is named
  // as the admin CLI names it, so the four-eyes rule sees a plan's author and its approver at the CLI as one person.
  const principal = { id: localPrincipalId(), via: 'stdio' as const, sessionId: randomUUID() };
  const version = packageVersion();
  // The opening request (initialize, server/discover) is answered from the server's shape alone; the handlers, the
  // tool schemas and the domain behind them are loaded after that answer, and requests wait for them in order.
  const shape = serverShapeOf({ version, environment: config.environment, toolsets, readOnly: config.readOnly });
  const transport = new GuardedStdioTransport();
  let loaded: ReturnType<typeof createStdioService> | undefined;
  /** The revision the first message picked (the load after the opening answer waits only for 2026-07-28 clients). */
  let era: Parameters<McpService['attach']>[1]['era'] | undefined;
  const shells: { server: ReturnType<typeof serverShell>; ctx: Parameters<McpService['attach']>[1] }[] = [];
  let handlersReady: () => void = () => undefined;
  transport.holdUntil(new Promise<void>((resolve) => (handlersReady = resolve)));
  let loading: Promise<void> | undefined;
  const loadHandlers = () =>
    (loading ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the first answer, see above
        const { createStdioService } = require('./stdio-service') as typeof import('./stdio-service');
        loaded = createStdioService(config, lazy, { version, toolsets, principal });
        // Modern subscriptions/listen requests drive the same health poller as 2025-era resources/subscribe.
        transport.listenSink = loaded.service.subscriptions;
        for (const { server, ctx } of shells.splice(0)) loaded.service.attach(server, ctx);
        handlersReady();
      })
      .catch(failed));
  // A request other than the opening ones came first (a 2026-07-28 client need not discover): load them now.
  transport.onHeld = () => void loadHandlers();
  // Both revisions on one pipe: the first message picks the era, the SDK asks for a server of that era.
  const handle = serveStdio(
    (ctx) => {
      transport.pinEra(ctx.era);
      era = ctx.era;
      log((logger) => logger.info('stdio connection opened', { protocol_era: ctx.era }));
      if (loaded) return loaded.service.factory(ctx);
      const server = serverShell(shape);
      shells.push({ server, ctx });
      return server;
    },
    { transport, legacy: 'serve', onerror: (error) => log((logger) => logger.warn('protocol error', { error: error.message })) },
  );
  log((logger) => logger.info('stdio server ready', { environment: config.environment, engine: config.databaseUrl ? 'postgres' : 'sqlite' }));
  let stopping = false;
  const begin = () => {
    void loadHandlers();
    void lazy.get().catch(failed);
  };
  const load = () => {
    if (!stopping) begin();
  };
  // After `initialize` at once. After a 2026-07-28 opening, not at once: a negotiating client's probe (SDK v2 sends
  // `server/discover` to a throwaway server process) closes right after the answer, and a load begun by then would
  // hold its exit for the whole load. A real client's next request starts the load itself (onHeld), so waiting here
  // costs it nothing.
  transport.onFirstAnswer = () => (era === 'legacy' ? setImmediate(begin) : setTimeout(load, AFTER_DISCOVER_LOAD_MS).unref());
  setTimeout(load, IDLE_LOAD_MS).unref();

  return new Promise<number>((resolve) => {
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
          loaded?.calls.cancelAll();
        }
        // Answered calls may still be writing their audit records: wait for those too.
        const calls = loaded?.calls;
        if (calls && !(await calls.idle(CANCEL_SETTLE_MS))) log((logger) => logger.error('calls did not end after cancellation; their audit records may be missing', { running: calls.size }));
        loaded?.service.close();
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
