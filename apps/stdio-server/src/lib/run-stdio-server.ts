import { buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { createMcpServer, GuardedStdioTransport, ToolCatalog } from '@routeros-mcp/mcp-protocol';
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseStdioFlags, USAGE } from './cli-flags';
import { packageVersion } from './package-version';

const SHUTDOWN_GRACE_MS = 30_000;

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
  const container = await buildContainer(config, { logMeta: { service: 'routeros-mcp', transport: 'stdio' } });
  const services = container.get(ServerServices);
  // One stdio connection is one session: its id ties the audit records of this run together.
  const principal = { id: userInfo().username, via: 'stdio' as const, sessionId: randomUUID() };
  const catalog = new ToolCatalog({ toolsets: config.toolsets?.split(','), readOnly: config.readOnly });
  const server = createMcpServer({
    version: packageVersion(),
    environment: config.environment,
    tools: {
      catalog,
      services: { reader: services.reader, registry: services.devices, audit: services.audit, connectivity: services.connectivity, logger: services.logger },
      options: { principal: () => principal, toolErrors: config.toolErrors, callsPerMinute: config.rateLimitPerMinute },
      subscriptions: { intervalMs: config.healthPollIntervalMs, jitterMs: Math.round(config.healthPollIntervalMs / 10), coalesceMs: Math.min(1000, Math.max(250, Math.round(config.healthPollIntervalMs / 4))) },
    },
  });
  const transport = new GuardedStdioTransport();
  await server.connect(transport);
  services.logger.info('stdio server ready', { environment: config.environment, engine: config.databaseUrl ? 'postgres' : 'sqlite' });

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async (reason: string) => {
      if (stopping) return;
      stopping = true;
      services.logger.info('stdio server stopping', { reason });
      const deadline = setTimeout(() => {
        services.logger.error('shutdown took too long; exiting', { grace_ms: SHUTDOWN_GRACE_MS });
        resolve(1);
      }, SHUTDOWN_GRACE_MS);
      deadline.unref();
      try {
        await server.close();
        await services.close();
        resolve(0);
      } catch (error) {
        process.stderr.write(`routeros-mcp: shutdown failed: ${(error as Error).message}\n`);
        resolve(1);
      } finally {
        clearTimeout(deadline);
      }
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
    process.stdin.once('end', () => void stop('stdin closed'));
  });
}
