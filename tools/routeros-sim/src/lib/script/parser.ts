import type { Argument, Expr, Statement } from './ast';
import { Lexer, StringPart, Token } from './lexer';
import { bareValue } from './values';

const BINARY: string[][] = [['||', 'or'], ['&&', 'and'], ['=', '!=', '<', '>', '<=', '>=', '~', 'in'], ['.'], ['+', '-'], ['*', '/'], ['->']];

/** Reads a whole script into statements; a ScriptSyntaxError names the first line and column it cannot read. */
export function parseScript(source: string): Statement[] {
  return statements(new Lexer(source), '');
}

function statements(lexer: Lexer, closer: '' | '}' | ']'): Statement[] {
  const out: Statement[] = [];
  for (;;) {
    const token = lexer.peek('command');
    if (token.kind === 'end' && token.text === '') {
      if (closer) lexer.fail();
      return out;
    }
    if (token.kind === 'punct' && (token.text === '}' || token.text === ']')) {
      if (token.text !== closer) lexer.fail('syntax error', token.line, token.column);
      lexer.next('command');
      return out;
    }
    if (token.kind === 'end' || (token.kind === 'punct' && token.text === ';')) {
      lexer.next('command');
      continue;
    }
    out.push(statement(lexer));
  }
}

function statement(lexer: Lexer): Statement {
  const first = lexer.peek('command');
  const args: Argument[] = [];
  let where: Expr | undefined;
  for (;;) {
    const token = lexer.peek('command');
    if (token.kind === 'end' || (token.kind === 'punct' && (token.text === ';' || token.text === '}' || token.text === ']'))) break;
    if (token.kind === 'word' && token.text === 'where') {
      lexer.next('command');
      where = expression(lexer, true);
      continue;
    }
    if (token.kind === 'word') {
      lexer.next('command');
      const value = namedValue(lexer);
      args.push(value ? { name: token.text, value, line: token.line, column: token.column } : { value: word(token), line: token.line, column: token.column });
      continue;
    }
    // `"key"=value`: a keyed array's element (`{"a"=1;"b"=2}`).
    if (token.kind === 'string' && token.parts.every((p) => typeof p === 'string')) {
      lexer.next('command');
      const value = namedValue(lexer);
      args.push(value ? { name: token.parts.join(''), value, line: token.line, column: token.column } : { value: stringExpr(token.parts, token.line, token.column), line: token.line, column: token.column });
      continue;
    }
    args.push({ value: commandValue(lexer), line: token.line, column: token.column });
  }
  return { args, where, line: first.line, column: first.column };
}

/** After a name: `=value` glued to it (an empty value when nothing follows), or undefined when no `=` follows. */
function namedValue(lexer: Lexer): Expr | undefined {
  const eq = lexer.peek('command');
  if (eq.kind !== 'punct' || eq.text !== '=' || !eq.glued) return undefined;
  lexer.next('command');
  const after = lexer.peek('command');
  const empty = !after.glued || after.kind === 'end' || (after.kind === 'punct' && ';}]'.includes(after.text));
  return empty ? { kind: 'word', text: '', value: '', line: eq.line, column: eq.column + 1 } : commandValue(lexer);
}

const word = (token: Token & { kind: 'word' }): Expr => ({ kind: 'word', text: token.text, value: bareValue(token.text), line: token.line, column: token.column });

/** A value in a command: a word, a string, `$var`, `[…]`, `(…)` or `{…}`. */
function commandValue(lexer: Lexer): Expr {
  const token = lexer.next('command');
  switch (token.kind) {
    case 'word':
      return word(token);
    case 'string':
      return stringExpr(token.parts, token.line, token.column);
    case 'variable':
      return { kind: 'variable', name: token.name, line: token.line, column: token.column };
    case 'punct':
      return bracketed(lexer, token);
    default:
      return lexer.fail('syntax error', token.line, token.column);
  }
}

function bracketed(lexer: Lexer, token: Token & { kind: 'punct' }): Expr {
  const at = { line: token.line, column: token.column };
  if (token.text === '[') return { kind: 'substitution', body: statements(lexer, ']'), ...at };
  if (token.text === '{') return { kind: 'block', body: statements(lexer, '}'), ...at };
  if (token.text === '(') {
    const inner = expression(lexer, false);
    const close = lexer.next('expr');
    if (close.kind !== 'punct' || close.text !== ')') lexer.fail('syntax error', close.line, close.column);
    return inner;
  }
  return lexer.fail('syntax error', token.line, token.column);
}

function stringExpr(parts: StringPart[], line: number, column: number): Expr {
  return {
    kind: 'string',
    line,
    column,
    parts: parts.map((part) => {
      if (typeof part === 'string') return part;
      if ('variable' in part) return { kind: 'variable', name: part.variable, line, column };
      const inner = new Lexer(part.source, part.line, part.column);
      const expr = expression(inner, false);
      const end = inner.next('expr');
      if (end.kind !== 'end' || end.text !== '') inner.fail('syntax error', end.line, end.column);
      return expr;
    }),
  };
}

/** An expression by precedence; `where` reads bare words as property names at evaluation. */
function expression(lexer: Lexer, where: boolean, level = 0): Expr {
  if (level === BINARY.length) return unary(lexer, where);
  let left = expression(lexer, where, level + 1);
  for (;;) {
    const token = lexer.peek('expr');
    const op = token.kind === 'punct' || token.kind === 'word' ? token.text : undefined;
    if (op === undefined || !BINARY[level].includes(op)) return left;
    lexer.next('expr');
    const right = expression(lexer, where, level + 1);
    left = { kind: 'binary', op: op === 'and' ? '&&' : op === 'or' ? '||' : op, left, right, line: token.line, column: token.column };
  }
}

function unary(lexer: Lexer, where: boolean): Expr {
  const token = lexer.next('expr');
  const at = { line: token.line, column: token.column };
  if (token.kind === 'punct' && (token.text === '!' || token.text === '-')) return { kind: 'unary', op: token.text, operand: unary(lexer, where), ...at };
  if (token.kind === 'word' && token.text === 'not') return { kind: 'unary', op: '!', operand: unary(lexer, where), ...at };
  if (token.kind === 'word') return word(token);
  if (token.kind === 'string') return stringExpr(token.parts, token.line, token.column);
  if (token.kind === 'variable') return { kind: 'variable', name: token.name, ...at };
  if (token.kind === 'punct' && '[({'.includes(token.text)) return bracketed(lexer, token);
  return lexer.fail('syntax error', token.line, token.column);
}
