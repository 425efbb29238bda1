import { buildContainer, ConfigError, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { CallTracker, createMcpServer, GuardedStdioTransport, serveStdio, ToolCatalog, TOOLSETS, unknownToolsets } from '@routeros-mcp/mcp-protocol';
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseStdioFlags, USAGE } from './cli-flags';
import { packageVersion } from './package-version';

const SHUTDOWN_GRACE_MS = 30_000;
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
  const container = await buildContainer(config, { logMeta: { service: 'routeros-mcp', transport: 'stdio' } });
  const services = container.get(ServerServices);
  // One stdio connection is one session: its id ties the audit records of this run together.
  const principal = { id: userInfo().username, via: 'stdio' as const, sessionId: randomUUID() };
  const catalog = new ToolCatalog({ toolsets, readOnly: config.readOnly });
  const calls = new CallTracker();
  const service = createMcpServer({
    calls,
    version: packageVersion(),
    environment: config.environment,
    tools: {
      catalog,
      services: { reader: services.reader, registry: services.devices, audit: services.audit, connectivity: services.connectivity, logger: services.logger, snapshots: services.snapshots, events: services.events, changes: services.changes },
      options: { principal: () => principal, toolErrors: config.toolErrors, callsPerMinute: config.rateLimitPerMinute },
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
      services.logger.info('stdio connection opened', { protocol_era: ctx.era });
      return service.factory(ctx);
    },
    { transport, legacy: 'serve', onerror: (error) => services.logger.warn('protocol error', { error: error.message }) },
  );
  services.logger.info('stdio server ready', { environment: config.environment, engine: config.databaseUrl ? 'postgres' : 'sqlite' });

  return new Promise<number>((resolve) => {
    let stopping = false;
    /**
     * Stops reading, answers every request already read (the grace period bounds it), cancels what is still
     * running after that, waits for each call's audit record, then closes the server and the database.
     */
    const stop = async (reason: string) => {
      if (stopping) return;
      stopping = true;
      services.logger.info('stdio server stopping', { reason, pending_requests: transport.pending });
      try {
        const cancelled = await transport.drain(SHUTDOWN_GRACE_MS);
        if (cancelled.length) {
          services.logger.warn('requests still running after the grace period were cancelled', { grace_ms: SHUTDOWN_GRACE_MS, cancelled: cancelled.length });
          calls.cancelAll('the server is shutting down');
        }
        if (!(await calls.idle(CANCEL_SETTLE_MS))) services.logger.error('calls did not end after cancellation; their audit records may be missing', { running: calls.size });
        service.close();
        await handle.close();
        await services.close();
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
