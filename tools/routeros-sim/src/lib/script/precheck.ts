import type { Argument, Expr, Statement } from './ast';
import type { ScriptDevice } from './device';
import { ScriptSyntaxError } from './errors';

const BUILTINS = new Set(['local', 'global', 'set', 'put', 'log', 'delay', 'if', 'while', 'do', 'for', 'foreach', 'return', 'error', 'len', 'tostr', 'tonum', 'tobool', 'toarray', 'typeof', 'pick', 'find', 'nothing', 'execute', 'resolve', 'time', 'retry', 'jobname', 'toip', 'toip6', 'totime', 'tonsec', 'toid', 'parse', 'serialize', 'deserialize', 'convert']);
/** Builtins whose arguments differ between versions (`:serialize options=` is 7.20's): checked against the tree. */
const VERSIONED = new Set(['serialize', 'deserialize', 'convert']);
/** Commands the interpreter answers itself, beyond what the device's tree lists for a menu. */
const OWN = new Set(['find', 'get', 'print', 'run']);

/**
 * Checks what RouterOS checks before a script runs: command names and the argument names of menu commands
 * whose menu is known from the text (relative navigation followed in order). A script with one bad line runs
 * no line at all.
 */
export function precheck(device: ScriptDevice, body: Statement[], cwd: string[] = []): void {
  let here = cwd;
  for (const s of body) here = statement(device, s, here);
}

function statement(device: ScriptDevice, s: Statement, cwd: string[]): string[] {
  const first = s.args[0];
  if (!first) return cwd;
  if (!first.name && first.value.kind === 'block' && s.args.length === 1) {
    precheck(device, first.value.body, cwd);
    return cwd;
  }
  // `$f 1 x=2`: a function call; its values are checked, its code was when it was declared.
  if (!first.name && first.value.kind === 'variable') {
    for (const arg of s.args.slice(1)) values(device, arg.value, cwd);
    return cwd;
  }
  if (!first.name && first.value.kind === 'word' && first.value.text.startsWith(':')) {
    const name = first.value.text.slice(1);
    if (!BUILTINS.has(name)) throw new ScriptSyntaxError(`bad command name ${name}`, s.line, s.column + 1);
    if (VERSIONED.has(name)) checkArgs(device, '', `:${name}`, s.args.slice(1));
    for (const arg of s.args.slice(1)) values(device, arg.value, cwd);
    return cwd;
  }
  const words: { text: string; line: number; column: number }[] = [];
  for (const arg of s.args) {
    if (arg.name || arg.value.kind !== 'word') break;
    words.push({ text: arg.value.text, line: arg.line, column: arg.column });
  }
  if (words.length === 0) throw new ScriptSyntaxError('expected command name', s.line, s.column);
  const step = device.walk(cwd, words);
  if (step.command === undefined) return step.menu;
  const rest = s.args.slice(step.used);
  checkArgs(device, step.menu.join('/'), step.command, rest);
  for (const arg of rest) values(device, arg.value, step.menu);
  if (s.where) values(device, s.where, step.menu);
  return cwd;
}

function checkArgs(device: ScriptDevice, menu: string, command: string, rest: Argument[]): void {
  if (OWN.has(command)) return;
  const allowed = device.argumentsOf(menu, command);
  if (!allowed) return;
  const unknown = rest.find((a) => a.name !== undefined && !allowed.includes(a.name));
  if (unknown) throw new ScriptSyntaxError('expected end of command', unknown.line, unknown.column);
}

/** Blocks and `[…]` inside values are checked too, in the menu their command is in. */
function values(device: ScriptDevice, e: Expr, cwd: string[]): void {
  switch (e.kind) {
    case 'substitution':
      precheck(device, e.body, cwd);
      return;
    case 'block':
      // `{"a";"b"}`, `{1;2}` and `{"a"=1;b=2}` are arrays: single values or named elements, not commands.
      if (e.body.every((s) => s.args.length === 1 && (s.args[0].name !== undefined || !(s.args[0].value.kind === 'word' && /^[:/]/.test(s.args[0].value.text))))) return;
      precheck(device, e.body, cwd);
      return;
    case 'string':
      for (const part of e.parts) if (typeof part !== 'string') values(device, part, cwd);
      return;
    case 'binary':
      values(device, e.left, cwd);
      values(device, e.right, cwd);
      return;
    case 'unary':
      values(device, e.operand, cwd);
      return;
    default:
      return;
  }
}
