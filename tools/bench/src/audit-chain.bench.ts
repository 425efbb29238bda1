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
