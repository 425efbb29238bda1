export * from './lib/domain-error';
export * from './lib/validation.error';
export * from './lib/environment';
export * from './lib/internal.error';
export * from './lib/text';
export * from './lib/secret-fields';
export * from './lib/access-policy';
export * from './lib/canonical-json';
