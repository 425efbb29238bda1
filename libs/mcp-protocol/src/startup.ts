/**
 * What a stdio server needs before its first answer, and nothing more: no tool schema, no domain model. The rest
 * of this package (index.ts) is loaded after that answer, or by the first request that needs it.
 */
import type { Environment } from '@routeros-mcp/domain-kernel';
import type { ServerShape } from './lib/server-shell';
import { TOOL_FACTS } from './lib/tools/tool-facts';
import { CatalogOptions, toolExposure } from './lib/tools/tool-exposure';
import { viewsOf } from './lib/views/view-list';

export { serverShell } from './lib/server-shell';
export type { ServerShape } from './lib/server-shell';
export { TOOLSETS, unknownToolsets } from './lib/tools/tool-facts';
export * from './lib/transport/guarded-stdio-transport';
export type { Era } from './lib/errors/error-contract';
/** The SDK's stdio entry: one pipe, both revisions (the apps import no SDK themselves). */
export { serveStdio } from '@modelcontextprotocol/server/stdio';

/** The shape of the server a ToolCatalog with these options serves (createMcpServer's), from TOOL_FACTS alone. */
export function serverShapeOf(options: { version: string; environment: Environment } & CatalogOptions): ServerShape {
  const { tools, exposure } = toolExposure(options, TOOL_FACTS);
  return { version: options.version, environment: options.environment, tools: { exposure, views: viewsOf(tools).length > 0, planResources: exposure.tiers.includes('professional') } };
}
