import { createToken } from './http-auth';
import type { Deployment } from './replica-fleet';

/** How the replicas' clients authenticate: an admin API token made with the admin CLI in the shared database. */
export async function replicaAuth(deployment: Deployment, adminDataDir: string): Promise<{ env: Record<string, string>; token: string }> {
  return { env: { ROUTEROS_MCP_AUTH: 'tokens' }, token: await createToken(adminDataDir, 'admin', 'replica-e2e', deployment.env) };
}
