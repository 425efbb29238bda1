import { Environment, FieldErrors, parseEnvironment, ValidationError } from '@routeros-mcp/domain-kernel';
import { Capabilities, CapabilityFlag, defaultCapabilities, withCapabilities } from './capabilities';
import { parseDeviceId } from './device-id';
import { parseDeviceName } from './device-name';
import { DeviceStatus, parseDeviceStatus } from './device-status';
import { DeviceDecommissionedError } from './errors/device-decommissioned.error';
import { parseSshHostKeyFingerprint, parseTlsFingerprint } from './fingerprints';
import { parseHost, parsePort } from './host';
import { Tags, validateTags } from './tags';

/** What the service learned from the device itself (never typed in by an operator). */
export interface DeviceFacts {
  routerosVersion?: string;
  identity?: string;
  board?: string;
  serial?: string;
  lastSeenAt?: Date;
}

export interface DeviceProps {
  id: string;
  name: string;
  host: string;
  restPort: number;
  sshPort: number;
  environment: Environment;
  tags: Tags;
  capabilities: Capabilities;
  critical: boolean;
  tlsFingerprint?: string;
  sshHostKey?: string;
  /** Lab-only escape hatch for devices without a pinnable certificate; refused in staging and prod. */
  tlsSkipVerify: boolean;
  status: DeviceStatus;
  facts: DeviceFacts;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic-concurrency counter, owned by the repository. */
  version: number;
}

export interface NewDeviceInput {
  id: string;
  name: string;
  host: string;
  restPort?: number | string;
  sshPort?: number | string;
  environment: string;
  tags?: Record<string, string>;
  capabilities?: Partial<Record<CapabilityFlag, boolean>>;
  critical?: boolean;
  tlsFingerprint?: string;
  sshHostKey?: string;
  tlsSkipVerify?: boolean;
}

export interface DevicePatch {
  name?: string;
  host?: string;
  restPort?: number | string;
  sshPort?: number | string;
  environment?: string;
  setTags?: Record<string, string>;
  removeTags?: string[];
  capabilities?: Partial<Record<CapabilityFlag, boolean>>;
  critical?: boolean;
  /** `null` removes the pin. */
  tlsFingerprint?: string | null;
  sshHostKey?: string | null;
  tlsSkipVerify?: boolean;
  status?: string;
}

export const DEFAULT_REST_PORT = 443;
export const DEFAULT_SSH_PORT = 22;

export class Device {
  private constructor(private readonly props: Readonly<DeviceProps>) {}

  static create(input: NewDeviceInput, now: Date): Device {
    const errors = new FieldErrors();
    const id = errors.collect(() => parseDeviceId(input.id));
    const name = errors.collect(() => parseDeviceName(input.name));
    const host = errors.collect(() => parseHost(input.host));
    const restPort = errors.collect(() => parsePort(input.restPort ?? DEFAULT_REST_PORT, 'port'));
    const sshPort = errors.collect(() => parsePort(input.sshPort ?? DEFAULT_SSH_PORT, 'ssh_port'));
    const environment = errors.collect(() => parseEnvironment(input.environment));
    const tags = errors.collect(() => validateTags(input.tags ?? {}));
    const tlsFingerprint = input.tlsFingerprint === undefined ? undefined : errors.collect(() => parseTlsFingerprint(input.tlsFingerprint!));
    const sshHostKey = input.sshHostKey === undefined ? undefined : errors.collect(() => parseSshHostKeyFingerprint(input.sshHostKey!));
    errors.throwIfAny();
    const device = new Device({
      id: id!,
      name: name!,
      host: host!,
      restPort: restPort!,
      sshPort: sshPort!,
      environment: environment!,
      tags: tags!,
      capabilities: withCapabilities(defaultCapabilities(), input.capabilities ?? {}),
      critical: input.critical ?? false,
      tlsFingerprint,
      sshHostKey,
      tlsSkipVerify: input.tlsSkipVerify ?? false,
      status: 'unknown',
      facts: {},
      createdAt: now,
      updatedAt: now,
      version: 0,
    });
    device.assertInvariants();
    return device;
  }

  /** Rebuilds a device from trusted storage; invariants are still checked so corrupt rows surface early. */
  static restore(props: DeviceProps): Device {
    return new Device({ ...props, tags: Object.freeze({ ...props.tags }), capabilities: Object.freeze({ ...props.capabilities }) });
  }

  get id(): string { return this.props.id; }
  get name(): string { return this.props.name; }
  get host(): string { return this.props.host; }
  get restPort(): number { return this.props.restPort; }
  get sshPort(): number { return this.props.sshPort; }
  get environment(): Environment { return this.props.environment; }
  get tags(): Tags { return this.props.tags; }
  get capabilities(): Capabilities { return this.props.capabilities; }
  get critical(): boolean { return this.props.critical; }
  get tlsFingerprint(): string | undefined { return this.props.tlsFingerprint; }
  get sshHostKey(): string | undefined { return this.props.sshHostKey; }
  get tlsSkipVerify(): boolean { return this.props.tlsSkipVerify; }
  get status(): DeviceStatus { return this.props.status; }
  get facts(): DeviceFacts { return this.props.facts; }
  get createdAt(): Date { return this.props.createdAt; }
  get updatedAt(): Date { return this.props.updatedAt; }
  get version(): number { return this.props.version; }

  hasCapability(flag: CapabilityFlag): boolean {
    return this.props.capabilities[flag];
  }

  /** Applies an operator's edit; every field is validated and all problems are reported together. */
  update(patch: DevicePatch, now: Date): Device {
    const errors = new FieldErrors();
    const next: DeviceProps = { ...this.props, updatedAt: now };
    if (patch.name !== undefined) next.name = errors.collect(() => parseDeviceName(patch.name!)) ?? next.name;
    if (patch.host !== undefined) next.host = errors.collect(() => parseHost(patch.host!)) ?? next.host;
    if (patch.restPort !== undefined) next.restPort = errors.collect(() => parsePort(patch.restPort!, 'port')) ?? next.restPort;
    if (patch.sshPort !== undefined) next.sshPort = errors.collect(() => parsePort(patch.sshPort!, 'ssh_port')) ?? next.sshPort;
    if (patch.environment !== undefined) next.environment = errors.collect(() => parseEnvironment(patch.environment!)) ?? next.environment;
    if (patch.status !== undefined) next.status = errors.collect(() => parseDeviceStatus(patch.status!)) ?? next.status;
    if (patch.setTags !== undefined || patch.removeTags !== undefined) {
      const tags: Record<string, string> = { ...this.props.tags, ...(patch.setTags ?? {}) };
      for (const key of patch.removeTags ?? []) {
        if (!(key in tags)) errors.add('tags', `device has no tag '${key}' to remove`);
        delete tags[key];
      }
      next.tags = errors.collect(() => validateTags(tags)) ?? next.tags;
    }
    if (patch.capabilities !== undefined) next.capabilities = withCapabilities(next.capabilities, patch.capabilities);
    if (patch.critical !== undefined) next.critical = patch.critical;
    if (patch.tlsFingerprint !== undefined) {
      next.tlsFingerprint = patch.tlsFingerprint === null ? undefined : errors.collect(() => parseTlsFingerprint(patch.tlsFingerprint!));
    }
    if (patch.sshHostKey !== undefined) {
      next.sshHostKey = patch.sshHostKey === null ? undefined : errors.collect(() => parseSshHostKeyFingerprint(patch.sshHostKey!));
    }
    if (patch.tlsSkipVerify !== undefined) next.tlsSkipVerify = patch.tlsSkipVerify;
    errors.throwIfAny();
    const device = new Device(next);
    device.assertInvariants();
    return device;
  }

  /** Records what a successful contact revealed; a reachable device leaves `unknown`/`unreachable`. */
  recordContact(facts: Omit<DeviceFacts, 'lastSeenAt'>, status: Exclude<DeviceStatus, 'decommissioned'>, now: Date): Device {
    this.assertUsable();
    return new Device({ ...this.props, facts: { ...this.props.facts, ...facts, lastSeenAt: now }, status, updatedAt: now });
  }

  markUnreachable(now: Date): Device {
    this.assertUsable();
    return new Device({ ...this.props, status: 'unreachable', updatedAt: now });
  }

  /** Devices taken out of service must not be contacted or changed by any tool. */
  assertUsable(): void {
    if (this.props.status === 'decommissioned') throw new DeviceDecommissionedError(this.props.id);
  }

  withVersion(version: number): Device {
    return new Device({ ...this.props, version });
  }

  toProps(): DeviceProps {
    return { ...this.props, tags: { ...this.props.tags }, capabilities: { ...this.props.capabilities }, facts: { ...this.props.facts } };
  }

  private assertInvariants(): void {
    if (this.props.tlsSkipVerify && this.props.environment !== 'lab') {
      throw ValidationError.single(
        'tls_skip_verify',
        `skipping TLS verification is only allowed for lab devices, not ${this.props.environment}; pin the certificate fingerprint instead`,
      );
    }
  }
}
