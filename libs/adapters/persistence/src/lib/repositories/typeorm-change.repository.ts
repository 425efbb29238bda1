import type { AuditEvent, ChangeQuery, ChangeRepository } from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { Database } from '../database';
import type { ChangeRecordRow } from '../records/change.record';
import { toChangeRecord, toChangeRow } from './change.mapper';
import { insertAuditRows, settleAuditRows } from './typeorm-audit.log';

const CHANGE = 'ChangeRecordRow';

export class TypeOrmChangeRepository implements ChangeRepository {
  constructor(private readonly db: Database) {}

  async create(record: ChangeRecord, started?: AuditEvent): Promise<void> {
    if (!started) return void (await this.db.writeStatement((em) => em.insert(CHANGE, toChangeRow(record))));
    await this.db.write(async (em) => {
      await em.insert(CHANGE, toChangeRow(record));
      await insertAuditRows(em, this.db.auditChain, [started]);
    });
  }

  async save(record: ChangeRecord): Promise<void> {
    const { id, ...rest } = toChangeRow(record);
    await this.db.writeStatement((em) => em.update(CHANGE, { id }, rest));
  }

  async settle(record: ChangeRecord, audit: AuditEvent | readonly AuditEvent[]): Promise<void> {
    const { id, ...rest } = toChangeRow(record);
    await this.db.write(async (em) => {
      await em.update(CHANGE, { id }, rest);
      await settleAuditRows(em, this.db.auditChain, Array.isArray(audit) ? audit : [audit as AuditEvent]);
    });
  }

  async get(id: string): Promise<ChangeRecord | undefined> {
    const row = await this.db.manager.findOneBy<ChangeRecordRow>(CHANGE, { id });
    return row ? toChangeRecord(row) : undefined;
  }

  async list(query: ChangeQuery): Promise<ChangeRecord[]> {
    const q = this.db.manager.createQueryBuilder<ChangeRecordRow>(CHANGE, 'c').orderBy('c.created_at', 'DESC').addOrderBy('c.id', 'DESC').take(query.limit);
    if (query.deviceId) q.andWhere('c.device_id = :deviceId', { deviceId: query.deviceId });
    if (query.status) q.andWhere('c.status = :status', { status: query.status });
    if (query.correlationId) q.andWhere('c.correlation_id = :correlationId', { correlationId: query.correlationId });
    return (await q.getMany()).map(toChangeRecord);
  }
}
