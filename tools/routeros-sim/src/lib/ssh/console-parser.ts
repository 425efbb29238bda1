/**
 * Reads RouterOS console input into commands: words, `name=value` arguments, double-quoted values with the
 * console's escapes and `[find name=value]` item selectors, commands separated by `;` or new lines. Only the
 * forms the product sends are understood; anything else is a syntax error with its column, as on a device.
 */

/** One word of a command: a path segment, a command name, a positional value or `name=value`. */
export interface ConsoleWord {
  /** 1-based column in its line, as RouterOS reports errors. */
  column: number;
  /** The word before `=` (or the whole word when there is no `=`), unquoted. */
  text: string;
  /** The value after `=`, unquoted and unescaped; undefined for a bare word. */
  value?: string;
  /** `[find name=value ...]`: the item selector's conditions. */
  find?: Record<string, string>;
}

export interface ConsoleLine {
  line: number;
  words: ConsoleWord[];
}

export class ConsoleSyntaxError extends Error {
  constructor(
    readonly text: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${text} (line ${line} column ${column})`);
  }
}

/** Values the product leaves unquoted; anything else must come in double quotes. */
const BARE = /^[A-Za-z0-9._:/,*+@!-]$/;
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', $: '$', '?': '?', n: '\n', r: '\r', t: '\t', _: ' ' };

class Cursor {
  at = 0;
  line = 1;
  lineStart = 0;
  constructor(readonly text: string) {}

  get column(): number {
    return this.at - this.lineStart + 1;
  }

  peek(): string | undefined {
    return this.text[this.at];
  }

  fail(text = 'syntax error'): never {
    throw new ConsoleSyntaxError(text, this.line, this.column);
  }
}

function quoted(c: Cursor): string {
  c.at++; // opening quote
  let out = '';
  for (;;) {
    const ch = c.peek();
    if (ch === undefined || ch === '\n') c.fail();
    c.at++;
    if (ch === '"') return out;
    if (ch === '\\') {
      const next = c.peek();
      if (next === undefined || !(next in ESCAPES)) c.fail();
      out += ESCAPES[next];
      c.at++;
    } else if (ch === '$' || ch === '?') {
      c.fail(); // a variable or a help request inside a value: not a form the product sends
    } else out += ch;
  }
}

function bare(c: Cursor, stopAtEquals: boolean): string {
  let out = '';
  for (let ch = c.peek(); ch !== undefined && !/[\s;\]]/.test(ch); ch = c.peek()) {
    if (stopAtEquals && ch === '=') break;
    if (!BARE.test(ch)) c.fail();
    out += ch;
    c.at++;
  }
  return out;
}

function value(c: Cursor): string {
  return c.peek() === '"' ? quoted(c) : bare(c, false);
}

function skipBlanks(c: Cursor): void {
  while (c.peek() === ' ' || c.peek() === '\t' || c.peek() === '\r') c.at++;
}

/** `[find name="x" disabled=no]` or `[ find ... ]`. */
function selector(c: Cursor): Record<string, string> {
  c.at++;
  skipBlanks(c);
  if (bare(c, true) !== 'find') c.fail();
  const conditions: Record<string, string> = {};
  for (;;) {
    skipBlanks(c);
    if (c.peek() === ']') {
      c.at++;
      return conditions;
    }
    const name = bare(c, true);
    if (!name || c.peek() !== '=') c.fail();
    c.at++;
    conditions[name] = value(c);
  }
}

function word(c: Cursor): ConsoleWord {
  const column = c.column;
  if (c.peek() === '[') return { column, text: '', find: selector(c) };
  if (c.peek() === '"') return { column, text: quoted(c) };
  const text = bare(c, true);
  if (!text) c.fail();
  if (c.peek() !== '=') return { column, text };
  c.at++;
  return { column, text, value: value(c) };
}

/** Splits console input into its commands; throws ConsoleSyntaxError at the first thing it cannot read. */
export function parseConsole(input: string): ConsoleLine[] {
  const lines: ConsoleLine[] = [];
  const c = new Cursor(input);
  let current: ConsoleWord[] = [];
  const flush = () => {
    if (current.length > 0) lines.push({ line: c.line, words: current });
    current = [];
  };
  for (;;) {
    skipBlanks(c);
    const ch = c.peek();
    if (ch === undefined) break;
    if (ch === ';') {
      c.at++;
      flush();
      continue;
    }
    if (ch === '\n') {
      c.at++;
      flush();
      c.line++;
      c.lineStart = c.at;
      continue;
    }
    const next = word(c);
    const after = c.peek();
    if (after !== undefined && !/[\s;]/.test(after)) c.fail();
    current.push(next);
  }
  flush();
  return lines;
}
