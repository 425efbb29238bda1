import type { FaultFigures } from './faults.robustness';
import type { FuzzFigures } from './fuzz.robustness';
import type { ShutdownRun } from './shutdown.robustness';

function table(rows: (string | number)[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => (typeof cell === 'number' ? String(cell).padStart(widths[c]) : String(cell).padEnd(widths[c]))).join('  ')).join('\n');
}

/** The figures as compact text tables, for the closing note of a robustness issue. */
export function figuresTable(fuzz: FuzzFigures, faults: FaultFigures, shutdown: ShutdownRun[], violations: string[]): string {
  const f = fuzz;
  const fuzzRows = table([
    ['fuzz (seed ' + f.seed + ')', 'count'],
    ['sessions (1 from before initialize, 2 at 2025-03-26 with batches)', f.sessions],
    ['frames sent (lines)', f.frames_sent],
    ['batch members sent', f.batch_members_sent],
    ['requests owed an answer by id', f.requests_owed_an_id],
    ['answers owed with id null (bad id, no request, bad JSON)', f.null_id_answers_owed],
    ['batch arrays owed', f.batch_arrays_owed],
    ['answers received', f.answers_received],
    ['id-null answers received', f.null_id_answers_received],
    ['batch arrays received', f.batch_arrays_received],
    ['requests unanswered', f.requests_unanswered],
    ['requests answered twice', f.requests_answered_twice],
    ['answers with ids never sent', f.answers_with_ids_never_sent],
    ['requests left hanging until shutdown', f.answered_only_at_shutdown],
    ['stdout lines not JSON / not JSON-RPC', `${f.stdout_not_json} / ${f.stdout_not_jsonrpc}`],
    ['server exits other than 0', f.server_exits_not_0],
  ]);
  const codes = Object.entries(f.codes).sort(([, a], [, b]) => b - a).map(([code, n]) => `${code}: ${n}`).join(', ');
  const faultRows = table([
    ['fault', 'tool', 'outcome', 'ms', 'bound', 'ratio', 'ok'],
    ...faults.calls.map((c) => [c.fault, c.tool, c.outcome, c.elapsed_ms, c.bound_ms, c.ratio.toFixed(2), c.within ? 'yes' : 'NO']),
  ]);
  const recovered = Object.entries(faults.recovered).filter(([, ok]) => ok).length;
  const shutdownRows = table([
    ['stop', 'calls', 'in flight', 'answered', 'ok', 'shutdown err', 'unanswered', 'audited', 'exit', 'exit ms'],
    ...shutdown.map((r) => [r.stop, r.calls, r.in_flight_at_stop, r.answered, r.answered_ok, r.answered_shutdown_error, r.unanswered, r.audit_records, String(r.exit_code), r.exit_ms]),
  ]);
  return [
    fuzzRows,
    `answer codes: ${codes}`,
    '',
    `faults: calls bounded at ${faults.request_bound_ms} ms (REST) and ${faults.export_bound_ms} ms (export); limit bound × 1.1 + ${faults.allowance_ms} ms`,
    faultRows,
    `hung: ${faults.hung}, over the limit: ${faults.over_bound}, max elapsed/bound: ${faults.max_ratio}, device answers again after the fault: ${recovered}/${Object.keys(faults.recovered).length}`,
    '',
    shutdownRows,
    '',
    violations.length ? `INVARIANTS BROKEN (${violations.length}):\n  ${violations.join('\n  ')}` : 'every invariant holds',
  ].join('\n');
}
