export * from './lib/create-mcp-server';
export * from './lib/server-info';
export * from './lib/errors/error-codes';
export * from './lib/errors/map-domain-error';
