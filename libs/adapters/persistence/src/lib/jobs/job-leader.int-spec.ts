import type { Logger } from '@routeros-mcp/application-ports';
import { useTestDatabases } from '@routeros-mcp/testing';
import { Client } from 'pg';
import { advisoryKey, LocalJobLeader, PgJobLeader } from '../../index';

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

describe('PgJobLeader (two replicas on one PostgreSQL database)', () => {
  const dbs = useTestDatabases();
  let url: string;
  const leaders: PgJobLeader[] = [];
  const leader = () => {
    const l = new PgJobLeader(url, logger);
    leaders.push(l);
    return l;
  };
  beforeEach(async () => {
    url = await dbs.postgresUrl();
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

  it('frees a job on release, and every job on close', async () => {
    const [a, b] = [leader(), leader()];
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
    expect(closed!.lost.aborted).toBe(true);
    expect(await b.tryLead('job-2')).toBeDefined();
    expect(await b.tryLead('job-3')).toBeDefined();
    await expect(a.tryLead('job-4')).rejects.toThrow(/closed/);
  });

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

describe('LocalJobLeader (SQLite, one process)', () => {
  it('leads each job once until released, and aborts `lost` on close', async () => {
    const jobs = new LocalJobLeader();
    const held = await jobs.tryLead('health:r1');
    expect(held).toBeDefined();
    expect(await jobs.tryLead('health:r1')).toBeUndefined();
    await held!.release();
    const again = await jobs.tryLead('health:r1');
    expect(again).toBeDefined();
    await jobs.close();
    expect(again!.lost.aborted).toBe(true);
  });
});
