import type { AuditEvent } from '@routeros-mcp/application-ports';
import { Database, DatabaseTarget, toAuditRow, TypeOrmAuditLog, TypeOrmSchemaMigrator } from '@routeros-mcp/adapters-persistence';
import { startPostgres, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';

let n = 0;
const event = (): AuditEvent => ({ id: `bench-${process.pid}-${n++}`, occurredAt: new Date(), principal: { id: 'token:bench', via: 'http', sessionId: 's-1' }, action: 'tool.system_get_overview', deviceId: 'r1', arguments: { device_id: 'r1' }, outcome: 'success', durationMs: 12 });

/** The writer before the chain: the same group commit, one INSERT statement per batch, no link. */
class UnchainedLog {
  private waiting: { row: ReturnType<typeof toAuditRow>; done: () => void }[] = [];
  private inserting = false;
  constructor(private readonly db: Database) {}
  record(e: AuditEvent): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ row: toAuditRow(e), done: resolve });
      this.next();
    });
  }
  private next(): void {
    if (this.inserting || this.waiting.length === 0) return;
    this.inserting = true;
    const batch = this.waiting.splice(0, 200);
    void this.db.writeStatement((em) => em.insert('AuditEventRecord', batch.map((b) => b.row))).then(() => batch.forEach((b) => b.done())).finally(() => {
      this.inserting = false;
      this.next();
    });
  }
}

type Writer = { record(e: AuditEvent): Promise<void> };

/** Microseconds per record: `count` one after another, or `count` all in flight over `writers` (processes, streams). */
async function perRecordUs(writers: Writer[], count: number, concurrent: boolean): Promise<number> {
  const start = process.hrtime.bigint();
  if (concurrent) await Promise.all(Array.from({ length: count }, (_, i) => writers[i % writers.length].record(event())));
  else for (let i = 0; i < count; i++) await writers[i % writers.length].record(event());
  return Math.round(Number(process.hrtime.bigint() - start) / 1000 / count);
}

/**
 * The alternative not taken: one chain for every process. Four writers (processes), each recording one record after
 * another, all at once: microseconds per record with a stream each, and with all four on one stream (one head row
 * that every audited write of every process locks until its commit).
 */
async function sharedStream(t: DatabaseTarget): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const shared of [false, true]) {
    const dbs = await Promise.all([0, 1, 2, 3].map(() => Database.open(t)));
    if (shared) for (const db of dbs) (db.auditChain as { streamId: string }).streamId = 'global';
    const logs = dbs.map((d) => new TypeOrmAuditLog(d));
    // The shared head row exists before the writers race to create it.
    await logs[0].record(event());
    const start = process.hrtime.bigint();
    await Promise.all(logs.map(async (log) => {
      for (let i = 0; i < 150; i++) await log.record(event());
    }));
    result[shared ? 'one_shared_stream' : 'stream_per_process'] = Math.round(Number(process.hrtime.bigint() - start) / 1000 / 600);
    await Promise.all(dbs.map((d) => d.close()));
  }
  return result;
}

async function engine(name: string, target: () => Promise<DatabaseTarget>): Promise<Record<string, unknown>> {
  const t = await target();
  const dbs = [await Database.open(t), await Database.open(t)];
  await new TypeOrmSchemaMigrator(dbs[0]).migrate();
  const row: Record<string, unknown> = { bench: 'audit-chain', engine: name };
  const cases: [string, number, boolean, number][] = [['sequential', 300, false, 1], ['concurrent', 2000, true, 1], ['two_streams', 2000, true, 2]];
  try {
    for (const [label, count, concurrent, writers] of cases) {
      const plain = await perRecordUs(dbs.slice(0, writers).map((d) => new UnchainedLog(d)), count, concurrent);
      const chained = await perRecordUs(dbs.slice(0, writers).map((d) => new TypeOrmAuditLog(d)), count, concurrent);
      row[`${label}_us_per_record`] = { unchained: plain, chained, ratio: Number((chained / plain).toFixed(2)) };
    }
    row['four_writers_us_per_record'] = await sharedStream(t);
  } finally {
    await Promise.all(dbs.map((d) => d.close()));
  }
  return row;
}

/** The cost of the audit chain per record: TypeOrmAuditLog against the same group commit without links, on both engines. */
export async function auditChain(): Promise<Record<string, unknown>[]> {
  const dir = tempDir('bench-audit-chain-');
  const pg = await startPostgres();
  try {
    return [await engine('sqlite', async () => ({ kind: 'sqlite', file: join(dir.path, 'bench.sqlite') })), await engine('postgres', async () => ({ kind: 'postgres', url: await pg.createDatabase() }))];
  } finally {
    pg.stop();
    dir.remove();
  }
}
