import { LazyServerServices, withCorrelationId } from '@routeros-mcp/composition';
import type { Config } from '@routeros-mcp/composition/startup';
import { CallTracker, consoleBaseOf, createMcpServer, McpService, ToolCatalog, ToolServices } from '@routeros-mcp/mcp-protocol';

/**
 * The server's handlers, tools and the services they run on: loaded after the first answer (or by the first
 * request that needs them), so that the opening request is answered without the tool schemas and the domain.
 */
export function createStdioService(config: Config, lazy: LazyServerServices, options: { version: string; toolsets?: string[]; principal: { id: string; via: 'stdio'; sessionId: string } }): { service: McpService; calls: CallTracker } {
  let toolServices: Promise<ToolServices> | undefined;
  const toolServicesOf = () =>
    (toolServices ??= lazy.get().then((services) => services.toolServices()));
  const catalog = new ToolCatalog({ toolsets: options.toolsets, readOnly: config.readOnly });
  const calls = new CallTracker();
  const service = createMcpServer({
    calls,
    version: options.version,
    environment: config.environment,
    tools: {
      catalog,
      services: toolServicesOf,
      options: {
        principal: () => options.principal,
        toolErrors: config.toolErrors,
        callsPerMinute: config.rateLimitPerMinute,
        planApplyWaitMs: (config.planApplyWaitS ?? 0) * 1000,
        // stdio serves no console: a plan's page is offered only when one is configured.
        consoleUrl: () => consoleBaseOf(config.consoleUrl),
        // Every log line of a call (use-cases and adapters included) carries its correlation id.
        observer: { run: (call, work) => withCorrelationId(call.correlationId, work), ended: () => undefined },
      },
      subscriptions: { intervalMs: config.healthPollIntervalMs, jitterMs: Math.round(config.healthPollIntervalMs / 10), coalesceMs: Math.min(1000, Math.max(250, Math.round(config.healthPollIntervalMs / 4))) },
    },
  });
  return { service, calls };
}
