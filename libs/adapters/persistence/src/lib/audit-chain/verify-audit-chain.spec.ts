import type { AuditLinkRow } from '../records/audit-chain.record';
import { checkpointKeyOf, checkpointMac, GENESIS, HashableAuditRow, linkHash, rankOf, rowHash } from './audit-hash';
import { AuditChainState, verifyAuditChain } from './verify-audit-chain';

const key = checkpointKeyOf(Buffer.alloc(32, 1));
const row = (id: string, s: number, outcome = 'success'): HashableAuditRow => ({
  id, occurred_at: new Date(Date.UTC(2026, 0, 1, 0, 0, s)), correlation_id: null, principal: 'os:alice', via: 'admin-cli', session_id: null, client_name: null,
  client_version: null, action: 'device.add', device_id: 'r1', plan_id: null, arguments: '{"a":1}', outcome, error_code: null, duration_ms: 3, note: null,
});

/** A chain as the writer builds it: one link per write, a checkpoint at the end. */
function chain(stream: string, writes: HashableAuditRow[]): AuditChainState {
  let prev = GENESIS;
  const links: AuditLinkRow[] = writes.map((r, i) => {
    const fields = { stream_id: stream, seq: i + 1, record_id: r.id, rank: rankOf(r.outcome), row_hash: rowHash(r), prev_hash: prev };
    prev = linkHash(fields);
    return { ...fields, link_hash: prev, at: (r.occurred_at as Date).getTime() };
  });
  const last = new Map(writes.map((r) => [r.id, r]));
  return {
    rows: [...last.values()],
    links,
    streams: [{ id: stream, label: 'h:1', started_at: 0, head_seq: links.length, head_hash: prev }],
    checkpoints: [{ stream_id: stream, seq: links.length, head_hash: prev, mac: checkpointMac(key, stream, links.length, prev), at: 2_000 }],
  };
}

const kinds = (state: AuditChainState) => verifyAuditChain(state, [key]).findings.map((f) => `${f.kind}:${f.recordId ?? '-'}:${f.seq ?? '-'}`);

describe('verifyAuditChain', () => {
  const good = () => chain('s1', [row('a', 1), row('b', 2, 'started'), row('c', 3), row('b', 4)]);

  it('passes an untouched chain, whose settled record has two links', () => {
    expect(verifyAuditChain(good(), [key])).toMatchObject({ ok: true, findings: [], uncovered: [], links: 4, records: 3, streams: 1, checkpoints: 1 });
  });

  it('ignores SQLite text dates and PostgreSQL string numbers', () => {
    const state = good();
    const rows = state.rows.map((r) => ({ ...r, occurred_at: (r.occurred_at as Date).toISOString().replace('T', ' ').replace('Z', ''), duration_ms: '3' }));
    expect(verifyAuditChain({ ...state, rows }, [key]).ok).toBe(true);
  });

  it('names an altered record, a removed one and an inserted one', () => {
    const state = good();
    const rows = [{ ...state.rows[0], outcome: 'error' }, ...state.rows.slice(2), row('z', 9)];
    expect(kinds({ ...state, rows })).toEqual(['altered:a:1', 'removed:b:4', 'inserted:z:-']);
  });

  it('names a record put back to its first state: only its newest link vouches', () => {
    const state = good();
    expect(kinds({ ...state, rows: [state.rows[0], row('b', 2, 'started'), state.rows[2]] })).toEqual(['altered:b:4']);
  });

  it('names a gap, a changed link and a truncated tail', () => {
    const state = good();
    expect(kinds({ ...state, links: [state.links[0], ...state.links.slice(2)], rows: state.rows })).toEqual(['broken:c:3']);
    expect(kinds({ ...state, links: state.links.map((l) => (l.seq === 2 ? { ...l, at: 1_001, rank: 2 } : l)) })).toContain('broken:b:2');
    const cut = { ...state, links: state.links.slice(0, 2), rows: [state.rows[0], row('b', 2, 'started')], streams: [{ ...state.streams[0], head_seq: 2 }] };
    expect(kinds(cut)).toEqual(['truncated:-:4']);
  });

  it('names a forged checkpoint, and checks none without the key', () => {
    const state = good();
    const forged = { ...state, checkpoints: [{ ...state.checkpoints[0], mac: '00'.repeat(32) }] };
    expect(kinds(forged)).toEqual(['checkpoint:-:4']);
    expect(verifyAuditChain(forged, undefined).ok).toBe(true);
    expect(kinds({ ...state, checkpoints: [] , streams: [{ ...state.streams[0], head_seq: 6 }] })).toEqual(['truncated:-:6']);
  });

  it('accepts a checkpoint signed with a previous approval key given beside the current one, and only then', () => {
    const current = checkpointKeyOf(Buffer.alloc(32, 2));
    expect(verifyAuditChain(good(), [current]).findings.map((f) => f.kind)).toEqual(['checkpoint']);
    expect(verifyAuditChain(good(), [current, key])).toMatchObject({ ok: true, findings: [] });
    expect(verifyAuditChain(good(), [current, checkpointKeyOf(Buffer.alloc(32, 3))]).ok).toBe(false);
  });

  it('reports only records at or after since, yet still walks every link', () => {
    const state = good();
    const rows = [{ ...state.rows[0], outcome: 'error' }, state.rows[1], { ...state.rows[2], note: 'x' }];
    const since = new Date(Date.UTC(2026, 0, 1, 0, 0, 3));
    expect(verifyAuditChain({ ...state, rows }, [key], since).findings.map((f) => f.recordId)).toEqual(['c']);
  });

  it('reports the links of a writer killed after its last checkpoint as uncovered, not as a finding', () => {
    const state = good();
    // Killed after link 4 with its checkpoint at 2: links and head moved together (one transaction), no closing checkpoint.
    const killed = { ...state, checkpoints: [{ ...state.checkpoints[0], seq: 2, head_hash: state.links[1].link_hash, mac: checkpointMac(key, 's1', 2, state.links[1].link_hash) }] };
    expect(verifyAuditChain(killed, [key])).toMatchObject({ ok: true, findings: [], uncovered: [{ stream: 's1', label: 'h:1', from: 3, to: 4 }] });
    expect(verifyAuditChain({ ...state, checkpoints: [] }, [key], new Date(Date.UTC(2027, 0, 1)))).toMatchObject({ ok: true, uncovered: [{ stream: 's1', from: 1, to: 4 }] });
    // A forged checkpoint covers nothing.
    const forged = { ...state, checkpoints: [{ ...state.checkpoints[0], mac: '00'.repeat(32) }] };
    expect(verifyAuditChain(forged, [key]).uncovered).toEqual([{ stream: 's1', label: 'h:1', from: 1, to: 4 }]);
  });
});
