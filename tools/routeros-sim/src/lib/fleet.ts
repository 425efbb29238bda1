import { DeviceState, DeviceUser } from './model/device-state';
import { PROFILES, ProfileName, seedConfig } from './model/profiles';
import { SUPPORTED_VERSIONS } from './schema/menu-schema';
import { createDeviceIdentity } from './identity/device-identity';
import { SimDevice } from './sim-device';
import { createRestServer, RestStats } from './server/rest-server';
import { startControlServer } from './control/control-server';
import { createSshServer } from './ssh/ssh-server';
import { ClientTraces } from './model/client-traces';
import { DeviceClock, Scheduler } from './model/scheduler';
import { ScriptHost } from './script/script-host';
import { fleetNeighbors } from './model/neighbors';

export interface FleetOptions {
  devices: number;
  /** First REST port; device i listens on basePort + i. 0 (the default) picks free ports. */
  basePort?: number;
  /** First SSH port; device i listens on sshBasePort + i. 0 (the default) picks free ports. */
  sshBasePort?: number;
  /** Control API port; 0 (the default) picks a free one. */
  controlPort?: number;
  version?: string;
  /** One profile for all, or `mixed` to cycle through every profile. */
  profile?: ProfileName | 'mixed';
  users?: DeviceUser[];
  seed?: number;
  /** RouterOS closes REST requests after 60 s; tests use less. */
  requestTimeoutMs?: number;
  /** Serve plain HTTP instead of HTTPS (RouterOS allows the `www` service from 7.9). */
  plainHttp?: boolean;
  /** Delay before a dropped safe-mode session's changes are undone (default 2 s; real devices wait for the TCP timeout). */
  safeModeRevertMs?: number;
  /** Extra packages every device has beyond its profile's (`container`: the container package's menus). */
  packages?: readonly 'container'[];
}

export { SimDevice };

export const DEFAULT_USERS: DeviceUser[] = [{ name: 'admin', password: 'admin', group: 'full' }];

export interface Fleet {
  devices: SimDevice[];
  control: { url: string; port: number };
  stop(): Promise<void>;
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
    const profileOf = (i: number): ProfileName => (options.profile === 'mixed' ? PROFILES[i % PROFILES.length] : (options.profile ?? 'edge'));
    const identityOf = (i: number) => `sim-${profileOf(i)}-${String(i + 1).padStart(3, '0')}`;
    // The certificate's common name is the device's identity, as the seeded `sim-cert` row (which holds it) shows.
    const identities = await Promise.all(Array.from({ length: options.devices }, (_, i) => createDeviceIdentity(identityOf(i))));
    for (let i = 0; i < options.devices; i++) {
      const profile = profileOf(i);
      const identity = identityOf(i);
      const restService: 'www' | 'www-ssl' = options.plainHttp ? 'www' : 'www-ssl';
      const clock = new DeviceClock();
      const state = new DeviceState(version, seed * 100_003 + i, () => seedConfig({ profile, version, identity, index: i, users, restService, tls: identities[i], ...(options.packages ? { packages: options.packages } : {}) }), clock.now);
      // Scheduler events and /system/script run through the script interpreter, as jobs on the device's clock.
      const scripts = new ScriptHost(state, clock);
      const scheduler = new Scheduler(state, clock.now, (onEvent, owner) => scripts.runEvent(onEvent, owner), () => scripts.idle());
      const traces = new ClientTraces(state);
      // Neighbours are the fleet's other devices, cabled as a chain (model/neighbors.ts), read as they are now.
      const index = i;
      const neighbors = (path: string) => (path === 'ip/neighbor' ? fleetNeighbors(index, devices.map((d) => d.state.readContext())) : undefined);
      state.attachLiveRows((path) => neighbors(path) ?? scripts.rows(path) ?? traces.rows(path), (path, row) => path === 'user/active' && traces.end(row['.id']));
      const ref: { device?: SimDevice } = {};
      const faults = () => ref.device?.activeFaults ?? {};
      const stats: RestStats = { requests: 0, inFlight: 0, maxInFlight: 0, abandoned: 0, writes: [] };
      const rest = createRestServer({
        state,
        faults,
        tls: options.plainHttp ? undefined : { cert: identities[i].certPem, key: identities[i].keyPem },
        requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
        reachable: () => ref.device?.establishedReachable(restService) ?? true,
        frozen: () => ref.device?.isFrozen ?? false,
        stats,
        traces,
      });
      const sshServerFor = (hostKey: string) =>
        createSshServer({ state, hostKey, faults, reachable: () => ref.device?.establishedReachable('ssh') ?? true, safeModeRevertMs: options.safeModeRevertMs ?? 2_000, traces });
      ref.device = new SimDevice({ index: i, identity, profile, state, keys: identities[i], users, rest, restService, sshServerFor, stats, clock, scheduler });
      devices.push(ref.device);
      await ref.device.listen(options.basePort ? options.basePort + i : 0, options.sshBasePort ? options.sshBasePort + i : 0);
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
