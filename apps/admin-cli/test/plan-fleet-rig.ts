import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { connectEra, EraClient, enrollmentOf, Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runAdmin } from './cli-runner';

/** The built stdio server (an implicit dependency of this app): the model's side, driven by the SDK client. */
export const STDIO_SERVER = join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js');
export const VERSIONS = ['7.15.3', '7.20.5'] as const;
export type Version = (typeof VERSIONS)[number];
export type DeviceConfig = Record<string, Record<string, string>[]>;

const SIM_USER = { name: 'admin', password: 'fleet-Pw-7' };
/** Every topic's flag: the plans may touch every menu the seven topics own. */
const FLAGS = {
  allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true, allow_routing_writes: true,
  allow_dhcp_writes: true, allow_bridge_writes: true, allow_wireless_writes: true,
};
/** Statuses a plan's rollout is still moving in. */
const MOVING = ['approved', 'executing', 'rolling_back'];

export interface RigDevice {
  id: string;
  version: Version;
  fleet: Fleet;
  index: number;
}

export interface RigOptions {
  /** Devices per RouterOS version (one fleet per version: a fleet has one version). */
  perVersion: number;
  /** Extra small fleets (e.g. legacy-wireless access points), enrolled after the main ones. */
  extra?: { prefix: string; devices: number; version: Version; profile: 'legacy-ap' | 'edge' | 'chr' }[];
}

/**
 * Simulated fleets on both RouterOS versions enrolled into one data directory, the built stdio server on it driven
 * by the SDK client (the model's side), and the admin CLI binary on the same directory (the human's side).
 * Device ids interleave the versions (`r715-0`, `r720-0`, `r715-1`, …), so every batch holds both.
 */
export class FleetRig {
  readonly devices: RigDevice[] = [];
  /** The server's latest stderr, for a failure's message. */
  private stderr = '';

  private constructor(
    private readonly dir: { path: string; remove(): void },
    readonly fleets: Fleet[],
    readonly client: EraClient,
  ) {}

  get dataDir(): string {
    return join(this.dir.path, 'data');
  }

  /** The main fleets' devices, interleaved by version. */
  get ids(): string[] {
    return this.devices.filter((d) => /^r7\d\d-/.test(d.id)).map((d) => d.id);
  }

  static async start(options: RigOptions): Promise<FleetRig> {
    const dir = tempDir('plan-fleet-');
    const dataDir = join(dir.path, 'data');
    const fleets: Fleet[] = [];
    const devices: RigDevice[] = [];
    try {
      for (const version of VERSIONS) {
        const fleet = await startFleet({ devices: options.perVersion, profile: 'home', version, users: [{ ...SIM_USER, group: 'full' }] });
        fleets.push(fleet);
      }
      for (let i = 0; i < options.perVersion; i++) {
        for (const [v, version] of VERSIONS.entries()) devices.push({ id: `r${version.slice(0, 4).replace('.', '')}-${i}`, version, fleet: fleets[v], index: i });
      }
      for (const extra of options.extra ?? []) {
        const fleet = await startFleet({ devices: extra.devices, profile: extra.profile, version: extra.version, users: [{ ...SIM_USER, group: 'full' }] });
        fleets.push(fleet);
        for (let i = 0; i < extra.devices; i++) devices.push({ id: `${extra.prefix}-${i}`, version: extra.version, fleet, index: i });
      }
      const logStream = new PassThrough();
      logStream.resume();
      const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream })).get(AdminServices);
      try {
        for (const d of devices) await admin.devices.enroll({ id: 'e2e-operator', via: 'admin-cli' }, ...enrollmentOf(d.fleet.devices[d.index], d.id, SIM_USER, { capabilities: FLAGS }));
      } finally {
        await admin.close();
      }
      const client = await connectEra('legacy', {
        command: process.execPath,
        args: [STDIO_SERVER],
        env: {
          PATH: process.env['PATH']!,
          ROUTEROS_MCP_DATA_DIR: dataDir,
          ROUTEROS_MCP_TOOLSETS: 'all',
          ROUTEROS_MCP_LOG_LEVEL: 'warn',
          // The model's side of these scenarios makes a few hundred calls (surveys of 20 devices, status polls).
          ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '20000',
          // Twenty simulated devices share this process's event loop with the spec on a loaded 2-core machine.
          ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '30000',
          // plan_apply called with a progress token streams the rollout until it ends (applyFollowing).
          ROUTEROS_MCP_PLAN_APPLY_WAIT_S: '600',
        },
      });
      const rig = new FleetRig(dir, fleets, client);
      rig.devices.push(...devices);
      // Read the server's stderr as it comes (a pipe nobody reads would stall the server once full).
      client.transport.stderr?.on('data', (chunk: Buffer) => (rig.stderr = (rig.stderr + chunk.toString('utf8')).slice(-20_000)));
      return rig;
    } catch (error) {
      await Promise.all(fleets.map((f) => f.stop()));
      dir.remove();
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.client?.close();
    await Promise.all(this.fleets.map((f) => f.stop()));
    this.dir.remove();
  }

  device(id: string): RigDevice {
    const d = this.devices.find((x) => x.id === id);
    if (!d) throw new Error(`no device ${id}`);
    return d;
  }

  /** A device's configuration as the simulator holds it (its control API, not the service). */
  async config(id: string): Promise<DeviceConfig> {
    const d = this.device(id);
    return (await simControl(d.fleet, 'GET', `/devices/${d.index}/state`)).config;
  }

  /** Every device's configuration, by id. */
  async configs(ids: string[] = this.ids): Promise<Map<string, DeviceConfig>> {
    return new Map(await Promise.all(ids.map(async (id) => [id, await this.config(id)] as const)));
  }

  fault(id: string, faults: Record<string, unknown>): Promise<unknown> {
    const d = this.device(id);
    return simControl(d.fleet, 'PUT', `/devices/${d.index}/faults`, faults);
  }

  async clearFaults(): Promise<void> {
    await Promise.all(this.devices.map((d) => simControl(d.fleet, 'DELETE', `/devices/${d.index}/faults`)));
  }

  /** A tool call as the model makes it; an error result or a JSON-RPC error fails with its text. */
  async call(name: string, args: Record<string, unknown> = {}): Promise<any> {
    let result: any;
    try {
      result = await this.client.callTool(name, args);
    } catch (error) {
      throw new Error(`${name} failed: ${(error as Error).message} ${JSON.stringify((error as { data?: unknown }).data ?? {})}`);
    }
    if (result.isError) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
    return result.structuredContent;
  }

  /** `routeros-mcp-admin ARGS` on this rig's data directory; fails unless it exits 0. */
  async admin(args: string[]): Promise<string> {
    const ran = await runAdmin(args, { env: { ROUTEROS_MCP_DATA_DIR: this.dataDir } });
    if (ran.code !== 0) throw new Error(`routeros-mcp-admin ${args.join(' ')} exited ${ran.code}: ${ran.stderr}`);
    return ran.stdout;
  }

  /** `routeros-mcp-admin plan approve ID --yes`, a separate process on the same data directory, as a script would. */
  approve(planId: string): Promise<string> {
    return this.admin(['plan', 'approve', planId, '--yes']);
  }

  /** Polls plan_status at a client's pace until the plan stops moving (or `until` holds); the bound is generous. */
  async settled(planId: string, until: (status: any) => boolean = (s) => !MOVING.includes(s.status), boundMs = 300_000): Promise<any> {
    const deadline = Date.now() + boundMs;
    for (;;) {
      const status = await this.call('plan_status', { plan_id: planId });
      if (until(status)) return status;
      if (Date.now() > deadline) throw new Error(`plan ${planId} is still ${status.status}: ${JSON.stringify(status.log)}\nserver stderr:\n${this.stderr.slice(-4000)}`);
      await new Promise((next) => setTimeout(next, 500));
    }
  }

  /**
   * plan_apply with a progress token: the answer waits while the rollout streams its progress (batch steps, health
   * gates) as notifications/progress; answers the plan as it ended and every progress message.
   */
  async applyFollowing(planId: string): Promise<{ plan: any; messages: string[] }> {
    // The timeout reset on progress; the messages read from the frames (the SDK client may drop progress read
    // together with the answer), only those before the answer: the server owes every verdict before it.
    const options = { onprogress: () => undefined, timeout: 600_000, resetTimeoutOnProgress: true };
    const { result, frames } = await this.client.watchingFrames(() => this.client.callTool('plan_apply', { plan_id: planId }, options));
    if (result.isError) throw new Error(`plan_apply answered an error: ${JSON.stringify(result.content)}`);
    const before = frames.slice(0, frames.findIndex((f) => 'result' in f));
    const messages = before.filter((f) => f.method === 'notifications/progress' && f.params.message).map((f) => f.params.message as string);
    return { plan: result.structuredContent, messages };
  }
}
