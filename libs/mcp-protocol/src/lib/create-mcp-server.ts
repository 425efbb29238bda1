import type { Environment } from '@routeros-mcp/domain-kernel';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SERVER_NAME, serverInstructions, SUPPORTED_ROUTEROS_VERSIONS } from './server-info';
import { loadPrompts } from './prompts/prompt-catalog';
import { registerPrompts } from './server/register-prompts';
import { registerResources } from './server/register-resources';
import { DEFAULT_SUBSCRIPTION_OPTIONS, SubscriptionOptions } from './server/subscriptions';
import { registerTools, ToolServerOptions, ToolServices } from './server/register-tools';
import { ALL_TOOLS, ToolCatalog } from './tools/catalog';
import { CallTracker } from './server/call-tracker';
import { ClientLogLevel } from './server/client-log-level';

export interface McpServerOptions {
  version: string;
  environment: Environment;
  /** The tools to serve, and what they run on. */
  tools?: { catalog: ToolCatalog; services: ToolServices; options: Omit<ToolServerOptions, 'environment'>; subscriptions?: Partial<SubscriptionOptions> };
  /** The calls running on this server, for a graceful shutdown; one is made when not given. */
  calls?: CallTracker;
}

/** Tiers and topics the catalog lists, and the topics that exist but are switched off. */
function exposedBy(catalog: ToolCatalog | undefined) {
  const listed = catalog?.tools ?? [];
  const topics = [...new Set(listed.map((t) => t.topic))];
  return { tiers: [...new Set(listed.map((t) => t.tier))], topics, hiddenTopics: [...new Set(ALL_TOOLS.map((t) => t.topic))].filter((t) => !topics.includes(t)) };
}

/**
 * The MCP server shared by every transport. It answers `initialize` (negotiating the protocol version,
 * 2025-11-25 preferred) and `ping`; tools, resources and prompts are registered on it by later layers.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: SERVER_NAME, version: options.version, title: 'RouterOS MCP' },
    {
      capabilities: {
        ...(options.tools ? { tools: { listChanged: false }, resources: { subscribe: true, listChanged: false }, prompts: { listChanged: false }, completions: {}, logging: {} } : {}),
        experimental: {
          routeros: {
            environment: options.environment,
            environments: ['lab', 'staging', 'prod'],
            tiers: ['fundamental', 'advanced', 'professional'],
            supported_routeros_versions: SUPPORTED_ROUTEROS_VERSIONS,
          },
        },
      },
      instructions: serverInstructions(options.environment, exposedBy(options.tools?.catalog)),
    },
  );
  if (options.tools) {
    const serving = { ...options.tools.options, environment: options.environment };
    const support = { calls: options.calls ?? new CallTracker(), logLevel: new ClientLogLevel(server) };
    registerTools(server, options.tools.catalog, options.tools.services, serving, support);
    const prompts = loadPrompts();
    registerResources(server, options.tools.services, serving, support, prompts, { ...DEFAULT_SUBSCRIPTION_OPTIONS, ...options.tools.subscriptions });
    registerPrompts(server, prompts);
  }
  return server;
}
