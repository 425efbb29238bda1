import 'reflect-metadata';
export * from './lib/audit-recorder';
export * from './lib/credential-vault';
export * from './lib/database-admin.service';
export * from './lib/device-registry.service';
export * from './lib/key-rotation.service';
export * from './lib/use-cases.module';
export * from './lib/device-connectivity.service';
export * from './lib/device-reader.service';
