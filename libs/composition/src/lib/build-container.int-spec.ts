import { loadConfig } from '@routeros-mcp/config';
import { startPostgres, tempDir } from '@routeros-mcp/testing';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { ConfigShell, RouterOsApi } from '@routeros-mcp/application-ports';
import { RestRouterOsApi } from '@routeros-mcp/adapters-routeros-rest';
import { SshConfigShell } from '@routeros-mcp/adapters-routeros-ssh';
import { AdminServices, buildContainer, ServerServices } from '../index';

const principal = { id: 'spec', via: 'test' };
const credentials = { rest: { username: 'admin', password: 'pw-1' }, ssh: { username: 'ops', privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----' } };

async function open(env: Record<string, string>, options: { migrate?: boolean } = {}) {
  const config = loadConfig({ env, homeDir: '/nonexistent' });
  const container = await buildContainer(config, { ...options, logStream: new PassThrough() });
  return container.get(AdminServices);
}

describe('buildContainer', () => {
  it('creates a private data directory, migrates, and keeps credentials readable across key rotation and restarts', async () => {
    const dir = tempDir();
    try {
      const env = { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data') };
      let services = await open(env);
      expect(statSync(join(dir.path, 'data')).mode & 0o777).toBe(0o700);
      await services.devices.enroll(principal, { id: 'dev-a', name: 'A', host: '10.0.0.1', environment: 'lab' }, credentials);
      const rotation = await services.keys.rotate(principal);
      expect(rotation.reencrypted).toBe(2);
      expect(await services.devices.revealCredentials('dev-a')).toEqual({ rest: credentials.rest, ssh: { ...credentials.ssh, password: undefined } });
      await services.close();
      await services.close(); // idempotent

      services = await open(env);
      expect((await services.devices.credentialSummary('dev-a')).map((c) => c.keyId)).toEqual([rotation.newKeyId, rotation.newKeyId]);
      expect((await services.devices.revealCredentials('dev-a')).rest.password).toBe('pw-1');
      await services.close();
    } finally {
      dir.remove();
    }
  });

  it('leaves a new database unmigrated when asked, e.g. for `db status`', async () => {
    const dir = tempDir();
    const pg = await startPostgres();
    try {
      const services = await open({ ROUTEROS_MCP_DATA_DIR: dir.path, ROUTEROS_MCP_DATABASE_URL: await pg.createDatabase() }, { migrate: false });
      expect(await services.database.status()).toEqual([
        { name: 'InitialSchema1767225600000', applied: false },
        { name: 'RegistryRevision1767312000000', applied: false },
        { name: 'ConfigSnapshots1767398400000', applied: false },
        { name: 'Changes1767484800000', applied: false },
        { name: 'ApiTokens1767571200000', applied: false },
        { name: 'RateLimits1767657600000', applied: false },
        { name: 'PlanApprovals1767744000000', applied: false },
        { name: 'PlanDataKeys1767830400000', applied: false },
        { name: 'UniqueTokenNames1767916800000', applied: false },
        { name: 'AuditSettlement1768003200000', applied: false },
        { name: 'JobLeases1768089600000', applied: false },
        { name: 'ConsoleSessions1795856400000', applied: false },
        { name: 'AuditChain1795865301935', applied: false },
        { name: 'ConsoleSessionPrincipals1795865354526', applied: false },
      ]);
      expect(await services.database.migrate()).toEqual(['InitialSchema1767225600000', 'RegistryRevision1767312000000', 'ConfigSnapshots1767398400000', 'Changes1767484800000', 'ApiTokens1767571200000', 'RateLimits1767657600000', 'PlanApprovals1767744000000', 'PlanDataKeys1767830400000', 'UniqueTokenNames1767916800000', 'AuditSettlement1768003200000', 'JobLeases1768089600000', 'ConsoleSessions1795856400000', 'AuditChain1795865301935', 'ConsoleSessionPrincipals1795865354526']);
      await services.close();
    } finally {
      pg.stop();
      dir.remove();
    }
  });

  it('hands the configured device timeouts to both adapters: the request bound to REST and SSH, the export bound to SSH', async () => {
    const dir = tempDir();
    try {
      const env = { ROUTEROS_MCP_DATA_DIR: dir.path, ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '2500', ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: '45000', ROUTEROS_MCP_DEVICE_CONNECT_TIMEOUT_MS: '1500' };
      const container = await buildContainer(loadConfig({ env, homeDir: '/nonexistent' }), { logStream: new PassThrough() });
      try {
        const rest = container.get<RouterOsApi>(RouterOsApi);
        const ssh = container.get<ConfigShell>(ConfigShell);
        expect(rest).toBeInstanceOf(RestRouterOsApi);
        expect((rest as RestRouterOsApi).options).toMatchObject({ requestTimeoutMs: 2500, connectTimeoutMs: 1500 });
        expect(ssh).toBeInstanceOf(SshConfigShell);
        expect((ssh as SshConfigShell).options).toEqual({ requestTimeoutMs: 2500, exportTimeoutMs: 45000, connectTimeoutMs: 1500 });
      } finally {
        await container.get(AdminServices).close();
      }
    } finally {
      dir.remove();
    }
  });

  it('shares singular jobs between the processes on one SQLite file: one leads a job until it lets go of it, then another may', async () => {
    const dir = tempDir();
    const env = { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data') };
    // Two containers with their own connections to the file: a server and an admin CLI next to it, as far as jobs go.
    const server = async () => (await buildContainer(loadConfig({ env, homeDir: '/nonexistent' }), { logStream: new PassThrough(), runPlans: false })).get(ServerServices);
    const [a, b] = [await server(), await server()];
    try {
      const held = await a.jobs.tryLead('plan:p1');
      expect(held).toBeDefined();
      expect(await b.jobs.tryLead('plan:p1')).toBeUndefined();
      await held!.release();
      const taken = await b.jobs.tryLead('plan:p1');
      expect(taken).toBeDefined();
      expect(await a.jobs.tryLead('plan:p1')).toBeUndefined();
      // Closing a process frees what it leads at once.
      await b.close();
      expect(taken!.lost.aborted).toBe(true);
      expect(await a.jobs.tryLead('plan:p1')).toBeDefined();
    } finally {
      await a.close();
      await b.close();
      dir.remove();
    }
  });

  it('refuses to start with an approval key equal to the master key', async () => {
    const dir = tempDir();
    try {
      const key = Buffer.alloc(32, 5).toString('base64');
      await expect(
        open({ ROUTEROS_MCP_DATA_DIR: dir.path, ROUTEROS_MCP_MASTER_KEY: key, ROUTEROS_MCP_APPROVAL_SIGNING_KEY: key }),
      ).rejects.toThrow('must differ from ROUTEROS_MCP_MASTER_KEY');
    } finally {
      dir.remove();
    }
  });
});
