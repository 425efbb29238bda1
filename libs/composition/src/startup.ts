/**
 * What a server needs before its first answer: configuration, key checks, the local principal. No domain model,
 * use-case or container (index.ts brings those); the stdio server loads them after it has answered.
 */
export { readServiceConfig } from './lib/read-config';
export { ConfigError } from '@routeros-mcp/config';
export type { Config } from '@routeros-mcp/config';
export { KeyFileError } from '@routeros-mcp/adapters-secrets';
export { localPrincipalId } from './lib/local-principal';
export * from './lib/server-flags';
export { prepareServerServices } from './lib/lazy-services';
export type { LazyServerServices } from './lib/lazy-services';
export type { ServerServices } from './lib/app-services';
