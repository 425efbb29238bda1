import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from '../child';
import { SimLine, startSim } from '../sim-process';

export interface SimFleet {
  dataDir: string;
  lines: SimLine[];
  /** PUT/DELETE/GET on the simulator's control API. */
  control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** Simulated devices dev-0… in their own process, enrolled (pinned, admin:admin) into a fresh data directory. */
export async function startSimFleet(devices: number, profile: string): Promise<SimFleet> {
  const sim = await startSim(devices, ['--profile', profile]);
  const dir = mkdtempSync(join(tmpdir(), 'bench-robustness-'));
  const dataDir = join(dir, 'data');
  const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }))).get(AdminServices);
  try {
    for (const [i, line] of sim.lines.entries()) {
      const url = new URL(line.rest_url);
      await admin.devices.enroll(
        { id: 'robustness', via: 'admin-cli' },
        { id: `dev-${i}`, name: `dev-${i}`, host: url.hostname, restPort: url.port, sshPort: line.ssh_port, environment: 'lab', tlsFingerprint: line.tls_fingerprint_sha256, sshHostKey: line.ssh_host_key_sha256 },
        { rest: { username: 'admin', password: 'admin' }, ssh: { username: 'admin', password: 'admin' } },
      );
    }
  } finally {
    await admin.close();
  }
  return {
    dataDir,
    lines: sim.lines,
    async control(method, path, body) {
      const res = await fetch(`${sim.control}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`simulator ${method} ${path}: ${JSON.stringify(json)}`);
      return json;
    },
    async stop() {
      await stopChild(sim.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
