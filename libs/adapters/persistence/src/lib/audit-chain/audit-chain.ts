import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EntityManager } from '@routeros-mcp/typeorm';
import type { Database } from '../database';
import { dialectOf } from '../dialect';
import type { AuditCheckpointRow, AuditLinkRow, AuditStreamRow } from '../records/audit-chain.record';
import { checkpointMac, GENESIS, HashableAuditRow, linkHash, rankOf, rowHash } from './audit-hash';

const STREAM = 'AuditStreamRow';
const LINK = 'AuditLinkRow';
const CHECKPOINT = 'AuditCheckpointRow';
/** Links per INSERT: 8 columns each, far below SQLite's limit of bound variables. */
const MAX_LINKS = 200;

/**
 * This process's stream of audit links. Every write of an audit row appends a link in the transaction of that write,
 * as its last statement: the stream's head row is locked (PostgreSQL; SQLite has one writer anyway) only from there
 * to the commit, so replicas never wait for each other and a rolled back write leaves no gap.
 */
export class AuditChain {
  readonly streamId = randomUUID();
  private readonly label = `${hostname()}:${process.pid}`;
  private key: Buffer | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The stream moved since its last checkpoint. */
  private moved = false;

  constructor(private readonly db: Database) {}

  /** Signs checkpoints with `key` (a sub-key of the approval key) every `intervalMs` while the stream moves, and at close. */
  sign(key: Buffer, intervalMs = 60_000): void {
    this.key = key;
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.checkpoint().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  /** Appends one link per row written (inserted or settled) in this transaction. */
  async append(em: EntityManager, rows: readonly HashableAuditRow[]): Promise<void> {
    if (rows.length === 0) return;
    const now = Date.now();
    let { head_seq: seq, head_hash: prev } = await this.lockHead(em, now);
    const links: AuditLinkRow[] = rows.map((row) => {
      const fields = { stream_id: this.streamId, seq: ++seq, record_id: row.id, rank: rankOf(row.outcome), row_hash: rowHash(row), prev_hash: prev };
      prev = linkHash(fields);
      return { ...fields, link_hash: prev, at: now };
    });
    for (let i = 0; i < links.length; i += MAX_LINKS) await em.insert(LINK, links.slice(i, i + MAX_LINKS));
    await em.update(STREAM, { id: this.streamId }, { head_seq: seq, head_hash: prev });
    this.moved = true;
  }

  /**
   * The stream's head, locked until commit; created by the first write (again, if that write rolled back). Two first
   * writes of this process at once: the second's insert waits for the first's commit and yields to its row.
   */
  private async lockHead(em: EntityManager, now: number): Promise<AuditStreamRow> {
    const select = () => {
      const q = em.createQueryBuilder<AuditStreamRow>(STREAM, 's').where('s.id = :id', { id: this.streamId });
      if (dialectOf(em.connection) === 'postgres') q.setLock('pessimistic_write');
      return q.getOne();
    };
    const head = await select();
    if (head) return head;
    const row: AuditStreamRow = { id: this.streamId, label: this.label, started_at: now, head_seq: 0, head_hash: GENESIS };
    await em.createQueryBuilder().insert().into(STREAM).values(row).orIgnore().execute();
    return (await select()) ?? row;
  }

  /** Signs the stream's head when it moved since the last checkpoint. */
  async checkpoint(): Promise<void> {
    const key = this.key;
    if (!key || !this.moved) return;
    this.moved = false;
    try {
      // Exclusive: on SQLite a read-then-write transaction could not take the write lock once another process holds it.
      await this.db.writeExclusive(`audit-checkpoint:${this.streamId}`, async (em) => {
        const head = await em.findOneBy<AuditStreamRow>(STREAM, { id: this.streamId });
        if (!head) return;
        const row: AuditCheckpointRow = { stream_id: head.id, seq: head.head_seq, head_hash: head.head_hash, mac: checkpointMac(key, head.id, head.head_seq, head.head_hash), at: Date.now() };
        await em.createQueryBuilder().insert().into(CHECKPOINT).values(row).orIgnore().execute();
      });
    } catch (error) {
      this.moved = true;
      throw error;
    }
  }

  /** The last checkpoint, written before the database closes. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.checkpoint();
  }
}
