import type { JobLeader, Leadership, Logger } from '@routeros-mcp/application-ports';
import { until, useTestDatabases, waitFor } from '@routeros-mcp/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import * as sqlite3 from 'sqlite3';
import { advisoryKey, Database, DatabaseTarget, PgJobLeader, SqlJobLeader, TypeOrmSchemaMigrator } from '../../index';

const databases = useTestDatabases();
const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };

/** Resolves when the signal aborts, or rejects after a generous bound. */
function aborted(signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) return Promise.resolve(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('lost did not fire within 20 s')), 20_000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(signal.reason);
    });
  });
}

/** The contract of every leader: release frees one job, close frees them all (`lost` says closed) and ends it. */
async function freesOnReleaseAndClose(a: JobLeader, b: JobLeader, afterClose: () => Promise<void> = async () => undefined): Promise<void> {
  const one = await a.tryLead('job-1');
  await a.tryLead('job-2');
  await one!.release();
  await one!.release(); // twice is harmless
  const taken = await b.tryLead('job-1');
  expect(taken).toBeDefined();
  expect(await a.tryLead('job-1')).toBeUndefined();
  await taken!.release();
  expect(await b.tryLead('job-2')).toBeUndefined();
  const closed = await a.tryLead('job-3');
  await a.close();
  expect(String(closed!.lost.reason)).toMatch(/closed/);
  await afterClose();
  expect(await b.tryLead('job-2')).toBeDefined();
  expect(await b.tryLead('job-3')).toBeDefined();
  await expect(a.tryLead('job-4')).rejects.toThrow(/closed/);
}

describe('PgJobLeader (two replicas on one PostgreSQL database)', () => {
  let url: string;
  const leaders: PgJobLeader[] = [];
  const leader = () => {
    const l = new PgJobLeader(url, logger);
    leaders.push(l);
    return l;
  };
  beforeEach(async () => {
    url = await databases.postgresUrl();
  });
  afterEach(async () => {
    await Promise.all(leaders.splice(0).map((l) => l.close()));
  });

  it('derives a stable two-int4 key per job', () => {
    expect(advisoryKey('snapshot-scheduler')).toEqual(advisoryKey('snapshot-scheduler'));
    expect(advisoryKey('health:r1')).not.toEqual(advisoryKey('health:r2'));
    for (const n of advisoryKey('health:r1')) expect(Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31).toBe(true);
  });

  it('is exclusive across leaders, and not re-entrant within one', async () => {
    const [a, b] = [leader(), leader()];
    const held = await a.tryLead('health:r1');
    expect(held).toMatchObject({ key: 'health:r1' });
    expect(held!.lost.aborted).toBe(false);
    expect(await b.tryLead('health:r1')).toBeUndefined();
    expect(await a.tryLead('health:r1')).toBeUndefined();
    // Another job is independent.
    expect(await b.tryLead('health:r2')).toMatchObject({ key: 'health:r2' });
    expect(await a.tryLead('health:r2')).toBeUndefined();
  });

  it('frees a job on release, and every job on close', () => freesOnReleaseAndClose(leader(), leader()));

  it('fires `lost` when its backend is terminated; the other leader then takes the job, and the first can lead again later', async () => {
    const [a, b] = [leader(), leader()];
    const held = await a.tryLead('snapshot-scheduler');
    expect(await b.tryLead('snapshot-scheduler')).toBeUndefined();
    const pid = await a.backendPid();
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    expect(String(await aborted(held!.lost))).toMatch(/session holding the job ended/);
    // The lock went with the session: the other replica takes over at its next try.
    const taken = await b.tryLead('snapshot-scheduler');
    expect(taken).toBeDefined();
    // The first one reconnects on its next try, and finds the job taken.
    expect(await a.tryLead('snapshot-scheduler')).toBeUndefined();
    expect(await a.backendPid()).not.toBe(pid);
    await taken!.release();
    expect(await a.tryLead('snapshot-scheduler')).toBeDefined();
  });
});

const engines: [string, () => Promise<DatabaseTarget>][] = [
  ['SQLite', async () => ({ kind: 'sqlite', file: databases.sqliteFile() })],
  ['PostgreSQL', async () => ({ kind: 'postgres', url: await databases.postgresUrl() })],
];

/** Two processes on one database, as far as the leases can tell: each its own connection and its own leader. */
function leaseRig(newTarget: () => Promise<DatabaseTarget>) {
  const rig = {
    target: undefined as unknown as DatabaseTarget,
    dbs: [] as Database[],
    leaders: [] as SqlJobLeader[],
    async open(leaseMs = 10_000): Promise<SqlJobLeader> {
      const db = await Database.open(rig.target);
      rig.dbs.push(db);
      const leader = new SqlJobLeader(db, logger, leaseMs);
      rig.leaders.push(leader);
      return leader;
    },
    /** The lease row as another process reads it. */
    async row(key: string): Promise<{ holder: string; expiresAt: number } | undefined> {
      const db = rig.dbs[0];
      const rows: { holder: string; expires_at: string | number }[] = await db.manager.query(db.dialect === 'sqlite' ? 'SELECT holder, expires_at FROM job_leases WHERE job_key = ?' : 'SELECT holder, expires_at FROM job_leases WHERE job_key = $1', [key]);
      return rows[0] && { holder: rows[0].holder, expiresAt: Number(rows[0].expires_at) };
    },
  };
  beforeEach(async () => {
    rig.target = await newTarget();
    const db = await Database.open(rig.target);
    await new TypeOrmSchemaMigrator(db).migrate();
    rig.dbs.push(db);
  });
  afterEach(async () => {
    await Promise.all(rig.leaders.splice(0).map((l) => l.close()));
    await Promise.all(rig.dbs.splice(0).map((db) => db.close()));
  });
  return rig;
}

describe.each(engines)('SqlJobLeader: lease rows on %s', (_engine, newTarget) => {
  const rig = leaseRig(newTarget);

  it('is exclusive across processes on one database, and not re-entrant within one', async () => {
    const [a, b] = [await rig.open(), await rig.open()];
    const held = await a.tryLead('plan:p1');
    expect(held).toMatchObject({ key: 'plan:p1' });
    expect(held!.lost.aborted).toBe(false);
    expect(await b.tryLead('plan:p1')).toBeUndefined();
    expect(await a.tryLead('plan:p1')).toBeUndefined();
    // Another job is independent.
    expect(await b.tryLead('change-recovery')).toMatchObject({ key: 'change-recovery' });
    expect(await a.tryLead('change-recovery')).toBeUndefined();
    // Tried at once by both, and twice at once within one: exactly one of the four leads.
    const raced = await Promise.all([a.tryLead('snapshot-scheduler'), b.tryLead('snapshot-scheduler'), a.tryLead('snapshot-scheduler'), b.tryLead('snapshot-scheduler')]);
    expect(raced.filter(Boolean)).toHaveLength(1);
  });

  it('frees a job on release, and every job on close (its lease row deleted)', async () =>
    freesOnReleaseAndClose(await rig.open(), await rig.open(), async () => expect(await rig.row('job-2')).toBeUndefined()));

  it('renews a lease while it holds the job: held past its first lease, the other still cannot take it', async () => {
    const [a, b] = [await rig.open(1_500), await rig.open(1_500)];
    const held = await a.tryLead('health:r1');
    const first = (await rig.row('health:r1'))!;
    await until(async () => Date.now() > first.expiresAt + 200 && ((await rig.row('health:r1'))?.expiresAt ?? 0) > Date.now(), 'the first lease to have run out, renewed');
    expect(await b.tryLead('health:r1')).toBeUndefined();
    expect(held!.lost.aborted).toBe(false);
    expect((await rig.row('health:r1'))?.holder).toBe(first.holder);
  });

  it('fires `lost` when a renewal finds the job taken over, and leaves the new holder alone and its other jobs held', async () => {
    const a = await rig.open(900);
    const held = await a.tryLead('plan:p2');
    const other = await a.tryLead('plan:p3');
    // What another process does once this one's lease ran out (this one stalled past it): the row is its own now.
    const db = rig.dbs[0];
    await db.manager.query(db.dialect === 'sqlite' ? 'UPDATE job_leases SET holder = ?, expires_at = ? WHERE job_key = ?' : 'UPDATE job_leases SET holder = $1, expires_at = $2 WHERE job_key = $3', ['another-process', Date.now() + 60_000, 'plan:p2']);
    expect(String(await aborted(held!.lost))).toMatch(/another process took the job over/);
    expect(await rig.row('plan:p2')).toMatchObject({ holder: 'another-process' });
    await held!.release();
    expect(await rig.row('plan:p2')).toMatchObject({ holder: 'another-process' });
    expect(await a.tryLead('plan:p2')).toBeUndefined();
    // Renewed together, the other job stays this process's.
    const renewed = (await rig.row('plan:p3'))!.expiresAt;
    await until(async () => ((await rig.row('plan:p3'))?.expiresAt ?? 0) > renewed, 'the next renewal of plan:p3');
    expect(other!.lost.aborted).toBe(false);
  });
});

/*
 * Processes of their own on one SQLite file (the built library in a child, as a server or the admin CLI runs it),
 * frozen with SIGSTOP or killed with SIGKILL: only the lease says who leads.
 */
const WORKSPACE = join(__dirname, '..', '..', '..', '..', '..', '..');
const CHILD = `
const { Database, SqlJobLeader } = require('@routeros-mcp/adapters-persistence');
const [file, key, leaseMs] = process.argv.slice(1);
const logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => logger };
(async () => {
  const jobs = new SqlJobLeader(await Database.open({ kind: 'sqlite', file }), logger, Number(leaseMs));
  const held = await jobs.tryLead(key);
  if (!held) return process.stdout.write('not led\\n');
  held.lost.addEventListener('abort', () => process.stdout.write('lost: ' + held.lost.reason.message + '\\n'));
  process.stdout.write('led\\n');
  setInterval(() => undefined, 60000);
})().catch((e) => process.stdout.write('failed: ' + e.message + '\\n'));
`;

describe('SqlJobLeader: processes on one SQLite file', () => {
  const rig = leaseRig(engines[0][1]);
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  /** A process that leads `key` (with `leaseMs`) and says so; answers it and its output so far. */
  async function leadingProcess(key: string, leaseMs: number): Promise<{ child: ChildProcess; out: () => string }> {
    const child = spawn(process.execPath, ['-e', CHILD, (rig.target as { file: string }).file, key, String(leaseMs)], { cwd: WORKSPACE, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    await until(() => /led|failed/.test(out), `the child to lead ${key}`, 60_000);
    expect(out).toBe('led\n');
    return { child, out: () => out };
  }

  /** Tries to lead `key` until it does; answers when (epoch ms) and the leadership. */
  const takeOver = (leader: SqlJobLeader, key: string) =>
    waitFor(async () => {
      const held = await leader.tryLead(key);
      return held && { at: Date.now(), held };
    }, `${key} to be taken over`, 60_000);

  it('a process killed with SIGKILL frees its job when the lease runs out, not before', async () => {
    const b = await rig.open(3_000);
    const { child } = await leadingProcess('plan:killed', 3_000);
    expect(await b.tryLead('plan:killed')).toBeUndefined();
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const left = (await rig.row('plan:killed'))!;
    expect(await b.tryLead('plan:killed')).toBeUndefined();
    const { at } = await takeOver(b, 'plan:killed');
    expect(at).toBeGreaterThanOrEqual(left.expiresAt);
  }, 120_000);

  it('a process that stops renewing (frozen) loses its job after the lease to the other, and hears `lost` when it wakes', async () => {
    const b = await rig.open(3_000);
    const { child, out } = await leadingProcess('snapshot-scheduler', 3_000);
    await freezeOutsideWrites(child, (rig.target as { file: string }).file);
    const left = (await rig.row('snapshot-scheduler'))!;
    expect(await b.tryLead('snapshot-scheduler')).toBeUndefined();
    const { at, held } = await takeOver(b, 'snapshot-scheduler');
    expect(at).toBeGreaterThanOrEqual(left.expiresAt);
    child.kill('SIGCONT');
    await until(() => /lost/.test(out()), 'the woken process to hear it lost the job', 60_000);
    expect(out()).toMatch(/^led\nlost: the job was lost: (its lease ran out before it could be renewed|another process took the job over)\n$/);
    // Its late renewal took nothing back.
    expect(held.lost.aborted).toBe(false);
    expect((await rig.row('snapshot-scheduler'))?.holder).not.toBe(left.holder);
  }, 120_000);

  it('a leader that cannot renew before its lease runs out (the database write-locked) fires `lost` then, and the other leads next', async () => {
    const [a, b] = [await rig.open(1_500), await rig.open(1_500)];
    const held: Leadership | undefined = await a.tryLead('change-recovery');
    const release = await holdWriteLock((rig.target as { file: string }).file);
    try {
      expect(String(await aborted(held!.lost))).toMatch(/its lease ran out before it could be renewed/);
    } finally {
      await release();
    }
    expect(await takeOver(b, 'change-recovery')).toBeDefined();
    expect(await a.tryLead('change-recovery')).toBeUndefined();
  }, 120_000);
});

/** SIGSTOPs `child` at a moment it holds no write lock on `file` (frozen mid-renewal it would lock everyone out). */
async function freezeOutsideWrites(child: ChildProcess, file: string): Promise<void> {
  await until(async () => {
    child.kill('SIGSTOP');
    try {
      await (await holdWriteLock(file, 0))();
      return true;
    } catch {
      child.kill('SIGCONT');
      return false;
    }
  }, 'a moment the child writes nothing', 60_000);
}

/** A connection of its own holding the SQLite file's write lock (what a long write of another process does). */
async function holdWriteLock(file: string, busyTimeoutMs = 10_000): Promise<() => Promise<void>> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(opened)));
  });
  const exec = (sql: string) => new Promise<void>((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve())));
  const close = () => new Promise<void>((resolve) => db.close(() => resolve()));
  await exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  try {
    await exec('BEGIN IMMEDIATE');
  } catch (error) {
    await close();
    throw error;
  }
  return async () => {
    await exec('ROLLBACK');
    await close();
  };
}
