import type { RecordedSnapshot, SnapshotRepository, SnapshotRetention } from '@routeros-mcp/application-ports';
import type { ConfigSnapshot, SnapshotSummary } from '@routeros-mcp/domain-devices';
import type { EntityManager } from '@routeros-mcp/typeorm';
import { Database } from '../database';
import { ConfigSnapshotRecord } from '../records/config-snapshot.record';
import { toSnapshot, toSnapshotRecord, toSnapshotSummary } from './config-snapshot.mapper';

const SNAPSHOT = 'ConfigSnapshotRecord';
/** Listing columns: everything but the content. */
const SUMMARY_COLUMNS = ['s.id', 's.device_id', 's.captured_at', 's.last_seen_at', 's.reason', 's.content_hash', 's.line_count'];

function summaries(em: EntityManager, deviceId: string) {
  return em
    .createQueryBuilder<ConfigSnapshotRecord>(SNAPSHOT, 's')
    .select(SUMMARY_COLUMNS)
    .where('s.device_id = :deviceId', { deviceId })
    .orderBy('s.captured_at', 'DESC')
    .addOrderBy('s.id', 'DESC');
}

export class TypeOrmSnapshotRepository implements SnapshotRepository {
  constructor(private readonly db: Database) {}

  record(candidate: ConfigSnapshot): Promise<RecordedSnapshot> {
    // Two captures of one device (a scheduled one and one before a change, maybe in two processes) must not both
    // find "no such content yet" and store it twice.
    return this.db.writeExclusive(`config_snapshots:${candidate.deviceId}`, async (em) => {
      const latest = await summaries(em, candidate.deviceId).getOne();
      const previous = latest ? toSnapshotSummary(latest) : undefined;
      if (latest && latest.content_hash === candidate.contentHash) {
        const seen = candidate.lastSeenAt > previous!.lastSeenAt ? candidate.lastSeenAt : previous!.lastSeenAt;
        await em.update(SNAPSHOT, { id: latest.id }, { last_seen_at: seen });
        const stored = await em.findOneByOrFail<ConfigSnapshotRecord>(SNAPSHOT, { id: latest.id });
        return { snapshot: toSnapshot(stored), created: false, previous };
      }
      await em.insert(SNAPSHOT, toSnapshotRecord(candidate));
      return { snapshot: candidate, created: true, previous };
    });
  }

  async get(id: string): Promise<ConfigSnapshot | undefined> {
    const record = await this.db.manager.findOneBy<ConfigSnapshotRecord>(SNAPSHOT, { id });
    return record ? toSnapshot(record) : undefined;
  }

  async latest(deviceId: string): Promise<SnapshotSummary | undefined> {
    const record = await summaries(this.db.manager, deviceId).getOne();
    return record ? toSnapshotSummary(record) : undefined;
  }

  async list(deviceId: string, options: { limit: number }): Promise<SnapshotSummary[]> {
    return (await summaries(this.db.manager, deviceId).take(options.limit).getMany()).map(toSnapshotSummary);
  }

  prune(deviceId: string, retention: SnapshotRetention): Promise<number> {
    return this.db.writeExclusive(`config_snapshots:${deviceId}`, async (em) => {
      const all = await summaries(em, deviceId).getMany();
      // The newest always stays: it is the device's last known configuration and what the next capture compares with.
      const doomed = all.slice(1).filter((s, i) => i + 1 >= retention.keep || toSnapshotSummary(s).lastSeenAt < retention.olderThan).map((s) => s.id);
      for (let i = 0; i < doomed.length; i += 500) await em.delete(SNAPSHOT, doomed.slice(i, i + 500));
      return doomed.length;
    });
  }
}
