import type { DeviceHealthChanged, RouterOsApi as RouterOsApiPort } from '@routeros-mcp/application-ports';
import { RouterOsApi } from '@routeros-mcp/application-ports';
import type { HealthRound } from '@routeros-mcp/application-use-cases';
import { advisoryKey } from '@routeros-mcp/adapters-persistence';
import { loadConfig } from '@routeros-mcp/config';
import { enrollmentOf, Fleet, simControl, startFleet, tempDir, until, useTestDatabases } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { Client } from 'pg';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, ServerServices } from '../index';

const principal = { id: 'spec', via: 'test' };
const DEVICES = ['r0', 'r1', 'r2'];

/** A replica: its services, and how many health reads its RouterOsApi sent to each device (real sockets). */
interface Replica {
  services: ServerServices;
  reads: Map<string, number>;
  rounds: HealthRound[];
  events: DeviceHealthChanged[];
}

describe('several replicas on one PostgreSQL database, against the simulator', () => {
  const dbs = useTestDatabases();
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  const replicas: Replica[] = [];

  async function replica(extra: Record<string, string> = {}): Promise<Replica> {
    const container = await buildContainer(loadConfig({ env: { ...env, ...extra }, homeDir: '/nonexistent' }), { logStream: new PassThrough() });
    const reads = new Map<string, number>();
    const api = container.get<RouterOsApiPort>(RouterOsApi);
    // Counts what reaches the adapter (and so the device's socket), per device, for this replica only.
    const counting = new Proxy(api, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (name !== 'getSingleton') return typeof value === 'function' ? value.bind(target) : value;
        return (device: { deviceId: string }, menu: string, ...rest: unknown[]) => {
          if (menu === 'system/resource') reads.set(device.deviceId, (reads.get(device.deviceId) ?? 0) + 1);
          return (value as (...args: unknown[]) => unknown).call(target, device, menu, ...rest);
        };
      },
    });
    container.rebind<RouterOsApiPort>(RouterOsApi).toConstantValue(counting);
    const services = container.get(ServerServices);
    const r: Replica = { services, reads, rounds: [], events: [] };
    services.healthPoller.onRound((round) => void r.rounds.push(round));
    services.events.subscribe('device.health.changed', (event) => void r.events.push(event));
    replicas.push(r);
    return r;
  }

  beforeAll(async () => {
    fleet = await startFleet({ devices: DEVICES.length, profile: 'home', version: '7.20.5', users: [{ name: 'admin', password: 'sim-pw', group: 'full' }] });
    dir = tempDir();
    env = { ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ROUTEROS_MCP_DATABASE_URL: await dbs.postgresUrl(), ROUTEROS_MCP_LOG_LEVEL: 'error' };
    const admin = (await buildContainer(loadConfig({ env, homeDir: '/nonexistent' }), { logStream: new PassThrough() })).get(AdminServices);
    for (const device of fleet.devices) await admin.devices.enroll(principal, ...enrollmentOf(device, `r${device.index}`, { name: 'admin', password: 'sim-pw' }));
    await admin.close();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.services.close()));
    await fleet?.stop();
    dir?.remove();
  });

  it('polls each device from exactly one replica, tells both of a device going unreachable once, and hands the devices over when a replica stops', async () => {
    const [a, b] = [await replica(), await replica()];
    const schedule = { intervalMs: 200, jitterMs: 20, environment: 'lab' as const };
    a.services.healthPoller.start(schedule);
    b.services.healthPoller.start(schedule);

    // Both running, every device led by one of them.
    const settled = () => a.services.healthPoller.leading.length + b.services.healthPoller.leading.length === DEVICES.length && a.rounds.length > 0 && b.rounds.length > 0;
    await until(() => settled() && [...a.services.healthPoller.leading, ...b.services.healthPoller.leading].sort().join() === DEVICES.join(), 'every device led once');
    const leaderOf = (id: string) => (a.services.healthPoller.leading.includes(id) ? a : b);

    // A few more rounds of each: every device read, and only by its leader.
    a.reads.clear();
    b.reads.clear();
    const [ra, rb] = [a.rounds.length, b.rounds.length];
    await until(() => a.rounds.length >= ra + 3 && b.rounds.length >= rb + 3, 'three more rounds each');
    for (const id of DEVICES) {
      const [leader, other] = leaderOf(id) === a ? [a, b] : [b, a];
      expect({ id, leader: leader.reads.get(id) ?? 0 }).toEqual({ id, leader: expect.any(Number) });
      expect(leader.reads.get(id)).toBeGreaterThan(0);
      expect({ id, other: other.reads.get(id) ?? 0 }).toEqual({ id, other: 0 });
    }
    expect(a.events.concat(b.events)).toEqual([]); // nothing changed yet

    // r0 stops answering: its leader publishes once, and both replicas hear it once.
    const leader = leaderOf('r0');
    await simControl(fleet, 'PUT', '/devices/0/faults', { refuse: true });
    await until(() => a.events.length >= 1 && b.events.length >= 1, 'the change heard by both replicas');
    const rounds = leader.rounds.length;
    await until(() => leader.rounds.length >= rounds + 3, 'three more rounds of the leader');
    for (const r of [a, b]) expect(r.events.map((e) => e.deviceId)).toEqual(['r0']);
    expect(a.events[0].etag).toBe(b.events[0].etag);

    // One replica stops polling: the other takes every device over at its next rounds.
    await a.services.healthPoller.stop();
    expect(a.services.healthPoller.leading).toEqual([]);
    await until(() => b.rounds.length > 0 && b.rounds[b.rounds.length - 1].leading.join() === DEVICES.join(), 'b leads every device');
    a.reads.clear();
    b.reads.clear();
    const rb2 = b.rounds.length;
    await until(() => b.rounds.length >= rb2 + 2, 'two rounds of b alone');
    for (const id of DEVICES) {
      expect(b.reads.get(id)).toBeGreaterThan(0);
      expect(a.reads.get(id) ?? 0).toBe(0);
    }

    // r0 answers again: b, which took it over while unreachable, tells both (a still listens). The adapter's circuit
    // for r0 is open by now and lets a probe through after its 30 s, hence the longer bound.
    await simControl(fleet, 'DELETE', '/devices/0/faults');
    await until(() => a.events.length >= 2 && b.events.length >= 2, 'the recovery heard by both replicas', 150_000);
    expect(b.events.map((e) => e.deviceId)).toEqual(['r0', 'r0']);
  });

  it('runs the snapshot scheduler in one replica only, and frees the job when that replica closes', async () => {
    const extra = { ROUTEROS_MCP_SNAPSHOT_INTERVAL_S: '3600' };
    const [a, b] = [await replica(extra), await replica(extra)];
    // Who holds the job's advisory lock, read from pg_locks (trying it here could steal it from both replicas).
    const [hi, lo] = advisoryKey('snapshot-scheduler').map((n) => n >>> 0);
    const admin = new Client({ connectionString: env['ROUTEROS_MCP_DATABASE_URL'] });
    await admin.connect();
    const holders = async () => {
      const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid = $2 AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())", [hi, lo]);
      return rows.map((r) => r.pid);
    };
    try {
      await until(async () => (await holders()).length === 1, 'the scheduler led by a replica');
      const [holder] = await holders();
      const { rows } = await admin.query<{ application_name: string }>('SELECT application_name FROM pg_stat_activity WHERE pid = $1', [holder]);
      expect(rows[0].application_name).toBe('routeros-mcp-jobs');
      await Promise.all([a.services.close(), b.services.close()]);
      await until(async () => (await holders()).length === 0, 'the job freed');
    } finally {
      await admin.end();
    }
  });
});
