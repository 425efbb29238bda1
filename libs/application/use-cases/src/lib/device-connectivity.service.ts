import type { Clock, ConfigShell, DeviceProbe, DeviceRepository, DeviceTarget, Logger, Principal, RouterOsApi } from '@routeros-mcp/application-ports';
import {
  Clock as ClockToken,
  ConfigShell as ConfigShellToken,
  DeviceAuthFailedError,
  DeviceRepository as DeviceRepositoryToken,
  Logger as LoggerToken,
  RouterOsApi as RouterOsApiToken,
} from '@routeros-mcp/application-ports';
import { Device, DeviceCredentials } from '@routeros-mcp/domain-devices';
import { isDomainError } from '@routeros-mcp/domain-kernel';
import { inject, injectable } from '@routeros-mcp/inversify';
import { AuditRecorder } from './audit-recorder';
import { CredentialsNotCheckedError, CredentialsRejectedError } from './errors/credentials-rejected.error';
import { EnrolmentCredentialsRejectedError } from './errors/enrolment-credentials-rejected.error';
import { DeviceRegistry } from './device-registry.service';

/** How a device and its credentials become an adapter target. */
export function targetFor(device: Device, credentials: DeviceCredentials): DeviceTarget {
  return {
    deviceId: device.id,
    host: device.host,
    restPort: device.restPort,
    sshPort: device.sshPort,
    tlsFingerprint: device.tlsFingerprint,
    sshHostKey: device.sshHostKey,
    tlsSkipVerify: device.tlsSkipVerify,
    username: credentials.rest.username,
    password: credentials.rest.password,
    ssh: { username: credentials.ssh.username, password: credentials.ssh.password, privateKey: credentials.ssh.privateKey },
  };
}

export interface PresentedIdentities {
  tlsFingerprint?: string;
  sshHostKey?: string;
  /** Why one could not be read (unreachable, no TLS on that port…). */
  problems: string[];
}

export type CheckOutcome = { ok: true; ms: number } | { ok: false; code: string; error: string };

export interface ConnectivityReport {
  deviceId: string;
  rest: CheckOutcome;
  ssh: CheckOutcome;
  facts?: DeviceProbe;
  status: string;
}

/** Contact with devices for enrolment and upkeep: identity discovery, tests that record facts, re-pinning. */
@injectable()
export class DeviceConnectivity {
  constructor(
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(DeviceRepositoryToken) private readonly devices: DeviceRepository,
    @inject(RouterOsApiToken) private readonly api: RouterOsApi,
    @inject(ConfigShellToken) private readonly shell: ConfigShell,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  /** The certificate and host key fingerprints the device presents right now (trusting neither). */
  async presentedIdentities(host: string, restPort: number, sshPort: number): Promise<PresentedIdentities> {
    const problems: string[] = [];
    const [tls, ssh] = await Promise.all([
      this.api.presentedCertificate(host, restPort).catch((e: Error) => void problems.push(`REST ${host}:${restPort}: ${e.message}`)),
      this.shell.presentedHostKey(host, sshPort).catch((e: Error) => void problems.push(`SSH ${host}:${sshPort}: ${e.message}`)),
    ]);
    return { tlsFingerprint: tls ?? undefined, sshHostKey: ssh ?? undefined, problems };
  }

  /**
   * Checks the credentials and pins work, before enrolment: throws the REST failure if there is one. A rejected
   * password becomes advice to enrol again (the adapter's own advice is for devices already enrolled).
   */
  async verify(target: DeviceTarget, how?: string): Promise<{ facts: DeviceProbe; ssh: CheckOutcome }> {
    let facts: DeviceProbe;
    try {
      facts = await this.api.facts(target);
    } catch (error) {
      if (error instanceof DeviceAuthFailedError && error.failure === 'credentials') throw new EnrolmentCredentialsRejectedError(target.deviceId, target.username, how);
      throw error;
    } finally {
      this.api.forget(target.deviceId);
    }
    return { facts, ssh: await this.checkSsh(target) };
  }

  /**
   * Replaces an enrolled device's credentials once the device accepted them over REST and SSH (`offline`: without
   * asking it). Refused, and nothing stored, when either service rejects them or REST cannot check them; an SSH
   * service that cannot be reached at all is reported back (`ssh`), not refused, as enrolment does.
   */
  async setCredentials(principal: Principal, id: string, credentials: DeviceCredentials, options: { offline?: boolean } = {}): Promise<{ ssh?: CheckOutcome }> {
    let ssh: CheckOutcome | undefined;
    const check = async (device: Device) => {
      device.assertUsable();
      ssh = await this.checkCredentials(targetFor(device, credentials), credentials);
    };
    await this.registry.setCredentials(principal, id, credentials, options.offline ? undefined : check);
    return ssh ? { ssh } : {};
  }

  /** REST and SSH reachability, version, identity, board, latency; updates the device's status and facts. */
  async test(principal: Principal, id: string): Promise<ConnectivityReport> {
    return this.recorder.run({ principal, action: 'device.test', deviceId: id }, async () => {
      const device = await this.registry.get(id);
      device.assertUsable();
      const target = targetFor(device, await this.registry.revealCredentials(id));
      const started = performance.now();
      let facts: DeviceProbe | undefined;
      let rest: CheckOutcome;
      try {
        facts = await this.api.facts(target);
        rest = { ok: true, ms: Math.round(performance.now() - started) };
      } catch (error) {
        rest = this.outcome(error);
      }
      const ssh = await this.checkSsh(target);
      const now = this.clock.now();
      // Either service answering is contact: the device is degraded, not unreachable, when only one of them works.
      const updated = facts
        ? device.recordContact({ routerosVersion: facts.version, identity: facts.identity, board: facts.board }, ssh.ok ? 'healthy' : 'degraded', now)
        : ssh.ok
          ? device.recordContact({}, 'degraded', now)
          : device.markUnreachable(now);
      const stored = await this.devices.update(updated);
      this.logger.info('device tested', { device_id: id, status: stored.status });
      return { deviceId: id, rest, ssh, facts, status: stored.status };
    });
  }

  /** Replaces the pins of a device whose certificate or host key changed on purpose. */
  async repin(principal: Principal, id: string, pins: { tlsFingerprint?: string; sshHostKey?: string }): Promise<Device> {
    const device = await this.registry.update(principal, id, pins);
    this.api.forget(id);
    return device;
  }

  /** Asks the device whether it accepts `credentials` (see setCredentials); answers how SSH went when it answered at all. */
  private async checkCredentials(target: DeviceTarget, credentials: DeviceCredentials): Promise<CheckOutcome> {
    const rejected = (error: unknown) => error instanceof DeviceAuthFailedError && error.failure === 'credentials';
    try {
      await this.api.facts(target);
    } catch (error) {
      if (rejected(error)) throw new CredentialsRejectedError(target.deviceId, 'REST', credentials.rest.username, 'password');
      if (isDomainError(error)) throw new CredentialsNotCheckedError(target.deviceId, 'REST', error);
      throw error;
    } finally {
      // The check's connection carried the new credentials: nothing of it is kept.
      this.api.forget(target.deviceId);
    }
    const started = performance.now();
    try {
      await this.shell.print(target, 'system/resource');
      return { ok: true, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (rejected(error)) throw new CredentialsRejectedError(target.deviceId, 'SSH', credentials.ssh.username, credentials.ssh.privateKey ? 'SSH key' : 'password');
      if (error instanceof DeviceAuthFailedError) throw new CredentialsNotCheckedError(target.deviceId, 'SSH', error);
      return this.outcome(error);
    }
  }

  private async checkSsh(target: DeviceTarget): Promise<CheckOutcome> {
    const started = performance.now();
    try {
      await this.shell.print(target, 'system/resource');
      return { ok: true, ms: Math.round(performance.now() - started) };
    } catch (error) {
      return this.outcome(error);
    }
  }

  private outcome(error: unknown): CheckOutcome {
    if (isDomainError(error)) return { ok: false, code: error.code, error: error.message };
    throw error;
  }
}
