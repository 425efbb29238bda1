import { Server } from '@modelcontextprotocol/server';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { SERVER_NAME, serverInstructions, SUPPORTED_ROUTEROS_VERSIONS } from './server-info';
import { LIST_CACHE_HINTS } from './server/cache-hints';
import type { CatalogExposure } from './tools/tool-exposure';
import { APPS_EXTENSION } from './views/view-list';

/** What a server says of itself in `initialize` and `server/discover`: fixed at start, known without the tool schemas. */
export interface ServerShape {
  version: string;
  environment: Environment;
  /** Absent: a server without tools, resources or prompts. */
  tools?: {
    exposure: CatalogExposure;
    /** Whether a listed tool has an MCP Apps view. */
    views: boolean;
    /** Plan resources come with the professional tier. */
    planResources: boolean;
  };
}

/**
 * A server with its capabilities and instructions and no handler yet: the SDK answers the opening request from
 * these alone. `sessionless`: a 2025-era request over stateless HTTP (no resources/subscribe).
 */
export function serverShell(shape: ServerShape, sessionless = false): Server {
  const tools = shape.tools;
  return new Server(
    { name: SERVER_NAME, version: shape.version, title: 'RouterOS MCP' },
    {
      capabilities: {
        ...(tools ? { tools: { listChanged: false }, resources: { subscribe: !sessionless, listChanged: tools.planResources }, prompts: { listChanged: false }, completions: {}, logging: {} } : {}),
        // SEP-1724: the extensions this server speaks; MCP Apps where a listed tool has a view.
        ...(tools?.views ? { extensions: { [APPS_EXTENSION]: {} } } : {}),
        experimental: {
          routeros: {
            environment: shape.environment,
            environments: ['lab', 'staging', 'prod'],
            tiers: ['fundamental', 'advanced', 'professional'],
            supported_routeros_versions: SUPPORTED_ROUTEROS_VERSIONS,
          },
        },
      },
      instructions: serverInstructions(shape.environment, tools?.exposure ?? { tiers: [], topics: [], hiddenTopics: [] }),
      cacheHints: LIST_CACHE_HINTS,
    },
  );
}
