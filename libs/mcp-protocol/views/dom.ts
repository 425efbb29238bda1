/**
 * The one way views put text on the page: every string becomes a text node (textContent), never markup, so what a
 * model or a device wrote (a comment holding `<script>`) shows as the characters it is. No innerHTML anywhere.
 */
export type Child = Node | string | number | null | undefined | false | Child[];

export function h(tag: string, props: { class?: string; title?: string; [attr: string]: string | undefined } = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (name === 'class') element.className = value;
    else element.setAttribute(name, value);
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** A value of a result as display text: anything not a string or number is shown as JSON, never interpreted. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** Only http(s) URLs are links; anything else (javascript:, data:) is not one. */
export function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A coloured badge for a status word (ok, failed, pending, …): its class comes from a fixed list, never from the value. */
const TONES: Record<string, string> = {
  pass: 'good', passed: 'good', ok: 'good', applied: 'good', completed: 'good', succeeded: 'good', reachable: 'good', approved: 'good', low: 'good',
  warn: 'warn', warning: 'warn', medium: 'warn', pending: 'warn', pending_approval: 'warn', executing: 'info', rolling_back: 'warn', paused: 'warn', skipped: 'muted', cancelled: 'muted', expired: 'muted',
  fail: 'bad', failed: 'bad', blocked: 'bad', high: 'bad', critical: 'bad', unreachable: 'bad', rejected: 'bad', rolled_back: 'warn', halted: 'bad', error: 'bad',
};
export function badge(value: unknown): HTMLElement {
  const word = text(value);
  return h('span', { class: `badge ${TONES[word.toLowerCase()] ?? 'muted'}` }, word);
}

/** `key: value` rows of a definition list. */
export function facts(rows: [string, Child][]): HTMLElement {
  return h('dl', { class: 'facts' }, rows.filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
}

/** Lines of a unified diff, each coloured by its first character. */
export function diffBlock(lines: readonly unknown[]): HTMLElement {
  return h(
    'pre',
    { class: 'diff' },
    lines.map((raw) => {
      const line = text(raw);
      const tone = line.startsWith('+++') || line.startsWith('---') ? 'file' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : 'ctx';
      return h('span', { class: `line ${tone}` }, line, '\n');
    }),
  );
}

/** A table of rows: headers, then one cell list per row. */
export function table(headers: string[], rows: Child[][]): HTMLElement {
  return h('table', {}, h('thead', {}, h('tr', {}, headers.map((c) => h('th', { scope: 'col' }, c)))), h('tbody', {}, rows.map((cells) => h('tr', {}, cells.map((c) => h('td', {}, c))))));
}

/** A bar for a percentage (CPU, memory, progress): a <meter>, which a screen reader reads as the number. */
export function meter(percent: number | null | undefined, label: string): Child {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '–';
  const clamped = Math.max(0, Math.min(100, percent));
  return h('span', { class: 'meter' }, h('meter', { min: '0', max: '100', low: '70', high: '90', optimum: '0', value: String(clamped), 'aria-label': label }), ` ${clamped}%`);
}
