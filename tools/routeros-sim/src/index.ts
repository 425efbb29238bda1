export * from './lib/fleet';
export type { DeviceUser } from './lib/model/device-state';
export { DeviceState } from './lib/model/device-state';
export { PROFILES } from './lib/model/profiles';
export type { ProfileName } from './lib/model/profiles';
export type { Faults } from './lib/server/faults';
export { SUPPORTED_VERSIONS } from './lib/schema/menu-schema';
export { createDeviceIdentity } from './lib/identity/device-identity';
