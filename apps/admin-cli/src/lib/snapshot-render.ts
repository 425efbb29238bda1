import type { ConfigSnapshot, SnapshotDiff, SnapshotSummary } from './composition';
import { styleText } from 'node:util';
import { shown } from './display';
import { table } from './render';

const iso = (d: Date) => d.toISOString();

/** The machine-readable shapes (snake_case, as the MCP tools answer). */
export function snapshotSummaryJson(s: SnapshotSummary): Record<string, unknown> {
  return { id: s.id, device_id: s.deviceId, captured_at: iso(s.capturedAt), last_seen_at: iso(s.lastSeenAt), reason: s.reason, content_hash: s.contentHash, lines: s.lineCount };
}

export function snapshotJson(s: ConfigSnapshot, lines: string[]): Record<string, unknown> {
  return { id: s.id, device_id: s.deviceId, captured_at: iso(s.capturedAt), last_seen_at: iso(s.lastSeenAt), reason: s.reason, content_hash: s.contentHash, header: s.header, lines };
}

export function diffJson(d: SnapshotDiff): Record<string, unknown> {
  return { device_id: d.deviceId, from: d.from.id, to: d.to.id, section: d.section ?? null, added: d.added, removed: d.removed, diff: d.unified };
}

export function snapshotTable(items: SnapshotSummary[]): string {
  if (items.length === 0) return 'No snapshots yet.';
  return table(['ID', 'CAPTURED', 'LAST SEEN', 'REASON', 'LINES'], items.map((s) => [s.id, iso(s.capturedAt), iso(s.lastSeenAt), s.reason, String(s.lineCount)]));
}

/** The export as the device wrote it, each line escaped: a comment or a name on the device cannot fake a line. */
export function snapshotText(s: ConfigSnapshot, lines: string[], color: boolean): string {
  const header = `# ${s.id} of ${s.deviceId}, captured ${iso(s.capturedAt)} (${shown(s.reason)}), last seen ${iso(s.lastSeenAt)}`;
  return [color ? styleText('dim', header) : header, ...lines.map(shown)].join('\n');
}

/** A unified diff, red and green on a terminal; `no differences` when there are none. */
export function diffText(d: SnapshotDiff, color: boolean): string {
  if (!d.unified) return `no differences between ${d.from.id} and ${d.to.id}${d.section ? ` in ${shown(d.section)}` : ''}`;
  // Split on the diff's own line breaks, then each line escaped (a carriage return or an escape the device holds).
  const lines = d.unified.replace(/\n$/, '').split('\n').map(shown);
  if (!color) return lines.join('\n');
  return lines
    .map((line) => {
      if (line.startsWith('---') || line.startsWith('+++')) return styleText('bold', line);
      if (line.startsWith('@@')) return styleText('cyan', line);
      if (line.startsWith('+')) return styleText('green', line);
      if (line.startsWith('-')) return styleText('red', line);
      return line;
    })
    .join('\n');
}
