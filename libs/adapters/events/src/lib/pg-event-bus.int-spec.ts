import type { DomainEvent, Logger } from '@routeros-mcp/application-ports';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Client } from 'pg';
import { PgEventBus } from './pg-event-bus';

const warnings: string[] = [];
const logger: Logger = { debug: () => undefined, info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined, child: () => logger };

/** Resolves when `check` holds, polling briefly, within a generous bound. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 20_000) throw new Error(`${what}: not within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const health = (deviceId: string, etag: string): DomainEvent => ({ type: 'device.health.changed', deviceId, etag });

describe('PgEventBus (two replicas on one PostgreSQL database)', () => {
  const dbs = useTestDatabases();
  let url: string;
  const buses: PgEventBus[] = [];
  const bus = () => {
    const b = new PgEventBus({ url, reconnectMinMs: 20, reconnectMaxMs: 200 }, logger);
    buses.push(b);
    return b;
  };

  beforeEach(async () => {
    url = await dbs.postgresUrl();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  it('delivers every event once to every replica, the publisher included, by type', async () => {
    const [a, b] = [bus(), bus()];
    await Promise.all([a.start(), b.start()]);
    const seen: Record<'a' | 'b', string[]> = { a: [], b: [] };
    a.subscribe('device.health.changed', (e) => void seen.a.push(`${e.deviceId}:${e.etag}`));
    b.subscribe('device.health.changed', (e) => void seen.b.push(`${e.deviceId}:${e.etag}`));
    const configs: string[] = [];
    b.subscribe('device.config.changed', (e) => void configs.push(e.snapshotId ?? ''));

    await a.publish(health('r1', 'e1'));
    await b.publish(health('r2', 'e2'));
    await a.publish({ type: 'device.config.changed', deviceId: 'r1', source: 'snapshot', snapshotId: 'snap-000000000001' });
    // A marker published last: NOTIFY keeps order per sender, and both senders' events are in once the markers are.
    await a.publish(health('end', 'a'));
    await b.publish(health('end', 'b'));
    await until(() => ['a', 'b'].every((k) => seen[k as 'a' | 'b'].filter((s) => s.startsWith('end:')).length === 2) && configs.length === 1, 'markers');

    for (const list of [seen.a, seen.b]) expect(list.filter((s) => !s.startsWith('end:')).sort()).toEqual(['r1:e1', 'r2:e2']);
    expect(configs).toEqual(['snap-000000000001']);
  });

  it('ignores and logs what is not one of our events, and keeps delivering', async () => {
    const a = bus();
    await a.start();
    const seen: string[] = [];
    a.subscribe('device.health.changed', (e) => void seen.push(e.deviceId));
    const raw = new Client({ connectionString: url });
    await raw.connect();
    try {
      warnings.length = 0;
      await raw.query(`SELECT pg_notify('routeros_mcp_events', $1)`, ['{not json']);
      await raw.query(`SELECT pg_notify('routeros_mcp_events', $1)`, [JSON.stringify({ type: 'device.health.changed', deviceId: 'r1' })]);
      await raw.query(`SELECT pg_notify('routeros_mcp_events', $1)`, [JSON.stringify({ ...health('r1', 'e'), extra: 'x' })]);
      await raw.query(`SELECT pg_notify('routeros_mcp_events', $1)`, [JSON.stringify(health('ok', 'e'))]);
    } finally {
      await raw.end();
    }
    await until(() => seen.length === 1, 'the valid event');
    expect(seen).toEqual(['ok']);
    expect(warnings.filter((w) => w === 'malformed event ignored')).toHaveLength(3);
  });

  it('drops an event too large for NOTIFY without failing the publisher', async () => {
    const a = bus();
    await a.start();
    warnings.length = 0;
    await expect(a.publish(health('r1', 'x'.repeat(9000)))).resolves.toBeUndefined();
    expect(warnings).toContain('event too large for NOTIFY, dropped');
  });

  it('reconnects after its listening backend is terminated and delivers later events', async () => {
    const [a, b] = [bus(), bus()];
    await Promise.all([a.start(), b.start()]);
    const seen: string[] = [];
    a.subscribe('device.health.changed', (e) => void seen.push(e.deviceId));
    const pid = a.backendPid;
    expect(pid).toBeGreaterThan(0);

    const relistened = new Promise<{ reconnected: boolean }>((resolve) => a.status.once('listening', resolve));
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    expect(await relistened).toEqual({ reconnected: true });
    expect(a.backendPid).not.toBe(pid);

    await b.publish(health('after-b', 'e'));
    await a.publish(health('after-a', 'e'));
    await until(() => seen.length === 2, 'events after the reconnect');
    expect(seen.sort()).toEqual(['after-a', 'after-b']);
  });

  it('ends its connection on close', async () => {
    const a = bus();
    await a.start();
    const pid = a.backendPid;
    await a.close();
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      for (let i = 0; ; i++) {
        const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid]);
        if (rows[0].n === 0) break;
        if (i > 200) throw new Error('backend still there');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await admin.end();
    }
    await expect(a.publish(health('r1', 'e'))).resolves.toBeUndefined();
  });
});
