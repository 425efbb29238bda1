import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeviceState, DeviceUser } from './model/device-state';
import { PROFILES, ProfileName, seedConfig } from './model/profiles';
import { SUPPORTED_VERSIONS } from './schema/menu-schema';
import { createDeviceIdentity, DeviceIdentity } from './identity/device-identity';
import { Faults } from './server/faults';
import { createRestServer } from './server/rest-server';
import { startControlServer } from './control/control-server';
import { createSshServer } from './ssh/ssh-server';
import type { Server as SshServer } from 'ssh2';

export interface FleetOptions {
  devices: number;
  /** First REST port; device i listens on basePort + i. 0 (the default) picks free ports. */
  basePort?: number;
  /** First SSH port; device i listens on sshBasePort + i. 0 (the default) picks free ports. */
  sshBasePort?: number;
  /** Control API port; 0 (the default) picks a free one. */
  controlPort?: number;
  version?: string;
  /** One profile for all, or `mixed` to cycle home, edge, chr. */
  profile?: ProfileName | 'mixed';
  users?: DeviceUser[];
  seed?: number;
  /** RouterOS closes REST requests after 60 s; tests use less. */
  requestTimeoutMs?: number;
  /** Serve plain HTTP instead of HTTPS (RouterOS allows the `www` service from 7.9). */
  plainHttp?: boolean;
}

export const DEFAULT_USERS: DeviceUser[] = [{ name: 'admin', password: 'admin', group: 'full' }];

export class SimDevice {
  private faults: Faults = {};
  private listening = true;

  constructor(
    readonly index: number,
    readonly identity: string,
    readonly profile: ProfileName,
    readonly state: DeviceState,
    readonly keys: DeviceIdentity,
    readonly users: DeviceUser[],
    private readonly server: Server,
    readonly restPort: number,
    private readonly scheme: 'http' | 'https',
    private readonly sshServer: SshServer,
    readonly sshPort: number,
  ) {}

  get restUrl(): string {
    return `${this.scheme}://127.0.0.1:${this.restPort}/rest`;
  }

  get activeFaults(): Faults {
    return { ...this.faults };
  }

  /** Merges faults in; `refuse` closes the listener so new connections are refused like a dead device. */
  async setFaults(faults: Faults): Promise<void> {
    this.faults = { ...this.faults, ...faults };
    await this.syncListener();
  }

  async clearFaults(): Promise<void> {
    this.faults = {};
    await this.syncListener();
  }

  describe(): Record<string, unknown> {
    return {
      index: this.index,
      identity: this.identity,
      profile: this.profile,
      version: this.state.version,
      rest_url: this.restUrl,
      ssh_port: this.sshPort,
      tls_fingerprint_sha256: this.scheme === 'https' ? this.keys.tlsFingerprint : null,
      ssh_host_key_sha256: this.keys.sshHostKeyFingerprint,
    };
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.sshServer.close(() => resolve()));
    this.server.closeAllConnections?.();
    if (this.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.listening = false;
  }

  private async syncListener(): Promise<void> {
    const want = !this.faults.refuse;
    if (want === this.listening) return;
    if (!want) {
      this.server.closeAllConnections?.();
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
    } else {
      await new Promise<void>((resolve, reject) => this.server.once('error', reject).listen(this.restPort, '127.0.0.1', () => resolve()));
    }
    this.listening = want;
  }
}

export interface Fleet {
  devices: SimDevice[];
  control: { url: string; port: number };
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function listenSsh(server: SshServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts `devices` simulated RouterOS devices on loopback, each with its own certificate, plus the control API. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const version = options.version ?? '7.20.5';
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(version)) throw new Error(`unsupported RouterOS version ${version}; choose one of ${SUPPORTED_VERSIONS.join(', ')}`);
  if (!Number.isInteger(options.devices) || options.devices < 1 || options.devices > 5000) throw new Error('devices must be a whole number from 1 to 5000');
  const users = options.users ?? DEFAULT_USERS;
  const seed = options.seed ?? 1;
  const devices: SimDevice[] = [];
  try {
    const identities = await Promise.all(Array.from({ length: options.devices }, (_, i) => createDeviceIdentity(`sim-router-${String(i + 1).padStart(3, '0')}`)));
    for (let i = 0; i < options.devices; i++) {
      const profile: ProfileName = options.profile === 'mixed' ? PROFILES[i % PROFILES.length] : (options.profile ?? 'edge');
      const identity = `sim-${profile}-${String(i + 1).padStart(3, '0')}`;
      const state = new DeviceState(version, seed * 100_003 + i, () => seedConfig({ profile, version, identity, index: i, users }));
      const ref: { device?: SimDevice } = {};
      const server = createRestServer({
        state,
        users: () => users,
        faults: () => ref.device?.activeFaults ?? {},
        tls: options.plainHttp ? undefined : { cert: identities[i].certPem, key: identities[i].keyPem },
        requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      });
      const port = await listen(server, options.basePort ? options.basePort + i : 0);
      const ssh = createSshServer({ state, hostKey: identities[i].sshHostKey, users: () => users });
      const sshPort = await listenSsh(ssh, options.sshBasePort ? options.sshBasePort + i : 0);
      ref.device = new SimDevice(i, identity, profile, state, identities[i], users, server, port, options.plainHttp ? 'http' : 'https', ssh, sshPort);
      devices.push(ref.device);
    }
    const control = await startControlServer(devices, options.controlPort ?? 0);
    return {
      devices,
      control: { url: `http://127.0.0.1:${control.port}`, port: control.port },
      async stop() {
        await control.close();
        await Promise.all(devices.map((d) => d.close()));
      },
    };
  } catch (error) {
    await Promise.all(devices.map((d) => d.close()));
    throw error;
  }
}
