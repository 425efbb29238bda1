import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Deployment } from './replica-fleet';

const ADMIN = join(__dirname, '..', '..', 'admin-cli', 'bin', 'routeros-mcp-admin.js');

/** How the replicas' clients authenticate: an API token made with the admin CLI in the shared database. */
export async function replicaAuth(deployment: Deployment, adminDataDir: string): Promise<{ env: Record<string, string>; token: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, [ADMIN, 'token', 'create', '--name', 'replica-e2e', '--role', 'admin', '--json'], {
    env: { PATH: process.env['PATH']!, ...deployment.env, ROUTEROS_MCP_DATA_DIR: adminDataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' },
  });
  return { env: { ROUTEROS_MCP_AUTH: 'tokens' }, token: (JSON.parse(stdout) as { token: string }).token };
}
