export * from './lib/database';
export * from './lib/dialect';
export * from './lib/persistence.module';
export * from './lib/repositories/typeorm-audit.log';
export * from './lib/repositories/typeorm-credential.repository';
export * from './lib/repositories/typeorm-device.repository';
export * from './lib/typeorm-schema.migrator';
export * from './lib/registry-read-cache';
