import type { Device, DeviceStatus } from '@routeros-mcp/domain-devices';
import type { Environment } from '@routeros-mcp/domain-kernel';
import type { SealedCredentials } from './credential-repository.port';

export interface DeviceFilter {
  environment?: Environment;
  status?: DeviceStatus;
  /** Every given tag must match. */
  tags?: Record<string, string>;
}

export const DeviceRepository = Symbol.for('DeviceRepository');
export interface DeviceRepository {
  findById(id: string): Promise<Device | undefined>;
  findByName(name: string): Promise<Device | undefined>;
  /** Devices ordered by id. */
  list(filter?: DeviceFilter): Promise<Device[]>;
  /** Stores a new device with its tags and credentials in one transaction, holding the credential lock.
   *  @throws DeviceAlreadyExistsError when the id or name is taken. */
  create(device: Device, credentials: SealedCredentials): Promise<Device>;
  /** Stores several new devices in one transaction: all of them, or none. @throws as `create`, for the first clash. */
  createAll(entries: { device: Device; credentials: SealedCredentials }[]): Promise<Device[]>;
  /** Saves changes if nobody else saved since `device.version` was read; returns the device with its new version.
   *  @throws DeviceNotFoundError, DeviceAlreadyExistsError (name), ConcurrentModificationError */
  update(device: Device): Promise<Device>;
  /** Removes the device and everything that belongs to it, in one transaction. Returns whether it existed. */
  remove(id: string): Promise<boolean>;
}
