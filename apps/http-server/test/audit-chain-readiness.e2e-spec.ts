import { tempDir, until } from '@routeros-mcp/testing';
import { join } from 'node:path';
import * as sqlite3 from 'sqlite3';
import { startHttpServer } from './http-server.harness';

describe('readiness and the audit chain', () => {
  it('reports a broken audit chain (the record inserted by hand) and stays ready', async () => {
    const dir = tempDir('routeros-mcp-chain-');
    const dataDir = join(dir.path, 'data');
    const server = await startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_AUDIT_VERIFY_INTERVAL_S: '1' });
    const readiness = async () => {
      const response = await fetch(`${server.base}/readyz`);
      return { status: response.status, chain: ((await response.json()) as { checks: Record<string, string> }).checks['audit_chain'] };
    };
    try {
      await until(async () => (await readiness()).chain === 'ok', 'the first walk of the chain');
      // Straight SQL, around the service, as someone with the file would.
      const db = new sqlite3.Database(join(dataDir, 'routeros-mcp.sqlite'));
      const forged = "INSERT INTO audit_events (id, occurred_at, principal, via, action, outcome) VALUES ('forged-1', '2026-01-01 00:00:00', 'os:root', 'admin-cli', 'device.remove', 'success')";
      await new Promise<void>((resolve, reject) => db.run(forged, (error) => (error ? reject(error) : resolve())));
      await new Promise((resolve) => db.close(resolve));
      await until(async () => (await readiness()).chain !== 'ok', 'a walk after the tampering');
      expect(await readiness()).toEqual({ status: 200, chain: 'broken: 1 finding(s), first inserted record "forged-1" (stream -)' });
      await server.waitForLine(/audit chain broken/);
    } finally {
      await server.stop();
      dir.remove();
    }
  }, 60_000);
});
