import { freePort, type Fleet, type SimDevice, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the apps' own e2e harnesses: the suite attacks the built servers exactly as their specs start them
import { RunningHttpServer, startHttpServer } from '../../../../apps/http-server/test/http-server.harness';
// eslint-disable-next-line @nx/enforce-module-boundaries -- as above
import { createToken, type Role } from '../../../../apps/http-server/test/http-auth';
// eslint-disable-next-line @nx/enforce-module-boundaries -- as above
import { enrollWriters, type WriterEnrolment } from '../../../../apps/stdio-server/test/fleet-setup';
import { runAdmin } from './admin-cli';
import { ForgingIssuer } from './forging-issuer';

export { createToken, type Role, startHttpServer, type RunningHttpServer };

/** The simulator's user every device is enrolled with; its password is a planted secret for the leak searches. */
export const SIM_USER = { name: 'admin', password: 'Adv-Sim-Pw-7f3a9c' };

/** Every write flag, so a refusal is the attack's and never a missing capability's. */
export const ALL_WRITES = { allow_advanced_writes: true, allow_professional_workflows: true, allow_firewall_writes: true, allow_routing_writes: true, allow_dhcp_writes: true, allow_wireless_writes: true, allow_bridge_writes: true };

export interface DeviceSpec {
  id: string;
  environment: 'lab' | 'staging' | 'prod';
  tags?: Record<string, string>;
}

/** A data directory with simulated devices enrolled (writable), and the fleet that serves them. */
export interface EnrolledFleet {
  fleet: Fleet;
  dataDir: string;
  device(id: string): SimDevice;
  remove(): Promise<void>;
}

export async function enrolledFleet(prefix: string, devices: DeviceSpec[], profile: 'home' | 'edge' | 'chr' | 'legacy-ap' | 'mixed' = 'edge', version = '7.20.5'): Promise<EnrolledFleet> {
  const dir = tempDir(prefix);
  const dataDir = join(dir.path, 'data');
  const fleet = await startFleet({ devices: devices.length, profile, version, users: [{ ...SIM_USER, group: 'full' as const }] });
  const enrolments: WriterEnrolment[] = devices.map((d, index) => ({ id: d.id, device: fleet.devices[index], environment: d.environment, capabilities: ALL_WRITES }));
  await enrollWriters(dataDir, SIM_USER, enrolments);
  // Tags are set after enrolment through the admin CLI's own path (device update), as an operator would.
  for (const d of devices.filter((x) => x.tags)) await tagDevice(dataDir, d.id, d.tags!);
  return {
    fleet,
    dataDir,
    device: (id) => fleet.devices[devices.findIndex((d) => d.id === id)],
    async remove() {
      await fleet.stop();
      dir.remove();
    },
  };
}

async function tagDevice(dataDir: string, id: string, tags: Record<string, string>): Promise<void> {
  const result = await runAdmin(dataDir, ['device', 'update', id, ...Object.entries(tags).flatMap(([k, v]) => ['--tag', `${k}=${v}`])]);
  if (result.code !== 0) throw new Error(`device update ${id} failed: ${result.stderr}`);
}

/** An OAuth deployment trusting a forging issuer: narrowing claims `environments` and `device_tags`. */
export async function oauthServer(dataDir: string, env: Record<string, string> = {}): Promise<{ server: RunningHttpServer; issuer: ForgingIssuer; resource: string }> {
  const issuer = await new ForgingIssuer().start();
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const server = await startHttpServer(
    {
      ROUTEROS_MCP_DATA_DIR: dataDir,
      ROUTEROS_MCP_AUTH: 'oauth',
      ROUTEROS_MCP_OAUTH_ISSUER: issuer.issuer,
      ROUTEROS_MCP_HTTP_PUBLIC_URL: resource,
      ROUTEROS_MCP_OAUTH_ENVIRONMENTS_CLAIM: 'environments',
      ROUTEROS_MCP_OAUTH_DEVICE_TAGS_CLAIM: 'device_tags',
      ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '100000',
      ROUTEROS_MCP_RATE_LIMIT_ADVANCED_PER_MINUTE: '100000',
      ROUTEROS_MCP_RATE_LIMIT_PROFESSIONAL_PER_MINUTE: '100000',
      ...env,
    },
    ['--port', String(port)],
  );
  return { server, issuer, resource };
}
