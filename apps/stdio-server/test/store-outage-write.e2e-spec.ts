import { Fleet, PostgresServer, simControl, startFleet, startPostgres, tempDir, until, waitFor } from '@routeros-mcp/testing';
import { join } from 'node:path';
import type { EraClient } from './era-client';
import { connectStdio, enrollWriters, serverStderr, TRANSPORT } from './fleet-setup';

/**
 * Issue 26: the database stops while a write tool is at the device. The call answers STORE_UNAVAILABLE (retry with
 * backoff: never INTERNAL_ERROR, never driver text), the device lock's release included; once the database is back,
 * the same server's crash recovery brings the device back to its before-state and settles the change and the call's
 * audit record, so no record is left half-written. Stdio only (store-outage.e2e-spec.ts has the reads).
 */
const stdioOnly = TRANSPORT === 'stdio' ? describe : describe.skip;
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const UNSETTLED = ['proposed', 'applying', 'revert_pending'];

stdioOnly('a PostgreSQL outage under a write tool at the device', () => {
  let pg: PostgresServer;
  let fleet: Fleet;
  let dir: { path: string; remove(): void };
  let client: EraClient | undefined;

  beforeAll(async () => {
    pg = await startPostgres();
    fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: USERS });
    dir = tempDir('store-outage-write-');
  }, 120_000);
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await simControl(fleet, 'DELETE', '/devices/0/faults').catch(() => undefined);
    await fleet?.stop();
    pg?.stop();
    dir?.remove();
  });

  const commentOf = async () => ((await simControl(fleet, 'GET', '/devices/0/state')).config['interface/ethernet'] as Record<string, string>[]).find((r) => r['name'] === 'ether3')?.['comment'] ?? '';

  it('answers STORE_UNAVAILABLE, and once the store is back the device holds its before-state and every record is settled', async () => {
    const url = (await pg.createDatabase('store_outage_write')).replace('postgres@', 'postgres:s3cret-pw@');
    const dataDir = join(dir.path, 'data');
    const env = {
      ROUTEROS_MCP_DATABASE_URL: url,
      ROUTEROS_MCP_LOG_LEVEL: 'warn',
      ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000',
      // A dead call's lock runs out soon, and the sweep that settles what it left runs every second.
      ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000',
      ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000',
      // The device is made slow below: its requests queue, and none may time out.
      ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '30000',
    };
    await enrollWriters(dataDir, USERS[0], [{ id: 'w0', device: fleet.devices[0], environment: 'lab', capabilities: { allow_advanced_writes: true } }], { ROUTEROS_MCP_DATABASE_URL: url });
    client = await connectStdio(dataDir, env);
    const stderr = serverStderr(client);
    const before = await commentOf();

    // Every device request slow: the store stops once the write has landed, while the pipeline verifies it.
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 300 });
    const call = client.callTool('interface_set_comment', { device_id: 'w0', interface: 'ether3', comment: 'during the outage' });
    let answered: unknown;
    void call.then((a) => (answered = a));
    await until(async () => answered !== undefined || (await commentOf()) === 'during the outage', 'the write to land on the device', 60_000);
    expect(answered).toBeUndefined();
    // Slower still while it verifies, so the store is surely gone before the change is settled.
    await simControl(fleet, 'PUT', '/devices/0/faults', { latencyMs: 3000 });
    pg.halt('fast');
    const answer = await call;
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent.error).toMatchObject({ mcp_error_code: 'STORE_UNAVAILABLE', recovery_strategy: 'retry_with_backoff' });
    expect(JSON.stringify(answer)).not.toMatch(/s3cret|postgres:\/\/|SELECT|INSERT|UPDATE|DELETE FROM/);
    expect(await client.alive()).toBe(true);

    await simControl(fleet, 'DELETE', '/devices/0/faults');
    pg.resume();
    // Back: the change the call left is settled and the device holds its before-state; the call's record too.
    const changes = await waitFor(async () => {
      const listed = await client!.callTool('change_list', { device_id: 'w0' });
      const items = listed.isError ? [] : (listed.structuredContent.items as { change_id: string; status: string }[]);
      return items.length > 0 && items.every((c) => !UNSETTLED.includes(c.status)) ? items : undefined;
    }, 'the change to be settled once the store is back', 120_000, 500);
    expect(changes).toHaveLength(1);
    expect(changes[0].status).toMatch(/^(reverted|failed)$/);
    expect(await commentOf()).toBe(before);
    const calls = await waitFor(async () => {
      const listed = await client!.callTool('audit_list_events', { action: 'interface_set_comment' });
      const items = listed.isError ? [] : (listed.structuredContent.items as { outcome: string }[]);
      return items.length > 0 && items.every((e) => e.outcome !== 'started') ? items : undefined;
    }, "the call's audit record to be settled", 120_000, 500);
    expect(calls.map((e) => e.outcome)).not.toContain('success');
    expect(stderr()).not.toContain('s3cret');
  }, 300_000);
});
