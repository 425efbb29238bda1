import type { Argument, Expr, Statement } from './ast';
import type { PrintOptions, ScriptDevice } from './device';
import { ScriptFailure, ScriptSyntaxError } from './errors';
import { Duration, ItemId, NIL, NOTHING, ScriptValue, equal, parseDuration, rowValue, toBool, toNum, toStr, typeOf } from './values';

/** `:return` unwinds to the script's top. */
class Return {
  constructor(readonly value: ScriptValue) {}
}

class Scope {
  readonly vars = new Map<string, ScriptValue>();
  constructor(readonly parent?: Scope) {}
  lookup(name: string): Scope | undefined {
    return this.vars.has(name) ? this : this.parent?.lookup(name);
  }
}

export interface RunOptions {
  /** Device-wide `:global` variables (`/system/script/environment`). */
  globals: Map<string, ScriptValue>;
  /** `:put` and `print` output. */
  output: (text: string) => void;
}

interface Frame {
  scope: Scope;
  /** The menu relative commands run in (`/ip firewall filter` on its own line moves there). */
  cwd: string[];
  /** Properties of the row a `where` looks at. */
  row?: Record<string, string>;
  /** Inside `[ … ]`: a command's value is the result, so `print count-only` prints nothing. */
  quiet?: boolean;
}

/** Runs parsed statements against a device, as RouterOS runs a script. */
export class Interpreter {
  constructor(
    private readonly device: ScriptDevice,
    private readonly options: RunOptions,
  ) {}

  /** Runs from the menu `cwd` (an interactive session's current menu; the root for scripts). */
  async run(body: Statement[], cwd: string[] = []): Promise<void> {
    try {
      await this.block(body, { scope: new Scope(), cwd });
    } catch (error) {
      if (!(error instanceof Return)) throw error;
    }
  }

  private async block(body: Statement[], frame: Frame): Promise<ScriptValue> {
    const inner: Frame = { scope: new Scope(frame.scope), cwd: frame.cwd, quiet: frame.quiet };
    let last: ScriptValue = NOTHING;
    for (const statement of body) last = await this.statement(statement, inner);
    return last;
  }

  private async statement(s: Statement, frame: Frame): Promise<ScriptValue> {
    const first = s.args[0];
    if (!first) return NOTHING;
    if (!first.name && first.value.kind === 'block' && s.args.length === 1) return this.block(first.value.body, frame);
    if (!first.name && first.value.kind === 'word' && first.value.text.startsWith(':')) return this.builtin(first.value.text.slice(1), s, frame);
    return this.menuCommand(s, frame);
  }

  // ---- expressions

  async eval(e: Expr, frame: Frame): Promise<ScriptValue> {
    switch (e.kind) {
      case 'word':
        if (frame.row && /^[a-z][a-z0-9-]*$/.test(e.text) && e.text in frame.row) return rowValue(frame.row[e.text]);
        return e.value;
      case 'string': {
        let out = '';
        for (const part of e.parts) out += typeof part === 'string' ? part : toStr(await this.eval(part, frame));
        return out;
      }
      case 'variable':
        return this.variable(e.name, frame);
      case 'substitution':
        return this.block(e.body, { ...frame, row: undefined, quiet: true });
      case 'block':
        return this.array(e.body, frame);
      case 'unary': {
        const v = await this.eval(e.operand, frame);
        if (e.op === '!') return !toBool(v);
        const n = toNum(v);
        return n === NIL ? NIL : -n;
      }
      case 'binary':
        return this.binary(e.op, e.left, e.right, frame);
    }
  }

  private async array(body: Statement[], frame: Frame): Promise<ScriptValue[]> {
    const items: ScriptValue[] = [];
    for (const s of body) for (const arg of s.args) items.push(await this.eval(arg.value, frame));
    return items;
  }

  private variable(name: string, frame: Frame): ScriptValue {
    const scope = frame.scope.lookup(name);
    if (scope) return scope.vars.get(name)!;
    return this.options.globals.get(name) ?? NOTHING;
  }

  private async binary(op: string, l: Expr, r: Expr, frame: Frame): Promise<ScriptValue> {
    if (op === '&&') return toBool(await this.eval(l, frame)) && toBool(await this.eval(r, frame));
    if (op === '||') return toBool(await this.eval(l, frame)) || toBool(await this.eval(r, frame));
    const left = await this.eval(l, frame);
    // In `where`, the right of a comparison is a value even when it spells a property's name.
    const right = frame.row && r.kind === 'word' ? r.value : await this.eval(r, frame);
    switch (op) {
      case '=':
        return equal(left, right);
      case '!=':
        return !equal(left, right);
      case '~':
        try {
          return new RegExp(toStr(right)).test(toStr(left));
        } catch {
          throw new ScriptFailure('invalid regular expression');
        }
      case '.':
        return Array.isArray(left) || Array.isArray(right) ? listOf(left).concat(listOf(right)) : toStr(left) + toStr(right);
      case 'in':
        return inPrefix(toStr(left), toStr(right));
      case '<':
      case '>':
      case '<=':
      case '>=':
        return compare(op, left, right);
      default:
        return arithmetic(op, left, right);
    }
  }

  // ---- builtins

  private split(s: Statement): { positional: Argument[]; named: Map<string, Argument> } {
    const named = new Map<string, Argument>();
    const positional: Argument[] = [];
    for (const arg of s.args.slice(1)) {
      if (arg.name) named.set(arg.name, arg);
      else positional.push(arg);
    }
    return { positional, named };
  }

  private async builtin(name: string, s: Statement, frame: Frame): Promise<ScriptValue> {
    const { positional, named } = this.split(s);
    const value = async (i: number) => (positional[i] ? this.eval(positional[i].value, frame) : NOTHING);
    const code = async (arg: Argument | undefined, inner = frame) => {
      if (!arg) return NOTHING;
      if (arg.value.kind === 'block') return this.block(arg.value.body, inner);
      return this.eval(arg.value, inner);
    };
    const varName = () => {
      const word = positional[0]?.value;
      if (word?.kind !== 'word') throw new ScriptSyntaxError('syntax error', s.line, s.column);
      return word.text;
    };
    switch (name) {
      case 'local': {
        frame.scope.vars.set(varName(), positional[1] ? await value(1) : NIL);
        return NOTHING;
      }
      case 'global': {
        const v = varName();
        if (positional[1]) this.options.globals.set(v, await value(1));
        else if (!this.options.globals.has(v)) this.options.globals.set(v, NIL);
        return NOTHING;
      }
      case 'set': {
        const v = varName();
        const next = positional[1] ? await value(1) : NOTHING;
        const scope = frame.scope.lookup(v);
        if (scope) scope.vars.set(v, next);
        else this.options.globals.set(v, next);
        return NOTHING;
      }
      case 'put':
        this.options.output(`${toStr(await value(0))}\n`);
        return NOTHING;
      case 'log': {
        const topic = positional[0]?.value.kind === 'word' ? positional[0].value.text : '';
        if (!['info', 'warning', 'error', 'debug'].includes(topic)) throw new ScriptSyntaxError('bad command name ' + topic, s.line, positional[0]?.column ?? s.column);
        this.device.log(`script,${topic}`, toStr(await value(1)));
        return NOTHING;
      }
      case 'delay': {
        const v = await value(0);
        const seconds = v instanceof Duration ? v.seconds : typeof v === 'number' ? v : parseDuration(toStr(v));
        if (seconds === undefined) throw new ScriptFailure('invalid time value');
        await this.device.sleep(seconds * 1000);
        return NOTHING;
      }
      case 'if': {
        const condition = toBool(await value(0));
        return code(condition ? named.get('do') : named.get('else'));
      }
      case 'while': {
        while (toBool(await value(0))) await code(named.get('do'));
        return NOTHING;
      }
      case 'do': {
        const body = positional[0] ?? named.get('command');
        if (named.has('while')) {
          do await code(body);
          while (toBool(await code(named.get('while'))));
          return NOTHING;
        }
        const onError = named.get('on-error');
        if (!onError) return code(body);
        try {
          return await code(body);
        } catch (error) {
          if (error instanceof ScriptFailure) return code(onError);
          throw error;
        }
      }
      case 'for': {
        const from = toNum(await code(named.get('from')));
        const to = toNum(await code(named.get('to')));
        const step = named.has('step') ? toNum(await code(named.get('step'))) : from !== NIL && to !== NIL && from > to ? -1 : 1;
        if (from === NIL || to === NIL || step === NIL || step === 0) throw new ScriptFailure('invalid value for argument');
        for (let i = from; step > 0 ? i <= to : i >= to; i += step) {
          const inner: Frame = { scope: new Scope(frame.scope), cwd: frame.cwd };
          inner.scope.vars.set(varName(), i);
          await code(named.get('do'), inner);
        }
        return NOTHING;
      }
      case 'foreach': {
        const list = named.get('in');
        const items = list ? await this.eval(list.value, frame) : NOTHING;
        for (const item of items === NOTHING ? [] : listOf(items)) {
          const inner: Frame = { scope: new Scope(frame.scope), cwd: frame.cwd };
          inner.scope.vars.set(varName(), item);
          await code(named.get('do'), inner);
        }
        return NOTHING;
      }
      case 'return':
        throw new Return(await value(0));
      case 'error':
        throw new ScriptFailure(toStr(await value(0)));
      case 'len': {
        const v = await value(0);
        return Array.isArray(v) ? v.length : toStr(v).length;
      }
      case 'tostr':
        return toStr(await value(0));
      case 'tonum':
        return toNum(await value(0));
      case 'tobool':
        return toBool(await value(0));
      case 'toarray': {
        const v = await value(0);
        return Array.isArray(v) ? v : toStr(v) === '' ? [] : toStr(v).split(',').map((p) => rowValue(p));
      }
      case 'typeof':
        return typeOf(await value(0));
      case 'pick': {
        const v = await value(0);
        const start = Number(toNum(await value(1)));
        const end = positional[2] ? Number(toNum(await value(2))) : start + 1;
        return Array.isArray(v) ? (positional[2] ? v.slice(start, end) : (v[start] ?? NOTHING)) : toStr(v).slice(start, end);
      }
      case 'find': {
        const v = await value(0);
        const needle = await value(1);
        const from = positional[2] ? Number(toNum(await value(2))) + 1 : 0;
        const at = Array.isArray(v) ? v.findIndex((x, i) => i >= from && equal(x, needle)) : toStr(v).indexOf(toStr(needle), from);
        return at < 0 ? NIL : at;
      }
      case 'nothing':
        return NOTHING;
      default:
        throw new ScriptSyntaxError(`bad command name ${name}`, s.line, s.column + 1);
    }
  }

  // ---- menu commands

  private async menuCommand(s: Statement, frame: Frame): Promise<ScriptValue> {
    const pathWords = leadingWords(s.args);
    const step = this.device.walk(frame.cwd, pathWords);
    if (step.command === undefined) {
      frame.cwd = step.menu;
      return NOTHING;
    }
    const menu = step.menu.join('/');
    const rest = s.args.slice(step.used);
    const inMenu: Frame = { ...frame, cwd: step.menu, row: undefined };
    const positional: ScriptValue[] = [];
    const named: Record<string, ScriptValue> = {};
    for (const arg of rest) {
      const v = await this.eval(arg.value, inMenu);
      if (arg.name) named[arg.name] = v;
      else positional.push(v);
    }
    switch (step.command) {
      case 'find':
        return this.find(menu, named, s.where, inMenu);
      case 'get':
        return this.get(menu, positional, named);
      case 'print':
        return this.print(menu, positional, named, s.where, inMenu);
      case 'run': {
        if (menu !== 'system/script') break;
        const name = toStr(named['number'] ?? positional[0] ?? '');
        const row = this.device.rows(menu).find((r) => r['.id'] === name || r['name'] === name);
        if (!row) throw new ScriptFailure('no such item');
        await this.device.command(menu, 'run', { number: row['.id'] });
        return NOTHING;
      }
    }
    const args: Record<string, string> = {};
    for (const [k, v] of Object.entries(named)) args[k] = argText(v);
    if (positional[0] !== undefined && !this.device.isSingleton(menu) && step.command !== 'add') {
      const numbers = argText(positional[0]);
      // Nothing matched `[find …]`: the command acts on no items and does nothing, as on a device.
      if (numbers === '') return NOTHING;
      args['numbers'] = numbers;
    }
    const id = await this.device.command(menu, step.command, args);
    return id === undefined ? NOTHING : new ItemId(id);
  }

  /**
   * `print` with its switches and `where`: the console text goes to the output; `count-only` is also the number
   * of items and `as-value` only the items (arrays of `name=value`), which is what `[ … ]` takes (chosen: inside
   * `[ … ]` `count-only` prints nothing, the manual being silent).
   */
  private async print(menu: string, positional: ScriptValue[], named: Record<string, ScriptValue>, where: Expr | undefined, frame: Frame): Promise<ScriptValue> {
    const ids = where ? new Set((await this.find(menu, {}, where, frame)).map((id) => toStr(id))) : undefined;
    const options: PrintOptions = { switches: positional.map(toStr), args: Object.fromEntries(Object.entries(named).map(([k, v]) => [k, argText(v)])), ...(ids ? { ids } : {}) };
    if (options.switches.includes('as-value')) return this.device.printValues(menu, options);
    if (options.switches.includes('count-only')) {
      const count = this.device.rows(menu).filter((r) => !ids || ids.has(r['.id'])).length;
      if (!frame.quiet) this.options.output(`${count}\n`);
      return count;
    }
    this.options.output(this.device.print(menu, options));
    return NOTHING;
  }

  private async find(menu: string, named: Record<string, ScriptValue>, where: Expr | undefined, frame: Frame): Promise<ScriptValue[]> {
    const ids: ScriptValue[] = [];
    for (const row of this.device.rows(menu)) {
      if (!Object.entries(named).every(([k, v]) => equal(rowValue(row[k]), v))) continue;
      if (where && !toBool(await this.eval(where, { ...frame, row }))) continue;
      ids.push(new ItemId(row['.id']));
    }
    return ids;
  }

  private get(menu: string, positional: ScriptValue[], named: Record<string, ScriptValue>): ScriptValue {
    const rows = this.device.rows(menu);
    let row: Record<string, string> | undefined;
    let property: ScriptValue | undefined;
    if (this.device.isSingleton(menu)) {
      row = rows[0];
      property = named['value-name'] ?? positional[0];
    } else {
      const item = named['number'] ?? positional[0];
      const key = Array.isArray(item) ? toStr(item[0] ?? '') : toStr(item ?? '');
      row = rows.find((r) => r['.id'] === key || r['name'] === key);
      if (!row) throw new ScriptFailure('no such item');
      property = named['value-name'] ?? positional[1];
    }
    if (!row) throw new ScriptFailure('no such item');
    if (property === undefined) return Object.entries(row).filter(([k]) => !k.startsWith('.') || k === '.id').map(([k, v]) => `${k}=${v}`);
    const name = toStr(property);
    if (!(name in row)) throw new ScriptFailure(`no such property (${name})`);
    return rowValue(row[name]);
  }
}

function leadingWords(args: Argument[]): { text: string; line: number; column: number }[] {
  const words: { text: string; line: number; column: number }[] = [];
  for (const arg of args) {
    if (arg.name || arg.value.kind !== 'word') break;
    words.push({ text: arg.value.text, line: arg.line, column: arg.column });
  }
  return words;
}

/** A value as a console argument: booleans as yes/no, ids and arrays as `*1,*2`. */
function argText(v: ScriptValue): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.map(argText).join(',');
  return toStr(v);
}

const listOf = (v: ScriptValue): ScriptValue[] => (Array.isArray(v) ? v : [v]);

function compare(op: string, a: ScriptValue, b: ScriptValue): boolean {
  const x = toNum(a);
  const y = toNum(b);
  const [l, r]: (number | string)[] = x !== NIL && y !== NIL ? [x, y] : [toStr(a), toStr(b)];
  return op === '<' ? l < r : op === '>' ? l > r : op === '<=' ? l <= r : l >= r;
}

function arithmetic(op: string, a: ScriptValue, b: ScriptValue): ScriptValue {
  if (a instanceof Duration || b instanceof Duration) {
    const [x, y] = [a instanceof Duration ? a.seconds : Number(toNum(a)), b instanceof Duration ? b.seconds : Number(toNum(b))];
    return new Duration(op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : Math.trunc(x / y));
  }
  // A variable declared without a value counts as 0 (`:global n; :set n ($n + 1)` gives 1).
  const x = a === NIL || a === NOTHING ? 0 : toNum(a);
  const y = b === NIL || b === NOTHING ? 0 : toNum(b);
  if (x === NIL || y === NIL) return NIL;
  if (op === '/' && y === 0) throw new ScriptFailure('division by zero');
  return op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : Math.trunc(x / y);
}

/** `10.1.2.3 in 10.0.0.0/8`. */
function inPrefix(address: string, prefix: string): boolean {
  const ip = (text: string) => text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const [net, bits = '32'] = prefix.split('/');
  if (!/^\d+(\.\d+){3}$/.test(address) || !/^\d+(\.\d+){3}$/.test(net)) return false;
  const block = 2 ** (32 - Number(bits));
  return Math.floor(ip(address) / block) === Math.floor(ip(net) / block);
}
