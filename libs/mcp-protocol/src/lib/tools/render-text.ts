/** Aligned `key: value` lines: compact, and every fact of the structured result is in them. */
export function keyValueText(pairs: Record<string, unknown>): string {
  const entries = Object.entries(pairs).filter(([, v]) => v !== undefined);
  const width = Math.max(0, ...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`).join('\n');
}

/**
 * Statistics and bookkeeping that never change what a row means: counters, link history, fast-path counters.
 * Everything else a row holds is meaning (a matcher, an action, a flag) and must reach text-only clients.
 */
const STATISTIC = /^((fp-)?(rx|tx)-(byte|packet|drop|error|queue-drop)s?|bytes|packets|link-downs|last-link-(up|down)-time|\.about|\.nextid)$/;

/** A value as RouterOS writes it on the console: quoted when it has spaces or is empty. */
function consoleValue(value: unknown): string {
  const text = String(value).replace(/[\t\n\r]/g, ' ');
  return /[\s"]/.test(text) || text === '' ? JSON.stringify(text) : text;
}

/**
 * `key=value` words for the properties of a row not already shown, in the row's order, skipping statistics and
 * `false` flags (RouterOS's default for every flag a row can carry; the flags whose `false` matters, such as
 * running, are columns of their tool).
 */
export function moreWords(row: Record<string, unknown>, shown: Iterable<string>): string {
  const skip = new Set(shown);
  return Object.entries(row)
    .filter(([key, value]) => !skip.has(key) && !STATISTIC.test(key) && value !== false && value !== 'false' && value !== '' && value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${consoleValue(value)}`)
    .join(' ');
}

const cell = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v).replace(/[\t\n\r]/g, ' '));

/**
 * Tab-separated rows under a header line; missing values are `-`. With `more`, a last column carries every other
 * meaningful property as `key=value` words, so no matcher, action or flag is lost to a fixed set of columns.
 */
export function tsvText(rows: Record<string, unknown>[], columns: string[], options: { more?: boolean } = {}): string {
  const header = options.more ? [...columns, 'more'] : columns;
  const line = (r: Record<string, unknown>) => [...columns.map((c) => cell(r[c])), ...(options.more ? [moreWords(r, columns) || '-'] : [])].join('\t');
  return [header.join('\t'), ...rows.map(line)].join('\n');
}

/**
 * Ordered rules (firewall filter, NAT) as RouterOS prints them tersely: position, .id, then `chain=… action=…` and
 * every matcher and action property of the rule, a disabled rule marked `X`, the comment last.
 */
export function ruleText(rows: Record<string, unknown>[]): string {
  const lead = ['position', '.id', 'chain', 'action', 'disabled', 'comment'];
  const line = (r: Record<string, unknown>) =>
    [cell(r['position']), cell(r['.id']), `${r['disabled'] === true || r['disabled'] === 'true' ? 'X ' : ''}chain=${cell(r['chain'])} action=${cell(r['action'])} ${moreWords(r, lead)}`.trim() + (r['comment'] ? ` comment=${consoleValue(r['comment'])}` : '')].join('\t');
  return ['position\t.id\trule', ...rows.map(line)].join('\n');
}

/**
 * A row with one column filled from whichever of `sources` the menu has (`ssid` from `configuration.ssid`), the
 * source removed so the text does not say it twice.
 */
export function aliased(row: Record<string, unknown>, column: string, sources: string[]): Record<string, unknown> {
  const source = sources.find((key) => row[key] !== undefined);
  if (source === undefined || source === column) return row;
  const { [source]: value, ...rest } = row;
  return { ...rest, [column]: value };
}

/** A page footer that tells the model how to get the rest. */
export function pageFooter(page: { total_count: number; has_more: boolean; next_cursor?: string }, shown: number): string {
  return page.has_more ? `\n(${shown} of ${page.total_count}; more with cursor=${page.next_cursor})` : `\n(${shown} of ${page.total_count})`;
}
