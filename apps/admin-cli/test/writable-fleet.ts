import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { enrollmentOf, Fleet, startFleet } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';

/** The built stdio server, for specs where the model's side makes changes the CLI then acts on. */
export const STDIO_SERVER = join(__dirname, '..', '..', 'stdio-server', 'dist', 'main.js');

/** An edge fleet enrolled into `dataDir` as `ids` (one device each), with `capabilities`, as `user` (a full-group simulator user). */
export async function startWritableFleet(dataDir: string, ids: string[], user: { name: string; password: string }, capabilities: Record<string, boolean>): Promise<Fleet> {
  const fleet = await startFleet({ devices: ids.length, profile: 'edge', version: '7.20.5', users: [{ ...user, group: 'full' }] });
  const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough().resume() })).get(AdminServices);
  try {
    for (const [i, id] of ids.entries()) await admin.devices.enroll({ id: 'e2e', via: 'admin-cli' }, ...enrollmentOf(fleet.devices[i], id, user, { capabilities }));
  } finally {
    await admin.close();
  }
  return fleet;
}
