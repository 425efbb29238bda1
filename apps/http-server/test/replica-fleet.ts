import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { enrollmentOf, type Fleet } from '@routeros-mcp/testing';
import { randomBytes } from 'node:crypto';
import { RunningHttpServer, startHttpServer } from './http-server.harness';

/** What every replica of one deployment shares: the database and the keys (data directories are their own). */
export interface Deployment {
  env: Record<string, string>;
}

export function deploymentOn(databaseUrl: string): Deployment {
  return {
    env: {
      ROUTEROS_MCP_DATABASE_URL: databaseUrl,
      ROUTEROS_MCP_MASTER_KEY: randomBytes(32).toString('base64'),
      ROUTEROS_MCP_APPROVAL_SIGNING_KEY: randomBytes(32).toString('base64'),
      ROUTEROS_MCP_LOG_LEVEL: 'debug',
    },
  };
}

/** Enrolls the fleet's devices (writable in lab) into the shared database, as the admin CLI would. */
export async function enrollFleet(deployment: Deployment, dataDir: string, fleet: Fleet, ids: string[]): Promise<void> {
  const container = await buildContainer(readServiceConfig({ env: { ...deployment.env, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }));
  const admin = container.get(AdminServices);
  try {
    for (const [index, id] of ids.entries()) {
      const device = fleet.devices[index];
      await admin.devices.enroll({ id: 'e2e', via: 'admin-cli' }, ...enrollmentOf(device, id, device.users[0], { capabilities: { allow_advanced_writes: true }, critical: false }));
    }
  } finally {
    await admin.close();
  }
}

/** One replica of the deployment, on its own data directory and port. */
export function startReplica(deployment: Deployment, dataDir: string, env: Record<string, string> = {}): Promise<RunningHttpServer> {
  return startHttpServer({ ...deployment.env, ROUTEROS_MCP_DATA_DIR: dataDir, ...env });
}

/**
 * A fetch that sends each request to the next replica in turn (a load balancer without sticky sessions). A replica
 * that answers 503 while draining is skipped and the request goes to the next one, as a proxy's retry would.
 */
export function roundRobinFetch(replicas: () => string[]): typeof fetch {
  let next = 0;
  return async (input, init) => {
    const urls = replicas();
    for (let attempt = 0; attempt < urls.length * 2; attempt++) {
      const target = new URL(urls[next++ % urls.length]);
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      url.host = target.host;
      const response = await fetch(url, init).catch((error: unknown) => ({ status: 599, error }) as unknown as Response);
      if (response.status !== 503 && response.status !== 599) return response;
    }
    throw new Error('no replica answered');
  };
}
