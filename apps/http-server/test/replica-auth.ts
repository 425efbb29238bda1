import type { Deployment } from './replica-fleet';

/** How the replicas' clients authenticate: the one place to change when the auth mode changes. */
export async function replicaAuth(_deployment: Deployment, _adminDataDir: string): Promise<{ env: Record<string, string>; token?: string }> {
  return { env: { ROUTEROS_MCP_AUTH: 'none' } };
}
