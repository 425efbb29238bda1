/** Aligned `key: value` lines: compact, and every fact of the structured result is in them. */
export function keyValueText(pairs: Record<string, unknown>): string {
  const entries = Object.entries(pairs).filter(([, v]) => v !== undefined);
  const width = Math.max(0, ...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`).join('\n');
}

/** Tab-separated rows under a header line; missing values are `-`. */
export function tsvText(rows: Record<string, unknown>[], columns: string[]): string {
  const clean = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v).replace(/[\t\n\r]/g, ' '));
  return [columns.join('\t'), ...rows.map((r) => columns.map((c) => clean(r[c])).join('\t'))].join('\n');
}

/** A page footer that tells the model how to get the rest. */
export function pageFooter(page: { total_count: number; has_more: boolean; next_cursor?: string }, shown: number): string {
  return page.has_more ? `\n(${shown} of ${page.total_count}; more with cursor=${page.next_cursor})` : `\n(${shown} of ${page.total_count})`;
}
