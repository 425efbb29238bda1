// Light on purpose: nothing here loads the database, the device adapters or the container until it is called.
export * from './lib/app-services';
export * from './lib/app-surface';
export * from './lib/lazy-services';
export * from './lib/load-secrets';
export * from './lib/read-config';
/** Port types the apps see (apps import no adapter or port package directly). */
export type { AuditChainReport, AuditEvent, Principal } from '@routeros-mcp/application-ports';
export type { Config } from '@routeros-mcp/config';
export * from './lib/http-services';
export * from './lib/server-flags';
export * from './lib/console-oidc';
