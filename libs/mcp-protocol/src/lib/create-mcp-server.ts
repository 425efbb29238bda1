import type { Environment } from '@routeros-mcp/domain-kernel';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SERVER_NAME, serverInstructions, SUPPORTED_ROUTEROS_VERSIONS } from './server-info';

export interface McpServerOptions {
  version: string;
  environment: Environment;
}

/**
 * The MCP server shared by every transport. It answers `initialize` (negotiating the protocol version,
 * 2025-11-25 preferred) and `ping`; tools, resources and prompts are registered on it by later layers.
 */
export function createMcpServer(options: McpServerOptions): Server {
  return new Server(
    { name: SERVER_NAME, version: options.version, title: 'RouterOS MCP' },
    {
      capabilities: {
        experimental: {
          routeros: {
            environment: options.environment,
            environments: ['lab', 'staging', 'prod'],
            tiers: ['fundamental', 'advanced', 'professional'],
            supported_routeros_versions: SUPPORTED_ROUTEROS_VERSIONS,
          },
        },
      },
      instructions: serverInstructions(options.environment),
    },
  );
}
