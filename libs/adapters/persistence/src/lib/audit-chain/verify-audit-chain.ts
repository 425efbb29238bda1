import type { AuditChainFinding, AuditChainReport, AuditChainUncovered } from '@routeros-mcp/application-ports';
import type { AuditCheckpointRow, AuditLinkRow, AuditStreamRow } from '../records/audit-chain.record';
import { checkpointValid, GENESIS, HashableAuditRow, instantOf, linkHash, rowHash } from './audit-hash';

export interface AuditChainState {
  rows: readonly HashableAuditRow[];
  links: readonly AuditLinkRow[];
  streams: readonly AuditStreamRow[];
  checkpoints: readonly AuditCheckpointRow[];
}

const byStream = <T extends { stream_id: string; seq: number }>(items: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(item.stream_id, [...(map.get(item.stream_id) ?? []), item]);
  for (const list of map.values()) list.sort((a, b) => a.seq - b.seq);
  return map;
};

/**
 * One stream's links, fed in order (in pages or at once): each must follow the one before it and hash to its own
 * fields. Keeps only what the tail check needs: the last seq and the links at checkpointed positions.
 */
class StreamWalk {
  private prev = GENESIS;
  private next = 1;
  private last = 0;
  private readonly atCheckpoint = new Map<number, AuditLinkRow>();
  private readonly checkpointSeqs: Set<number>;

  constructor(
    private readonly stream: string,
    private readonly checkpoints: readonly AuditCheckpointRow[],
    private readonly findings: AuditChainFinding[],
  ) {
    this.checkpointSeqs = new Set(checkpoints.map((c) => c.seq));
  }

  add(links: readonly AuditLinkRow[]): void {
    for (const link of links) {
      const where = { recordId: link.record_id, stream: this.stream, seq: link.seq, at: new Date(Number(link.at)) };
      if (link.seq !== this.next) this.findings.push({ kind: 'broken', ...where, detail: link.seq > this.next ? `links ${this.next}..${link.seq - 1} are missing before it` : `seq ${link.seq} repeats` });
      else if (link.prev_hash !== this.prev) this.findings.push({ kind: 'broken', ...where, detail: 'does not follow the link before it (a link was inserted, removed or changed)' });
      if (linkHash(link) !== link.link_hash) this.findings.push({ kind: 'broken', ...where, detail: 'the link itself was changed (its hash does not match its fields)' });
      if (this.checkpointSeqs.has(link.seq)) this.atCheckpoint.set(link.seq, link);
      this.prev = link.link_hash;
      this.next = link.seq + 1;
      this.last = link.seq;
    }
  }

  /**
   * A stream shorter than its head row or its last valid checkpoint lost its newest links. Answers its links after
   * the highest seq a valid checkpoint signs (with no keys, any checkpoint), if any.
   */
  end(head: AuditStreamRow | undefined, keys: readonly Buffer[] | undefined): AuditChainUncovered | undefined {
    const { stream, last, findings } = this;
    let signed = 0;
    for (const cp of this.checkpoints) {
      const at = new Date(Number(cp.at));
      if (keys && !keys.some((key) => checkpointValid(key, cp.stream_id, cp.seq, cp.head_hash, cp.mac))) {
        findings.push({ kind: 'checkpoint', stream, seq: cp.seq, at, detail: 'its signature does not verify (forged, altered, or signed with an approval key not given as current or previous)' });
        continue;
      }
      signed = Math.max(signed, cp.seq);
      const link = this.atCheckpoint.get(cp.seq);
      if (cp.seq > last) findings.push({ kind: 'truncated', stream, seq: cp.seq, at, detail: `the checkpoint signed ${cp.seq} links, the stream has ${last}: links ${last + 1}..${cp.seq} were removed` });
      else if (link && link.link_hash !== cp.head_hash) findings.push({ kind: 'checkpoint', recordId: link.record_id, stream, seq: cp.seq, at, detail: 'the link at the signed head is not the one signed' });
    }
    const maxSigned = Math.max(0, ...this.checkpoints.map((c) => c.seq));
    if (head && head.head_seq > last && head.head_seq > maxSigned) findings.push({ kind: 'truncated', stream, seq: head.head_seq, detail: `the stream's head is at ${head.head_seq}, its links end at ${last}` });
    return last > signed ? { stream, label: head?.label ?? '-', from: signed + 1, to: last } : undefined;
  }
}

/** The link that vouches for a row's content now: the highest rank (started < interrupted < settled), then the latest. */
function newest(links: readonly AuditLinkRow[]): AuditLinkRow {
  return links.reduce((a, b) => (b.rank > a.rank || (b.rank === a.rank && Number(b.at) >= Number(a.at)) ? b : a));
}

/**
 * The walk of a whole trail, fed in pieces so that memory stays bounded by the largest piece: each stream's links in
 * order (`stream`), records with every link naming them (`records`), and links whose record is gone (`orphans`).
 * Pure: the database is read by whoever feeds it (TypeOrmAuditChainVerifier pages through one consistent read).
 */
export class AuditChainWalk {
  private readonly findings: AuditChainFinding[] = [];
  private readonly uncovered: AuditChainUncovered[] = [];
  private readonly counts = { streams: 0, links: 0, records: 0, checkpoints: 0 };

  /** `keys`: the checkpoint keys, current and previous (none: signatures unchecked); `since`: older findings left out. */
  constructor(
    private readonly keys: readonly Buffer[] | undefined,
    private readonly since?: Date,
  ) {}

  /** One stream: its head row (if any) and checkpoints; feed its links in seq order to `add`, then call `end`. */
  stream(stream: string, head: AuditStreamRow | undefined, checkpoints: readonly AuditCheckpointRow[]): { add(links: readonly AuditLinkRow[]): void; end(): void } {
    const walk = new StreamWalk(stream, [...checkpoints].sort((a, b) => a.seq - b.seq), this.findings);
    this.counts.streams++;
    this.counts.checkpoints += checkpoints.length;
    return {
      add: (links) => {
        this.counts.links += links.length;
        walk.add(links);
      },
      end: () => {
        const uncovered = walk.end(head, this.keys);
        if (uncovered) this.uncovered.push(uncovered);
      },
    };
  }

  /** Records, with every link that names any of them: each must have one, and match the newest. */
  records(rows: readonly HashableAuditRow[], links: readonly AuditLinkRow[]): void {
    this.counts.records += rows.length;
    const linksOf = groupByRecord(links);
    for (const row of rows) {
      const at = instantOf(row.occurred_at);
      const vouching = linksOf.get(row.id);
      if (!vouching) {
        this.findings.push({ kind: 'inserted', recordId: row.id, stream: '-', at, detail: 'no link vouches for this record: it was inserted outside the service' });
        continue;
      }
      const link = newest(vouching);
      if (link.row_hash !== rowHash(row)) this.findings.push({ kind: 'altered', recordId: row.id, stream: link.stream_id, seq: link.seq, at, detail: 'its content is not what its newest link vouches for' });
    }
  }

  /** Links whose record is not in the trail: every link of each such record. */
  orphans(links: readonly AuditLinkRow[]): void {
    for (const [recordId, vouching] of groupByRecord(links)) {
      const link = newest(vouching);
      this.findings.push({ kind: 'removed', recordId, stream: link.stream_id, seq: link.seq, at: new Date(Number(link.at)), detail: 'its link is there, the record is gone' });
    }
  }

  report(): AuditChainReport {
    const since = this.since;
    const reported = this.findings.filter((f) => !since || !f.at || f.at >= since || f.kind === 'truncated' || f.kind === 'checkpoint');
    reported.sort((a, b) => (a.at?.getTime() ?? Infinity) - (b.at?.getTime() ?? Infinity) || (a.seq ?? 0) - (b.seq ?? 0));
    return { ok: reported.length === 0, ...this.counts, findings: reported, uncovered: this.uncovered };
  }
}

function groupByRecord(links: readonly AuditLinkRow[]): Map<string, AuditLinkRow[]> {
  const map = new Map<string, AuditLinkRow[]>();
  for (const link of links) {
    const list = map.get(link.record_id);
    if (list) list.push(link);
    else map.set(link.record_id, [link]);
  }
  return map;
}

/** The whole trail at once (tests, small trails): the walk fed with everything. */
export function verifyAuditChain(state: AuditChainState, keys: readonly Buffer[] | undefined, since?: Date): AuditChainReport {
  const walk = new AuditChainWalk(keys, since);
  const links = byStream(state.links);
  const checkpoints = byStream(state.checkpoints);
  for (const stream of new Set([...links.keys(), ...checkpoints.keys(), ...state.streams.map((s) => s.id)])) {
    const one = walk.stream(stream, state.streams.find((s) => s.id === stream), checkpoints.get(stream) ?? []);
    one.add(links.get(stream) ?? []);
    one.end();
  }
  walk.records(state.rows, state.links);
  const rowIds = new Set(state.rows.map((r) => r.id));
  walk.orphans(state.links.filter((l) => !rowIds.has(l.record_id)));
  return walk.report();
}
