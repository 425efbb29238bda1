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

/** A stream's links in order: each follows the one before it, and its own hash is what its fields give. */
function walkLinks(stream: string, links: readonly AuditLinkRow[], findings: AuditChainFinding[]): void {
  let prev = GENESIS;
  let next = 1;
  for (const link of links) {
    const at = new Date(Number(link.at));
    const where = { recordId: link.record_id, stream, seq: link.seq, at };
    if (link.seq !== next) findings.push({ kind: 'broken', ...where, detail: link.seq > next ? `links ${next}..${link.seq - 1} are missing before it` : `seq ${link.seq} repeats` });
    else if (link.prev_hash !== prev) findings.push({ kind: 'broken', ...where, detail: 'does not follow the link before it (a link was inserted, removed or changed)' });
    if (linkHash(link) !== link.link_hash) findings.push({ kind: 'broken', ...where, detail: 'the link itself was changed (its hash does not match its fields)' });
    prev = link.link_hash;
    next = link.seq + 1;
  }
}

/**
 * A stream shorter than its head row or its last valid checkpoint lost its newest links. Answers the highest seq a
 * valid checkpoint signs (with no keys, any checkpoint).
 */
function checkTail(stream: string, links: readonly AuditLinkRow[], head: AuditStreamRow | undefined, checkpoints: readonly AuditCheckpointRow[], keys: readonly Buffer[] | undefined, findings: AuditChainFinding[]): number {
  const bySeq = new Map(links.map((l) => [l.seq, l]));
  const last = links.at(-1)?.seq ?? 0;
  let signed = 0;
  for (const cp of checkpoints) {
    const at = new Date(Number(cp.at));
    if (keys && !keys.some((key) => checkpointValid(key, cp.stream_id, cp.seq, cp.head_hash, cp.mac))) {
      findings.push({ kind: 'checkpoint', stream, seq: cp.seq, at, detail: 'its signature does not verify (forged, altered, or signed with an approval key not given as current or previous)' });
      continue;
    }
    signed = Math.max(signed, cp.seq);
    const link = bySeq.get(cp.seq);
    if (cp.seq > last) findings.push({ kind: 'truncated', stream, seq: cp.seq, at, detail: `the checkpoint signed ${cp.seq} links, the stream has ${last}: links ${last + 1}..${cp.seq} were removed` });
    else if (link && link.link_hash !== cp.head_hash) findings.push({ kind: 'checkpoint', recordId: link.record_id, stream, seq: cp.seq, at, detail: 'the link at the signed head is not the one signed' });
  }
  const maxSigned = Math.max(0, ...checkpoints.map((c) => c.seq));
  if (head && head.head_seq > last && head.head_seq > maxSigned) findings.push({ kind: 'truncated', stream, seq: head.head_seq, detail: `the stream's head is at ${head.head_seq}, its links end at ${last}` });
  return signed;
}

/** The link that vouches for a row's content now: the highest rank (started < interrupted < settled), then the latest. */
function newest(links: readonly AuditLinkRow[]): AuditLinkRow {
  return links.reduce((a, b) => (b.rank > a.rank || (b.rank === a.rank && Number(b.at) >= Number(a.at)) ? b : a));
}

/**
 * Walks every stream and matches rows to links. Pure: the rows, links, streams and checkpoints as read, the
 * checkpoint keys, current and previous (none: signatures unchecked), and `since` (findings about older records left out of the report).
 */
export function verifyAuditChain(state: AuditChainState, keys: readonly Buffer[] | undefined, since?: Date): AuditChainReport {
  const findings: AuditChainFinding[] = [];
  const links = byStream(state.links);
  const checkpoints = byStream(state.checkpoints);
  const streams = new Set([...links.keys(), ...checkpoints.keys(), ...state.streams.map((s) => s.id)]);
  const uncovered: AuditChainUncovered[] = [];
  for (const stream of streams) {
    const own = links.get(stream) ?? [];
    const head = state.streams.find((s) => s.id === stream);
    walkLinks(stream, own, findings);
    const signed = checkTail(stream, own, head, checkpoints.get(stream) ?? [], keys, findings);
    const last = own.at(-1)?.seq ?? 0;
    if (last > signed) uncovered.push({ stream, label: head?.label ?? '-', from: signed + 1, to: last });
  }
  const linksOf = new Map<string, AuditLinkRow[]>();
  for (const link of state.links) linksOf.set(link.record_id, [...(linksOf.get(link.record_id) ?? []), link]);
  const rowIds = new Set<string>();
  for (const row of state.rows) {
    rowIds.add(row.id);
    const at = instantOf(row.occurred_at);
    const vouching = linksOf.get(row.id);
    if (!vouching) {
      findings.push({ kind: 'inserted', recordId: row.id, stream: '-', at, detail: 'no link vouches for this record: it was inserted outside the service' });
      continue;
    }
    const link = newest(vouching);
    if (link.row_hash !== rowHash(row)) findings.push({ kind: 'altered', recordId: row.id, stream: link.stream_id, seq: link.seq, at, detail: 'its content is not what its newest link vouches for' });
  }
  for (const [recordId, vouching] of linksOf) {
    if (rowIds.has(recordId)) continue;
    const link = newest(vouching);
    findings.push({ kind: 'removed', recordId, stream: link.stream_id, seq: link.seq, at: new Date(Number(link.at)), detail: 'its link is there, the record is gone' });
  }
  const reported = findings.filter((f) => !since || !f.at || f.at >= since || f.kind === 'truncated' || f.kind === 'checkpoint');
  reported.sort((a, b) => (a.at?.getTime() ?? Infinity) - (b.at?.getTime() ?? Infinity) || (a.seq ?? 0) - (b.seq ?? 0));
  return { ok: reported.length === 0, streams: streams.size, links: state.links.length, records: state.rows.length, checkpoints: state.checkpoints.length, findings: reported, uncovered };
}
