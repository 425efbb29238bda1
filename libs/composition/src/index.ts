export * from './lib/app-services';
export * from './lib/app-surface';
export * from './lib/build-container';
export * from './lib/read-config';
