import type { AuditChainReport } from './composition';
import { shown } from './display';
import { table } from './render';

/** Findings printed at most; the count says how many more. */
const SHOWN = 100;

/** The machine-readable report (snake_case). */
export function chainReportJson(report: AuditChainReport): Record<string, unknown> {
  return {
    ok: report.ok, streams: report.streams, links: report.links, records: report.records, checkpoints: report.checkpoints,
    findings: report.findings.map((f) => ({ kind: f.kind, record_id: f.recordId ?? null, stream: f.stream, seq: f.seq ?? null, at: f.at?.toISOString() ?? null, detail: f.detail })),
    uncovered: report.uncovered.map((u) => ({ stream: u.stream, label: u.label, from_seq: u.from, to_seq: u.to })),
  };
}

/** Links no checkpoint signs yet: said, never a failure (a running writer, or one killed before its closing checkpoint). */
function uncoveredText(report: AuditChainReport): string {
  if (report.uncovered.length === 0) return '';
  const rows = report.uncovered.map((u) => [shown(u.stream), shown(u.label), `${u.from}..${u.to}`]);
  return `\n\nNot yet covered by a signed checkpoint (a writer still running, or one stopped without its closing checkpoint; a cut-off of these links would go unnoticed):\n${table(['STREAM', 'WRITER', 'SEQ'], rows)}`;
}

/** A line of totals, then the findings oldest first (the first is the earliest tampering). Record ids are escaped: a row inserted by hand may hold anything. */
export function chainReportText(report: AuditChainReport): string {
  const totals = `${report.records} records, ${report.links} links in ${report.streams} streams, ${report.checkpoints} signed checkpoints`;
  if (report.ok) return `Audit chain intact: ${totals}.${uncoveredText(report)}`;
  const rows = report.findings.slice(0, SHOWN).map((f) => [f.kind.toUpperCase(), f.recordId === undefined ? '-' : shown(f.recordId), shown(f.stream), f.seq === undefined ? '-' : String(f.seq), f.at?.toISOString() ?? '-', f.detail]);
  const more = report.findings.length > SHOWN ? `\n… and ${report.findings.length - SHOWN} more (--json lists all)` : '';
  return `Audit chain BROKEN: ${report.findings.length} finding(s); ${totals}.\n\n${table(['FINDING', 'RECORD', 'STREAM', 'SEQ', 'AT', 'DETAIL'], rows)}${more}${uncoveredText(report)}`;
}
