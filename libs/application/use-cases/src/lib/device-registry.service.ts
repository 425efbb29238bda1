import type { Clock, CredentialRepository, DeviceFilter, DeviceRepository, Logger, Principal, SecretCipher } from '@routeros-mcp/application-ports';
import {
  Clock as ClockToken,
  CredentialRepository as CredentialRepositoryToken,
  DeviceRepository as DeviceRepositoryToken,
  Logger as LoggerToken,
  SecretCipher as SecretCipherToken,
} from '@routeros-mcp/application-ports';
import { Device, DeviceAlreadyExistsError, DeviceCredentials, DeviceFacts, DeviceNotFoundError, DevicePatch, NewDeviceInput, validateCredentials } from '@routeros-mcp/domain-devices';
import { inject, injectable } from '@routeros-mcp/inversify';
import { AuditRecorder } from './audit-recorder';
import { CredentialVault } from './credential-vault';

export interface CredentialSummary {
  purpose: string;
  username: string;
  keyId: string;
  updatedAt: Date;
}

/** What contacting a device during enrolment revealed. */
export interface EnrolmentContact {
  facts: Omit<DeviceFacts, 'lastSeenAt'>;
  status: 'healthy' | 'degraded';
}

/** Enrolment and upkeep of the device registry. Every change is audited under the calling principal. */
@injectable()
export class DeviceRegistry {
  private readonly vault: CredentialVault;

  constructor(
    @inject(DeviceRepositoryToken) private readonly devices: DeviceRepository,
    @inject(CredentialRepositoryToken) private readonly credentials: CredentialRepository,
    @inject(SecretCipherToken) cipher: SecretCipher,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {
    this.vault = new CredentialVault(cipher);
  }

  /** Validates everything first; stores the device, its tags and encrypted credentials in one transaction. */
  async enroll(principal: Principal, input: NewDeviceInput, credentials: DeviceCredentials, contact?: EnrolmentContact): Promise<Device> {
    return this.recorder.run({ principal, action: 'device.add', deviceId: input.id, arguments: { ...input } }, async () => {
      const now = this.clock.now();
      const created = Device.create(input, now);
      // A device contacted during enrolment is stored with what it told us.
      const device = contact ? created.recordContact(contact.facts, contact.status, now) : created;
      validateCredentials(credentials);
      // Sealed once the repository holds the credential lock, so a concurrent key rotation cannot retire the key.
      const stored = await this.devices.create(device, () => this.vault.seal(device.id, credentials, now));
      this.logger.info('device enrolled', { device_id: device.id, environment: device.environment });
      return stored;
    });
  }

  /**
   * Enrols several devices in one transaction (a fleet import): every one is validated first, then all are stored
   * or none is. One audit record names them all.
   */
  async enrollAll(principal: Principal, entries: { input: NewDeviceInput; credentials: DeviceCredentials; contact?: EnrolmentContact }[]): Promise<Device[]> {
    return this.recorder.run({ principal, action: 'device.import', arguments: { ids: entries.map((e) => e.input.id) } }, async () => {
      const now = this.clock.now();
      const devices = entries.map(({ input, credentials, contact }) => {
        const created = Device.create(input, now);
        validateCredentials(credentials);
        return { device: contact ? created.recordContact(contact.facts, contact.status, now) : created, credentials };
      });
      const stored = await this.devices.createAll(devices.map(({ device, credentials }) => ({ device, credentials: () => this.vault.seal(device.id, credentials, now) })));
      this.logger.info('devices imported', { device_ids: stored.map((d) => d.id) });
      return stored;
    });
  }

  /** The device as it would be enrolled (validated), without storing it. */
  preview(input: NewDeviceInput): Device {
    return Device.create(input, this.clock.now());
  }

  /** Validates a new device and checks its id and name are free, before anyone is asked for a password. */
  async checkNewDevice(input: NewDeviceInput): Promise<void> {
    const device = Device.create(input, this.clock.now());
    if (await this.devices.findById(device.id)) throw new DeviceAlreadyExistsError('id', device.id);
    if (await this.devices.findByName(device.name)) throw new DeviceAlreadyExistsError('name', device.name);
  }

  list(filter: DeviceFilter = {}): Promise<Device[]> {
    return this.devices.list(filter);
  }

  async get(id: string): Promise<Device> {
    const device = await this.devices.findById(id);
    if (!device) throw new DeviceNotFoundError(id);
    return device;
  }

  async update(principal: Principal, id: string, patch: DevicePatch): Promise<Device> {
    return this.recorder.run({ principal, action: 'device.update', deviceId: id, arguments: { ...patch } }, async () => {
      const current = await this.get(id);
      return this.devices.update(current.update(patch, this.clock.now()));
    });
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.recorder.run({ principal, action: 'device.remove', deviceId: id }, async () => {
      if (!(await this.devices.remove(id))) throw new DeviceNotFoundError(id);
      this.logger.info('device removed', { device_id: id });
    });
  }

  /**
   * Replaces a device's stored credentials. `check` (the device asked whether it accepts them) runs first, inside the
   * audit record: when it throws, nothing is stored and the record says why. Without it the record says `offline`.
   */
  async setCredentials(principal: Principal, id: string, credentials: DeviceCredentials, check?: (device: Device) => Promise<void>): Promise<void> {
    await this.recorder.run({ principal, action: 'credentials.set', deviceId: id, arguments: { username: credentials.rest.username, ...(check ? {} : { offline: true }) } }, async () => {
      validateCredentials(credentials);
      const device = await this.get(id);
      await check?.(device);
      await this.credentials.replace(id, () => this.vault.seal(id, credentials, this.clock.now()));
    });
  }

  /** What is stored, without any secret: for display. */
  async credentialSummary(id: string): Promise<CredentialSummary[]> {
    return (await this.credentials.forDevice(id)).map(({ purpose, username, keyId, updatedAt }) => ({ purpose, username, keyId, updatedAt }));
  }

  /** Plaintext credentials for a device adapter. Never log or return the result. */
  async revealCredentials(id: string): Promise<DeviceCredentials> {
    return this.vault.open(id, await this.credentials.forDevice(id));
  }
}
