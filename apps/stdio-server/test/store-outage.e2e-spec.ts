import { PostgresServer, startPostgres, tempDir, until } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { connectStdio, serverStderr, TRANSPORT } from './fleet-setup';
import type { EraClient } from './era-client';

/**
 * Issue 26: the database goes away under a running server. Calls made meanwhile fail as isError results that say the
 * store is unavailable and to retry (never INTERNAL_ERROR, never driver text), the server stays up, and once the
 * database is back the same server answers again. Stdio only: apps/http-server has the HTTP counterpart.
 */
const stdioOnly = TRANSPORT === 'stdio' ? describe : describe.skip;

stdioOnly('a PostgreSQL outage under a running stdio server', () => {
  let pg: PostgresServer;
  let dir: { path: string; remove(): void };
  const clients: EraClient[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    dir = tempDir('store-outage-');
  }, 90_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    pg?.stop();
    dir?.remove();
  });

  it('answers STORE_UNAVAILABLE with a retry while it is down, stays up, and recovers without a restart (both revisions)', async () => {
    const url = await pg.createDatabase('store_outage');
    // Secret-looking text that must never reach a client: the password in the connection string.
    const env = { ROUTEROS_MCP_DATABASE_URL: url.replace('postgres@', 'postgres:s3cret-pw@'), ROUTEROS_MCP_LOG_LEVEL: 'warn' };
    const legacy = await connectStdio(join(dir.path, 'legacy'), env, 'legacy');
    clients.push(legacy);
    const modern = await connectStdio(join(dir.path, 'modern'), env, 'modern');
    clients.push(modern);
    const stderr = [serverStderr(legacy), serverStderr(modern)];

    // A burst of database reads on both connections; the database stops (clean shutdown: sessions end with 57P01) mid-burst.
    // Each server has opened its database by its first answer (a server that cannot open it at start exits, as before).
    const answers: any[] = [];
    const answered = new Set<EraClient>();
    const burst = async (client: EraClient, rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        const batch = await Promise.all([1, 2, 3].map(() => client.callTool('change_list', { limit: 5 })));
        if (batch.some((a) => !a.isError)) answered.add(client);
        answers.push(...batch);
      }
    };
    const running = Promise.all([burst(legacy, 12), burst(modern, 12)]);
    await until(() => answered.size === 2, 'both servers to answer their first calls of the burst', 60_000);
    pg.halt('fast');
    await running;

    const ok = answers.filter((a) => !a.isError);
    const failed = answers.filter((a) => a.isError);
    expect(ok.length).toBeGreaterThanOrEqual(6);
    expect(failed.length).toBeGreaterThan(0);
    for (const failure of failed) {
      expect(failure.structuredContent.error).toMatchObject({ mcp_error_code: 'STORE_UNAVAILABLE', category: 'Service Unavailable', recovery_strategy: 'retry_with_backoff', store: 'unreachable', next_steps: ['change_list'] });
      expect(failure.structuredContent.error.suggestion).toMatch(/Retry with backoff/);
      expect(failure.content[0].text).toMatch(/^Service Unavailable: the database cannot be reached.*\nmcp_error_code: STORE_UNAVAILABLE\nrecovery_strategy: retry_with_backoff/);
      expect(JSON.stringify(failure)).not.toMatch(/s3cret|postgres:\/\/|SELECT|127\.0\.0\.1/);
    }

    // Down for good now: every call says so, on both revisions, and both servers still answer.
    for (const client of [legacy, modern]) {
      const failure = await client.failure('change_list', {});
      expect(failure.data).toMatchObject({ mcp_error_code: 'STORE_UNAVAILABLE', recovery_strategy: 'retry_with_backoff' });
      // A resource read is a JSON-RPC error (the revision's code), with the same taxonomy in its data.
      const read = await client.failed(client.readResource('audit://events/recent'));
      expect(read).toMatchObject({ code: client.era === 'legacy' ? -32000 : -32603, data: { mcp_error_code: 'STORE_UNAVAILABLE', recovery_strategy: 'retry_with_backoff', store: 'unreachable' } });
      expect(await client.alive()).toBe(true);
    }

    // Back: the same processes answer again once their pool reconnects.
    pg.resume();
    for (const client of [legacy, modern]) {
      await until(async () => !(await client.callTool('change_list', {})).isError, 'change_list to succeed after the database is back', 60_000);
    }
    for (const text of stderr.map((read) => read())) expect(text).not.toContain('s3cret');
  }, 180_000);
});
