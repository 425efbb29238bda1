import type { AuditChainReport, AuditChainVerifier } from '@routeros-mcp/application-ports';
import type { EntityManager } from '@routeros-mcp/typeorm';
import { Database } from '../database';
import type { AuditCheckpointRow, AuditLinkRow, AuditStreamRow } from '../records/audit-chain.record';
import type { AuditEventRecord } from '../records/audit-event.record';
import { AuditChainWalk } from './verify-audit-chain';

const LINK = 'AuditLinkRow';
const EVENT = 'AuditEventRecord';

/**
 * Walks the whole trail in one consistent read, a page at a time: each stream's links in seq order, then the records
 * by id with the links naming them, then links whose record is gone. Memory is bounded by the page (and a stream's
 * checkpoints), not by the trail. Everything is read even with `since`: a link vouches for the ones after it.
 */
export class TypeOrmAuditChainVerifier implements AuditChainVerifier {
  constructor(
    private readonly db: Database,
    /** Checkpoint keys (checkpointKeyOf each approval key): the current one and any used before it. */
    private readonly keys: readonly Buffer[] | undefined,
    /** Rows per read; records per page stay under SQLite's limit of bound variables. */
    private readonly pageSize = 500,
  ) {}

  verify(options: { since?: Date } = {}): Promise<AuditChainReport> {
    return this.db.readSnapshot(async (em) => {
      const walk = new AuditChainWalk(this.keys, options.since);
      await this.walkStreams(em, walk);
      await this.walkRecords(em, walk);
      await this.walkOrphans(em, walk);
      return walk.report();
    });
  }

  private async walkStreams(em: EntityManager, walk: AuditChainWalk): Promise<void> {
    const heads = await em.find<AuditStreamRow>('AuditStreamRow');
    const ids = new Set(heads.map((h) => h.id));
    for (const table of ['audit_links', 'audit_checkpoints']) {
      for (const row of (await em.query(`SELECT DISTINCT stream_id FROM ${table}`)) as { stream_id: string }[]) ids.add(row.stream_id);
    }
    for (const stream of ids) {
      const checkpoints = await em.find<AuditCheckpointRow>('AuditCheckpointRow', { where: { stream_id: stream } });
      const one = walk.stream(stream, heads.find((h) => h.id === stream), checkpoints);
      for (let after = 0; ; ) {
        const page = await em.createQueryBuilder<AuditLinkRow>(LINK, 'l').where('l.stream_id = :stream AND l.seq > :after', { stream, after }).orderBy('l.seq', 'ASC').take(this.pageSize).getMany();
        one.add(page);
        if (page.length < this.pageSize) break;
        after = page.at(-1)!.seq;
      }
      one.end();
    }
  }

  private async walkRecords(em: EntityManager, walk: AuditChainWalk): Promise<void> {
    for (let after: string | undefined; ; ) {
      const q = em.createQueryBuilder<AuditEventRecord>(EVENT, 'e').orderBy('e.id', 'ASC').take(this.pageSize);
      if (after !== undefined) q.where('e.id > :after', { after });
      const rows = await q.getMany();
      if (rows.length === 0) break;
      const links = await em.createQueryBuilder<AuditLinkRow>(LINK, 'l').where('l.record_id IN (:...ids)', { ids: rows.map((r) => r.id) }).getMany();
      walk.records(rows, links);
      if (rows.length < this.pageSize) break;
      after = rows.at(-1)!.id;
    }
  }

  private async walkOrphans(em: EntityManager, walk: AuditChainWalk): Promise<void> {
    // Normally none: only a record removed around the service leaves its links behind. By record, so that a record's
    // links (at most one per state) are never split between pages: the last record of a full page waits for the next.
    for (let after: string | undefined; ; ) {
      const q = em.createQueryBuilder<AuditLinkRow>(LINK, 'l').where('NOT EXISTS (SELECT 1 FROM audit_events e WHERE e.id = l.record_id)').orderBy('l.record_id', 'ASC').take(this.pageSize);
      if (after !== undefined) q.andWhere('l.record_id > :after', { after });
      const page = await q.getMany();
      const full = page.length === this.pageSize;
      const last = page.at(-1)?.record_id;
      let complete = full ? page.filter((l) => l.record_id !== last) : page;
      // A page of one record's links only (pages smaller than its links): that record's links all at once.
      if (complete.length === 0 && last !== undefined) complete = await em.find<AuditLinkRow>(LINK, { where: { record_id: last } });
      walk.orphans(complete);
      if (!full) break;
      after = complete.at(-1)!.record_id;
    }
  }
}
