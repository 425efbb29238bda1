import type { FaultFigures } from './faults.robustness';
import type { FuzzFigures } from './fuzz.robustness';
import type { ShutdownRun } from './shutdown.robustness';

function table(rows: (string | number)[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => (typeof cell === 'number' ? String(cell).padStart(widths[c]) : String(cell).padEnd(widths[c]))).join('  ')).join('\n');
}

const pair = (a: number, b: number) => `${a}/${b}`;

/** One row per transport × revision: what was owed against what came, the HTTP figures, and memory. */
export function fuzzTable(fuzz: FuzzFigures[]): string {
  const rows: (string | number)[][] = [[
    'transport', 'revision', 'seed', 'frames', 'ids owed', 'answers', 'unanswered', 'twice', 'never sent', 'id-null got/owed', 'arrays got/owed',
    'stdout non-RPC', 'exit!=0', '5xx', 'hangs', 'wrong status', 'HTTP faults bad/sent', 'RSS MB start/end/max', 'heap MB start/end',
  ]];
  for (const f of fuzz) {
    const m = f.memory;
    rows.push([
      f.transport, f.revision, f.seed, f.frames_sent, f.requests_owed_an_id, f.answers_received, f.requests_unanswered + f.answered_only_at_shutdown, f.requests_answered_twice, f.answers_with_ids_never_sent,
      pair(f.null_id_answers_received, f.null_id_answers_owed), pair(f.batch_arrays_received, f.batch_arrays_owed), f.stdout_not_json + f.stdout_not_jsonrpc + f.bodies_not_jsonrpc, f.server_exits_not_0,
      f.http_5xx, f.http_hangs, f.http_wrong_status, pair(f.http_faults_not_4xx_jsonrpc, f.http_faults_sent),
      m ? `${m.rss_start_mb}/${m.rss_end_mb}/${m.rss_max_mb}` : '-', m ? `${m.heap_start_mb}/${m.heap_end_mb}` : '-',
    ]);
  }
  const notes = fuzz.map((f) => {
    const codes = Object.entries(f.codes).sort(([, a], [, b]) => b - a).map(([code, n]) => `${code}: ${n}`).join(', ');
    const statuses = Object.entries(f.http_status).map(([s, n]) => `${s}: ${n}`).join(', ');
    return `${f.transport} ${f.revision}: ${f.sessions} session(s), ${f.batch_members_sent} batch members; answer codes ${codes}${statuses ? `; HTTP statuses ${statuses}; notifications refused 4xx: ${f.notifications_refused}; 2025-03-26 batches refused whole: ${f.batches_refused_whole}` : ''}${f.examples.length ? `\n  examples:\n    ${f.examples.join('\n    ')}` : ''}`;
  });
  return [table(rows), ...notes].join('\n');
}

/** The figures as compact text tables, for the closing note of a robustness issue. */
export function figuresTable(fuzz: FuzzFigures[], faults: FaultFigures | undefined, shutdown: ShutdownRun[] | undefined, violations: string[]): string {
  const sections = [fuzzTable(fuzz), ''];
  if (faults) {
    const faultRows = table([
      ['fault', 'tool', 'outcome', 'ms', 'bound', 'ratio', 'ok'],
      ...faults.calls.map((c) => [c.fault, c.tool, c.outcome, c.elapsed_ms, c.bound_ms, c.ratio.toFixed(2), c.within ? 'yes' : 'NO']),
    ]);
    const recovered = Object.entries(faults.recovered).filter(([, ok]) => ok).length;
    sections.push(
      `faults: calls bounded at ${faults.request_bound_ms} ms (REST) and ${faults.export_bound_ms} ms (export); limit bound × 1.1 + ${faults.allowance_ms} ms`,
      faultRows,
      `hung: ${faults.hung}, over the limit: ${faults.over_bound}, max elapsed/bound: ${faults.max_ratio}, device answers again after the fault: ${recovered}/${Object.keys(faults.recovered).length}`,
      '',
    );
  }
  if (shutdown) {
    sections.push(table([
      ['stop', 'calls', 'in flight', 'answered', 'ok', 'shutdown err', 'unanswered', 'audited', 'exit', 'exit ms'],
      ...shutdown.map((r) => [r.stop, r.calls, r.in_flight_at_stop, r.answered, r.answered_ok, r.answered_shutdown_error, r.unanswered, r.audit_records, String(r.exit_code), r.exit_ms]),
    ]), '');
  }
  sections.push(violations.length ? `INVARIANTS BROKEN (${violations.length}):\n  ${violations.join('\n  ')}` : 'every invariant holds');
  return sections.join('\n');
}
