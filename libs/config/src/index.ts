export * from './lib/config.schema';
export * from './lib/load-config';
