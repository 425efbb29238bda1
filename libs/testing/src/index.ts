export * from './lib/postgres.harness';
export * from './lib/temp-dir';
export * from './lib/test-databases';
export * from './lib/simulator';
export * from './lib/era-client';
export * from './lib/oidc-provider.harness';
export * from './lib/secret-properties';
export * from './lib/doc-recipe';
