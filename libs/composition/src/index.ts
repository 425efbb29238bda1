// Light on purpose: nothing here loads the database, the device adapters or the container until it is called.
export * from './lib/app-services';
export * from './lib/app-surface';
export * from './lib/lazy-services';
export * from './lib/load-secrets';
export * from './lib/read-config';
