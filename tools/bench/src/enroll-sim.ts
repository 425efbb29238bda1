import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import type { SimLine } from './sim-process';

/** Enrols the simulated devices as dev-0… (pinned, admin:admin, lab, with `capabilities` for writes) into the data directory a server will use. */
export async function enrollSimLines(dataDir: string, lines: SimLine[], by: string, databaseUrl = process.env['BENCH_DATABASE_URL'], capabilities: Record<string, boolean> = {}): Promise<void> {
  const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ...(databaseUrl ? { ROUTEROS_MCP_DATABASE_URL: databaseUrl } : {}) } }))).get(AdminServices);
  try {
    for (const [i, line] of lines.entries()) {
      const url = new URL(line.rest_url);
      await admin.devices.enroll(
        { id: by, via: 'admin-cli' },
        { id: `dev-${i}`, name: `dev-${i}`, host: url.hostname, restPort: url.port, sshPort: line.ssh_port, environment: 'lab', tlsFingerprint: line.tls_fingerprint_sha256, sshHostKey: line.ssh_host_key_sha256, capabilities },
        { rest: { username: 'admin', password: 'admin' }, ssh: { username: 'admin', password: 'admin' } },
      );
    }
  } finally {
    await admin.close();
  }
}
