import { AdminServices, buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import type { Fleet, SimDevice } from '@routeros-mcp/testing';
import { until } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { connectEra, Era, EraClient } from './era-client';

export const MAIN = join(__dirname, '..', 'dist', 'main.js');

/** The transport these scenarios run over: apps/http-server runs the same specs with its own fleet-setup (HTTP). */
export const TRANSPORT: 'stdio' | 'http' = 'stdio';

/**
 * Whether `era` is a 2025-era client without a session (stateless HTTP): no resources/subscribe, no log level kept
 * from logging/setLevel, no clientInfo after initialize. Never over stdio (one connection, one session).
 */
export const statelessLegacy = (_era: Era): boolean => false;

/** The specs use every tool set (the deployment defaults list fewer; see the catalogue budget spec). */
export const EVERY_TOOL_SET = { ROUTEROS_MCP_TOOLSETS: 'all' };

/** The built stdio server on `dataDir`, driven as `e2e 1.0.0` by the SDK client of `era` (2025-era by default). */
export function connectStdio(dataDir: string, env: Record<string, string> = {}, era: Era = 'legacy'): Promise<EraClient> {
  return connectEra(era, { command: process.execPath, args: [MAIN], env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ...EVERY_TOOL_SET, ...env } });
}

/**
 * What the server behind `client` writes to stderr from now on: its log lines and Node's own warnings, which go
 * there and nowhere else. (apps/http-server's variant reads its server process's stderr.)
 */
export function serverStderr(client: EraClient): () => string {
  let text = '';
  client.transport.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return () => text;
}

export interface Enrolment {
  id: string;
  device: SimDevice;
  environment: 'lab' | 'staging' | 'prod';
}

/** Enrolls simulated devices into the data directory the server under test will use, pinned and with credentials (read-only). */
export async function enrollSimulated(dataDir: string, fleet: Fleet, devices: Enrolment[]): Promise<void> {
  for (const d of devices) await enrollWriters(dataDir, fleet.devices[d.device.index].users[0], [d]);
}

export interface WriterEnrolment extends Enrolment {
  capabilities?: Record<string, boolean>;
  critical?: boolean;
  /** Another SSH port than the device's (a closed one: no safe mode, the revert timer instead). */
  sshPort?: number;
}

/** Enrolls with the flags and criticality the write tier looks at, as `user` (enrollSimulated enrolls read-only devices); `env` names another store. */
export async function enrollWriters(dataDir: string, user: { name: string; password: string }, devices: WriterEnrolment[], env: Record<string, string> = {}): Promise<void> {
  const container = await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ...env } }));
  const admin = container.get(AdminServices);
  try {
    for (const d of devices) {
      const url = new URL(d.device.restUrl);
      await admin.devices.enroll(
        { id: 'e2e', via: 'admin-cli' },
        { id: d.id, name: d.id, host: url.hostname, restPort: url.port, sshPort: d.sshPort ?? d.device.sshPort, environment: d.environment, tlsFingerprint: d.device.keys.tlsFingerprint, sshHostKey: d.device.keys.sshHostKeyFingerprint, capabilities: d.capabilities ?? {}, critical: d.critical ?? false },
        { rest: { username: user.name, password: user.password }, ssh: { username: user.name, password: user.password } },
      );
    }
  } finally {
    await admin.close();
  }
}

/** The service's own reader of a data directory the server under test uses (audit, changes, plans): it migrates nothing and runs no plans. */
export async function serviceReader(dataDir: string): Promise<ServerServices> {
  return (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough(), migrate: false, runPlans: false })).get(ServerServices);
}

/** SIGKILLs the stdio server behind `client` and waits until its process is gone. */
export async function killServer(client: EraClient, boundMs?: number): Promise<void> {
  const pid: number = client.raw.transport.pid;
  process.kill(pid, 'SIGKILL');
  await until(() => !processAlive(pid), `server ${pid} to exit`, boundMs);
  await client.close().catch(() => undefined);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
