import { ScriptSyntaxError } from './errors';

/**
 * Splits script text into tokens. The language is read differently in a command (`add name=x comment="y"`:
 * words run to the next blank) and in an expression (`($a + 1)`, `where comment~"x"`: operators split words),
 * so the parser says which it wants.
 */
export type Mode = 'command' | 'expr';

export type StringPart = string | { variable: string } | { source: string; line: number; column: number };

export type Token =
  | { kind: 'word'; text: string; line: number; column: number; glued: boolean }
  | { kind: 'string'; parts: StringPart[]; line: number; column: number; glued: boolean }
  | { kind: 'variable'; name: string; line: number; column: number; glued: boolean }
  | { kind: 'punct'; text: string; line: number; column: number; glued: boolean }
  | { kind: 'end'; text: '\n' | ''; line: number; column: number; glued: boolean };

const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', $: '$', '?': '?', n: '\n', r: '\r', t: '\t', _: ' ', a: '\x07', b: '\b', f: '\f', v: '\v' };
const OPERATORS = ['->', '&&', '||', '!=', '<=', '>=', '=', '<', '>', '!', '+', '-', '*', '/', '.', '~', ','];
const COMMAND_WORD = /[^\s{}[\]();"=]/;
const EXPR_WORD = /[A-Za-z0-9_:*-]/;

export class Lexer {
  private at = 0;
  private line = 1;
  private lineStart = 0;

  constructor(
    private readonly text: string,
    private readonly firstLine = 1,
    private readonly firstColumn = 1,
  ) {
    this.line = firstLine;
  }

  private get column(): number {
    return this.at - this.lineStart + (this.line === this.firstLine ? this.firstColumn : 1);
  }

  fail(text = 'syntax error', line = this.line, column = this.column): never {
    throw new ScriptSyntaxError(text, line, column);
  }

  /** The next token without taking it. */
  peek(mode: Mode): Token {
    const saved = [this.at, this.line, this.lineStart];
    const token = this.next(mode);
    [this.at, this.line, this.lineStart] = saved;
    return token;
  }

  next(mode: Mode): Token {
    const before = this.at;
    this.skipBlanks();
    const glued = this.at === before && before > 0;
    const line = this.line;
    const column = this.column;
    const ch = this.text[this.at];
    if (ch === undefined) return { kind: 'end', text: '', line, column, glued };
    if (ch === '\n') {
      this.at++;
      this.line++;
      this.lineStart = this.at;
      return { kind: 'end', text: '\n', line, column, glued };
    }
    if ('{}[]();'.includes(ch)) {
      this.at++;
      return { kind: 'punct', text: ch, line, column, glued };
    }
    if (ch === '"') return { kind: 'string', parts: this.string(), line, column, glued };
    if (ch === '$') {
      this.at++;
      return { kind: 'variable', name: this.variableName(), line, column, glued };
    }
    if (mode === 'command') {
      if (ch === '=') {
        this.at++;
        return { kind: 'punct', text: '=', line, column, glued };
      }
      return { kind: 'word', text: this.take(COMMAND_WORD), line, column, glued };
    }
    const operator = OPERATORS.find((op) => this.text.startsWith(op, this.at));
    // A digit after `-` or `/` belongs to the word (`-1`, `10.0.0.0/8`) only when the word already started.
    if (EXPR_WORD.test(ch) && ch !== '-') return { kind: 'word', text: this.exprWord(), line, column, glued };
    if (operator) {
      this.at += operator.length;
      return { kind: 'punct', text: operator, line, column, glued };
    }
    return this.fail();
  }

  private exprWord(): string {
    let out = '';
    for (;;) {
      const ch = this.text[this.at];
      const after = this.text[this.at + 1] ?? '';
      if (ch !== undefined && EXPR_WORD.test(ch) && !(ch === '-' && !/[A-Za-z0-9]/.test(after))) out += ch;
      else if ((ch === '.' || ch === '/') && /^\d/.test(out) && /\d/.test(after)) out += ch;
      else return out;
      this.at++;
    }
  }

  private take(allowed: RegExp): string {
    let out = '';
    while (this.text[this.at] !== undefined && allowed.test(this.text[this.at])) out += this.text[this.at++];
    return out;
  }

  private variableName(): string {
    if (this.text[this.at] === '"') return this.string().map((p) => (typeof p === 'string' ? p : '')).join('');
    const name = this.take(/[A-Za-z0-9_]/);
    if (!name) this.fail();
    return name;
  }

  private skipBlanks(): void {
    for (;;) {
      const ch = this.text[this.at];
      if (ch === ' ' || ch === '\t' || ch === '\r') this.at++;
      else if (ch === '\\' && (this.text[this.at + 1] === '\n' || this.text.startsWith('\r\n', this.at + 1))) {
        this.at += this.text[this.at + 1] === '\n' ? 2 : 3;
        this.line++;
        this.lineStart = this.at;
      } else if (ch === '#' && /^[ \t]*$/.test(this.text.slice(this.lineStart, this.at))) {
        while (this.text[this.at] !== undefined && this.text[this.at] !== '\n') this.at++;
      } else return;
    }
  }

  /** A double-quoted string: escapes, `$name` and `$(expression)` pieces. */
  private string(): StringPart[] {
    this.at++;
    const parts: StringPart[] = [];
    let literal = '';
    for (;;) {
      const ch = this.text[this.at];
      if (ch === undefined) this.fail();
      this.at++;
      if (ch === '"') break;
      if (ch === '\n') {
        this.line++;
        this.lineStart = this.at;
        literal += ch;
      } else if (ch === '\\') {
        const next = this.text[this.at];
        if (next !== undefined && /[0-9A-Fa-f]/.test(next) && /[0-9A-Fa-f]/.test(this.text[this.at + 1] ?? '')) {
          literal += String.fromCharCode(parseInt(this.text.slice(this.at, this.at + 2), 16));
          this.at += 2;
        } else if (next !== undefined && next in ESCAPES) {
          literal += ESCAPES[next];
          this.at++;
        } else this.fail();
      } else if (ch === '$' && (this.text[this.at] === '(' || this.text[this.at] === '[')) {
        // `$(expression)` and `$[command]`: the parser reads the piece as an expression (`[…]` included).
        const [open, close] = this.text[this.at] === '(' ? ['(', ')'] : ['[', ']'];
        const line = this.line;
        const column = this.column + (open === '(' ? 1 : 0);
        const start = this.at + (open === '(' ? 1 : 0);
        let depth = 0;
        for (; this.at < this.text.length; this.at++) {
          if (this.text[this.at] === open) depth++;
          else if (this.text[this.at] === close && --depth === 0) break;
        }
        if (depth !== 0) this.fail();
        if (literal) parts.push(literal);
        literal = '';
        parts.push({ source: this.text.slice(start, this.at + (open === '(' ? 0 : 1)), line, column });
        this.at++;
      } else if (ch === '$' && /[A-Za-z0-9_]/.test(this.text[this.at] ?? '')) {
        if (literal) parts.push(literal);
        literal = '';
        parts.push({ variable: this.take(/[A-Za-z0-9_]/) });
      } else literal += ch;
    }
    if (literal || parts.length === 0) parts.push(literal);
    return parts;
  }
}
