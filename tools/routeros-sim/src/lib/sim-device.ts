import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { utils, type Server as SshServer } from 'ssh2';
import type { DeviceState, DeviceUser } from './model/device-state';
import type { ProfileName } from './model/profiles';
import type { ServiceName } from './model/management-path';
import { createDeviceIdentity, DeviceIdentity, sshFingerprintOf, tlsFingerprintOf } from './identity/device-identity';
import { Faults } from './server/faults';
import { Admission, PortGate } from './server/port-gate';
import type { RestStats } from './server/rest-server';
import type { DeviceClock, Scheduler } from './model/scheduler';
import { generateSshHostKey } from './identity/ssh-host-key';
import { onHostKeyExchange, onHostKeyRegenerate } from './rest/cloud-ssh-commands';

export interface SimDeviceParts {
  index: number;
  identity: string;
  profile: ProfileName;
  state: DeviceState;
  keys: DeviceIdentity;
  users: DeviceUser[];
  rest: HttpServer | HttpsServer;
  restService: Extract<ServiceName, 'www' | 'www-ssl'>;
  stats: RestStats;
  /** Builds an SSH server for a host key: one for the device's key, one more when a changed key is injected. */
  sshServerFor: (hostKey: string) => SshServer;
  clock: DeviceClock;
  scheduler: Scheduler;
}

/**
 * One simulated device: its REST and SSH services behind port gates that apply the faults and the
 * management path, so a configuration that would cut the service off a real router cuts it off here.
 */
export class SimDevice {
  readonly index: number;
  readonly identity: string;
  readonly profile: ProfileName;
  readonly state: DeviceState;
  readonly users: DeviceUser[];
  private faults: Faults = {};
  private flapDown = false;
  private flapTimer?: NodeJS.Timeout;
  private replacement?: DeviceIdentity;
  private readonly sshDefault: SshServer;
  private sshReplacement?: SshServer;
  /** The key `/ip/ssh regenerate-host-key` made, served instead of the device's own until a reset. */
  private regenerated?: { server: SshServer; fingerprint: string; privateKey: string };
  private readonly restGate: PortGate;
  private readonly sshGate: PortGate;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeWrites: () => void;
  private frozen = false;
  private syncing = Promise.resolve();
  /** The certificate new TLS connections get, and whether it is the injected replacement (faults). */
  private served: { certPem: string; fingerprint: string; fromFault: boolean };
  private servedSsh?: SshServer;

  constructor(private readonly parts: SimDeviceParts) {
    ({ index: this.index, identity: this.identity, profile: this.profile, state: this.state, users: this.users } = parts);
    this.sshDefault = parts.sshServerFor(parts.keys.sshHostKey);
    // The HTTPS server starts with the device identity's certificate (fleet.ts), which the seeded `sim-cert` holds.
    this.served = { certPem: parts.keys.certPem, fingerprint: parts.keys.tlsFingerprint, fromFault: false };
    this.restGate = new PortGate(() => this.admission(parts.restService), (socket) => parts.rest.emit('connection', socket));
    this.sshGate = new PortGate(() => this.admission('ssh'), (socket) => this.activeSsh().injectSocket(socket));
    // After the current event: the answer to the request that made the change still goes out, as on a device.
    // The certificate changes at once: only handshakes after this change see it.
    this.unsubscribe = this.state.onChange(() => {
      this.applyCertificate();
      setImmediate(() => void this.sync());
    });
    this.unsubscribeWrites = this.state.onWrite(() => this.afterWrite());
    onHostKeyRegenerate(this.state, (type, bits) => this.regenerateHostKey(type, bits));
    onHostKeyExchange(this.state, { current: () => this.regenerated?.privateKey ?? this.parts.keys.sshHostKey, replace: (key) => this.replaceHostKey(key) });
  }

  /**
   * Serves a fresh host key from the next connection on (open sessions keep theirs, as on RouterOS); the control
   * API's `ssh_host_key_sha256` reports it, so a client that pinned the old key sees the change.
   */
  private async regenerateHostKey(type: 'ed25519' | 'rsa', bits: number): Promise<void> {
    const key = await generateSshHostKey(type, bits);
    const previous = this.regenerated;
    this.regenerated = { server: this.parts.sshServerFor(key.privateKey), fingerprint: key.fingerprint, privateKey: key.privateKey };
    this.servedSsh = this.activeSsh();
    previous?.server.close();
  }

  /** `/ip ssh import-host-key`: serves the given key (ssh2-readable text) from the next connection on. */
  private replaceHostKey(privateKey: string): void {
    const parsed = utils.parseKey(privateKey);
    const key = Array.isArray(parsed) ? parsed[0] : parsed;
    if (key instanceof Error) throw key;
    const previous = this.regenerated;
    this.regenerated = { server: this.parts.sshServerFor(privateKey), fingerprint: sshFingerprintOf(key.getPublicSSH()), privateKey };
    this.servedSsh = this.activeSsh();
    previous?.server.close();
  }

  /** Back to the device's own host key (the control API's reset: the device as enrolled). */
  restoreHostKey(): void {
    const previous = this.regenerated;
    this.regenerated = undefined;
    this.servedSsh = this.activeSsh();
    previous?.server.close();
  }

  /** Write faults act here, synchronously, before the write's own answer goes out. */
  private afterWrite(): void {
    const remaining = this.faults.dropConnectionsAfterWrites;
    if (remaining !== undefined) {
      if (remaining > 1) this.faults.dropConnectionsAfterWrites = remaining - 1;
      else {
        delete this.faults.dropConnectionsAfterWrites;
        this.restGate.dropConnections();
        this.sshGate.dropConnections();
      }
    }
    if (this.faults.freezeAfterWrite && !this.frozen) this.setFrozen(true);
  }

  private setFrozen(frozen: boolean): void {
    this.frozen = frozen;
    this.restGate.setFrozen(frozen);
    this.sshGate.setFrozen(frozen);
  }

  /** Whether a write fault froze the device (it answers nothing until faults are cleared). */
  get isFrozen(): boolean {
    return this.frozen;
  }

  async listen(restPort: number, sshPort: number): Promise<void> {
    await this.restGate.listen(restPort);
    await this.sshGate.listen(sshPort);
    await this.sync();
    this.parts.scheduler.start();
  }

  /** Moves the device's clock on (control API): scheduler entries that come due run before this resolves. */
  async advanceClock(ms: number): Promise<void> {
    this.parts.clock.advance(ms);
    this.parts.scheduler.wake();
    await this.parts.scheduler.settled();
    await this.settled();
  }

  get restPort(): number {
    return this.restGate.boundPort;
  }

  get sshPort(): number {
    return this.sshGate.boundPort;
  }

  get restUrl(): string {
    return `${this.parts.restService === 'www' ? 'http' : 'https'}://127.0.0.1:${this.restPort}/rest`;
  }

  /** The identity the device presents now (a replacement while a changed certificate or host key is injected). */
  get keys(): { tlsFingerprint: string; sshHostKeyFingerprint: string } {
    return {
      tlsFingerprint: this.served.fingerprint,
      sshHostKeyFingerprint: this.faults.sshHostKeyChanged && this.replacement ? this.replacement.sshHostKeyFingerprint : this.regenerated?.fingerprint ?? this.parts.keys.sshHostKeyFingerprint,
    };
  }

  /** The certificate (PEM) the device serves now: tests use it as a CA bundle. */
  get certificatePem(): string {
    return this.served.certPem;
  }

  get activeFaults(): Faults {
    return { ...this.faults };
  }

  /** Merges faults in and applies them to the listeners, certificate and host key. */
  async setFaults(faults: Faults): Promise<void> {
    if ((faults.tlsCertificateChanged || faults.sshHostKeyChanged) && !this.replacement) {
      this.replacement = await createDeviceIdentity(`${this.identity}-replaced`);
    }
    this.faults = { ...this.faults, ...faults };
    this.applyWriteFaults();
    this.applyIdentity();
    this.applyFlapping();
    await this.sync();
  }

  /** REST requests that reached the service, the most that ran at once, and those abandoned by their client, since start or the last reset. */
  get restStats(): RestStats {
    return { ...this.parts.stats, writes: [...this.parts.stats.writes] };
  }

  resetStats(): void {
    Object.assign(this.parts.stats, { requests: 0, maxInFlight: this.parts.stats.inFlight, abandoned: 0, writes: [] });
  }

  async clearFaults(): Promise<void> {
    this.faults = {};
    this.applyWriteFaults();
    this.applyIdentity();
    this.applyFlapping();
    await this.sync();
  }

  /** Resolves when the listeners reflect every change made so far. */
  async settled(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await this.syncing;
  }

  /** Whether the managing service's already-open connections still get answers. */
  establishedReachable(service: ServiceName): boolean {
    return this.state.access(service, 'established').verdict === 'ok';
  }

  describe(): Record<string, unknown> {
    return {
      index: this.index,
      identity: this.identity,
      profile: this.profile,
      version: this.state.version,
      rest_url: this.restUrl,
      ssh_port: this.sshPort,
      tls_fingerprint_sha256: this.parts.restService === 'www-ssl' ? this.keys.tlsFingerprint : null,
      ssh_host_key_sha256: this.keys.sshHostKeyFingerprint,
    };
  }

  /** The management path and what the device's configuration does to it, for the control API. */
  managementReport(): Record<string, unknown> {
    return {
      ...this.state.management,
      rest: this.state.access(this.parts.restService),
      ssh: this.state.access('ssh'),
      rest_listening: this.restGate.isOpen,
      ssh_listening: this.sshGate.isOpen,
      safe_mode_holder: this.state.safeModeHolder ?? null,
      frozen: this.frozen,
    };
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.parts.scheduler.stop();
    this.unsubscribeWrites();
    clearInterval(this.flapTimer);
    await this.syncing;
    await this.restGate.close();
    await this.sshGate.close();
    this.parts.rest.closeAllConnections?.();
    await Promise.all([this.sshDefault, this.sshReplacement, this.regenerated?.server].filter((s): s is SshServer => !!s).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }

  private admission(service: ServiceName): Admission {
    return this.state.access(service).verdict === 'timeout' ? 'silence' : 'serve';
  }

  private activeSsh(): SshServer {
    if (this.faults.sshHostKeyChanged && this.replacement) return (this.sshReplacement ??= this.parts.sshServerFor(this.replacement.sshHostKey));
    return this.regenerated?.server ?? this.sshDefault;
  }

  /**
   * The certificate and key new TLS connections get: the injected replacement while that fault is on, else the
   * certificate `/ip/service www-ssl certificate=` names, when it exists and has its private key (without one the
   * service refuses new connections: model/management-path.ts).
   */
  private tlsToServe(): { certPem: string; keyPem: string } | undefined {
    if (this.faults.tlsCertificateChanged && this.replacement) return this.replacement;
    if (this.parts.restService !== 'www-ssl') return undefined;
    const name = this.state.rawRow('ip/service', 'www-ssl')?.['certificate'];
    const row = name && name !== 'none' ? this.state.rawRow('certificate', name) : undefined;
    return row?.['.pem'] && row['.key'] ? { certPem: row['.pem'], keyPem: row['.key'] } : undefined;
  }

  /**
   * Serves the certificate of `tlsToServe`. An injected change (faults) restarts the service, so open connections drop
   * as on a device; a configuration change (`certificate=`, or the certificate it names) reaches new connections only.
   */
  private applyCertificate(): void {
    const rest = this.parts.rest as HttpsServer;
    const tls = this.tlsToServe();
    if (typeof rest.setSecureContext !== 'function' || !tls || tls.certPem === this.served.certPem) return;
    const fromFault = !!(this.faults.tlsCertificateChanged && this.replacement);
    if (fromFault !== this.served.fromFault) this.restGate.dropConnections();
    rest.setSecureContext({ cert: tls.certPem, key: tls.keyPem });
    this.served = { certPem: tls.certPem, fingerprint: tlsFingerprintOf(tls.certPem), fromFault };
  }

  /** Serves the current certificate and host key. */
  private applyIdentity(): void {
    this.applyCertificate();
    const ssh = this.activeSsh();
    if (this.servedSsh !== undefined && ssh !== this.servedSsh) this.sshGate.dropConnections();
    this.servedSsh = ssh;
  }

  private applyWriteFaults(): void {
    this.state.writesDoNotStick = !!this.faults.writesDoNotStick;
    this.state.cpuLoadPercent = this.faults.cpuLoadPercent;
    if (!this.faults.freezeAfterWrite && this.frozen) this.setFrozen(false);
  }

  private applyFlapping(): void {
    clearInterval(this.flapTimer);
    this.flapTimer = undefined;
    this.flapDown = false;
    const period = this.faults.flapPeriodMs;
    if (!period) return;
    this.flapTimer = setInterval(() => {
      this.flapDown = !this.flapDown;
      void this.sync();
    }, period);
    this.flapTimer.unref();
  }

  /** Opens or closes each listener; serialised because listen/close are asynchronous. */
  private sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      const down = !!this.faults.refuse || this.flapDown || this.state.poweredOff;
      await this.restGate.setOpen(!down && this.state.access(this.parts.restService).verdict !== 'refused');
      await this.sshGate.setOpen(!down && this.state.access('ssh').verdict !== 'refused');
    }).catch(() => undefined);
    return this.syncing;
  }
}

