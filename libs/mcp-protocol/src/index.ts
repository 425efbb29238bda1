export * from './lib/create-mcp-server';
export * from './lib/server-info';
