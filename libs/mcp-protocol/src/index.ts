export * from './lib/create-mcp-server';
export * from './lib/server-info';
export * from './lib/errors/error-codes';
export * from './lib/errors/map-domain-error';
export * from './lib/tools/catalog';
export type { ToolDefinition, ToolContext, ToolOutput } from './lib/tools/define-tool';
export type { ToolServices, ToolServerOptions } from './lib/server/register-tools';
export { estimateTokens } from './lib/server/token-budget';
export * from './lib/transport/guarded-stdio-transport';
