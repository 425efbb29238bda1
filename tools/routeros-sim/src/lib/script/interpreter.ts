import type { Argument, Expr, Statement } from './ast';
import type { PrintOptions, ScriptDevice } from './device';
import { JobStopped, ScriptFailure, ScriptSyntaxError } from './errors';
import { CONVERSIONS } from './conversions';
import { ipNumber, IpValue, parseIp, parseIp6 } from './ip-values';
import { Duration, ItemId, KeyedArray, NIL, NOTHING, ScriptFunction, ScriptValue, elementAt, elementsOf, equal, parseDuration, rowValue, toBool, toNum, toStr, typeOf, withElement } from './values';

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
  /** Aborted when the job is removed (`/system script job remove`): the script stops before its next command. */
  signal?: AbortSignal;
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
    if (this.options.signal?.aborted) throw new JobStopped();
    const first = s.args[0];
    if (!first) return NOTHING;
    if (!first.name && first.value.kind === 'variable') return this.call(first.value.name, s, frame);
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

  /** `{1;2}` is a list; `{"a"=1;b=2}` (any element named) a keyed array, the unnamed elements numbered first. */
  private async array(body: Statement[], frame: Frame): Promise<ScriptValue> {
    const items: ScriptValue[] = [];
    const named = new Map<string, ScriptValue>();
    for (const s of body) {
      for (const arg of s.args) {
        const v = await this.eval(arg.value, frame);
        if (arg.name !== undefined) named.set(arg.name, v);
        else items.push(v);
      }
    }
    if (named.size === 0) return items;
    const keyed = KeyedArray.of(items);
    for (const [k, v] of named) keyed.map.set(k, v);
    return keyed;
  }

  /**
   * `$f 1 name=x` (a statement, or `[$f …]`): runs the function's code with `$0` its name, `$1`… the unnamed values
   * and each named one as a variable; the value is what `:return` gives. A variable holding no function is its value.
   */
  private async call(name: string, s: Statement, frame: Frame): Promise<ScriptValue> {
    const fn = this.variable(name, frame);
    if (!(fn instanceof ScriptFunction)) return fn;
    // The function sees its arguments and the globals, not the caller's locals.
    const scope = new Scope();
    scope.vars.set('0', name);
    let n = 1;
    for (const arg of s.args.slice(1)) {
      const v = await this.eval(arg.value, frame);
      scope.vars.set(arg.name ?? String(n++), v);
    }
    try {
      await this.block(fn.body, { scope, cwd: [], quiet: frame.quiet });
      return NOTHING;
    } catch (error) {
      if (error instanceof Return) return error.value;
      throw error;
    }
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
      case '->':
        return elementAt(left, right);
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
    // `:global f do={ … }` declares a function; otherwise the second value.
    const assigned = async (): Promise<ScriptValue | undefined> => {
      const body = named.get('do')?.value;
      if (body?.kind === 'block') return new ScriptFunction(body.body);
      return positional[1] ? value(1) : undefined;
    };
    const assign = (v: string, next: ScriptValue) => {
      const scope = frame.scope.lookup(v);
      if (scope) scope.vars.set(v, next);
      else this.options.globals.set(v, next);
    };
    switch (name) {
      case 'local': {
        frame.scope.vars.set(varName(), (await assigned()) ?? NIL);
        return NOTHING;
      }
      case 'global': {
        const v = varName();
        const next = await assigned();
        if (next !== undefined) this.options.globals.set(v, next);
        else if (!this.options.globals.has(v)) this.options.globals.set(v, NIL);
        return NOTHING;
      }
      case 'set': {
        const target = positional[0]?.value;
        // `:set ($arr->"k") v`: the element of the array the variable holds.
        if (target?.kind === 'binary' && target.op === '->') {
          const keys: ScriptValue[] = [];
          let base: Expr = target;
          while (base.kind === 'binary' && base.op === '->') {
            keys.unshift(await this.eval(base.right, frame));
            base = base.left;
          }
          if (base.kind !== 'variable') throw new ScriptSyntaxError('syntax error', s.line, s.column);
          assign(base.name, withElement(this.variable(base.name, frame), keys, (await assigned()) ?? NOTHING));
          return NOTHING;
        }
        assign(varName(), (await assigned()) ?? NOTHING);
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
        // `:foreach k,v in=$arr`: the key (or index) and the value.
        const [keyName, valueName] = varName().split(',');
        const pairs: [ScriptValue, ScriptValue][] = items instanceof KeyedArray ? items.entries().map(([k, v]) => [KeyedArray.key(k), v]) : (items === NOTHING ? [] : listOf(items)).map((v, i) => [i, v]);
        for (const [key, item] of pairs) {
          const inner: Frame = { scope: new Scope(frame.scope), cwd: frame.cwd };
          if (valueName === undefined) inner.scope.vars.set(keyName, item);
          else {
            inner.scope.vars.set(keyName, key);
            inner.scope.vars.set(valueName, item);
          }
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
        return Array.isArray(v) ? v.length : v instanceof KeyedArray ? v.map.size : toStr(v).length;
      }
      case 'tostr':
        return toStr(await value(0));
      case 'tonum':
        return toNum(await value(0));
      case 'toarray': {
        const v = await value(0);
        return Array.isArray(v) || v instanceof KeyedArray ? v : toStr(v) === '' ? [] : toStr(v).split(',').map((p) => rowValue(p));
      }
      case 'typeof':
        return typeOf(await value(0));
      case 'pick': {
        const picked = await value(0);
        const v = picked instanceof KeyedArray ? picked.values() : picked;
        const start = Number(toNum(await value(1)));
        const end = positional[2] ? Number(toNum(await value(2))) : start + 1;
        return Array.isArray(v) ? (positional[2] ? v.slice(start, end) : (v[start] ?? NOTHING)) : toStr(v).slice(start, end);
      }
      case 'find': {
        const v = await value(0);
        const needle = await value(1);
        // A keyed array answers the key of the first element equal to the value.
        if (v instanceof KeyedArray) return ((k) => (k === undefined ? NIL : KeyedArray.key(k[0])))(v.entries().find(([, x]) => equal(x, needle)));
        const from = positional[2] ? Number(toNum(await value(2))) + 1 : 0;
        const at = Array.isArray(v) ? v.findIndex((x, i) => i >= from && equal(x, needle)) : toStr(v).indexOf(toStr(needle), from);
        return at < 0 ? NIL : at;
      }
      case 'nothing':
        return NOTHING;
      case 'execute': {
        // `as-string` is a flag: a word of its own (or `as-string=yes`).
        const asString = named.has('as-string') || positional.some((a) => a.value.kind === 'word' && a.value.text === 'as-string');
        const script = named.get('script') ?? positional.find((a) => !(a.value.kind === 'word' && a.value.text === 'as-string'));
        return this.execute(named, script, asString, frame);
      }
      case 'resolve': {
        const host = toStr(named.has('domain-name') ? await code(named.get('domain-name')) : await value(0));
        if (!host) throw new ScriptFailure('missing value for domain-name');
        const address = this.device.resolve(host);
        return parseIp(address) ?? parseIp6(address) ?? address;
      }
      case 'time': {
        // The device clock's time the command took: its `:delay`s (commands themselves take no device time here).
        const started = this.device.now();
        await code(positional[0] ?? named.get('command'));
        return new Duration((this.device.now() - started) / 1000);
      }
      case 'retry':
        return this.retry(named, positional[0], code);
      case 'jobname':
        return this.device.jobName();
      default: {
        const conversion = CONVERSIONS[name];
        if (!conversion) throw new ScriptSyntaxError(`bad command name ${name}`, s.line, s.column + 1);
        const args = new Map<string, ScriptValue>();
        for (const [key, arg] of named) args.set(key, await this.eval(arg.value, frame));
        return conversion({ value: args.get('value') ?? (await value(0)), named: args });
      }
    }
  }

  /**
   * `:execute {…}` / `:execute script="…"`: a job of its own, in the background; its id is the value (what
   * `/system script job remove` takes). `as-string` waits for it and is its output; `file=` keeps the output as a file.
   */
  private async execute(named: Map<string, Argument>, script: Argument | undefined, asString: boolean, frame: Frame): Promise<ScriptValue> {
    if (!script) throw new ScriptFailure('missing value for script');
    const source = script.value.kind === 'block' ? script.value.body : toStr(await this.eval(script.value, frame));
    const job = this.device.execute(source);
    const file = named.get('file');
    const fileName = file ? toStr(await this.eval(file.value, frame)) : undefined;
    if (fileName) void job.done.then((r) => this.device.writeFile(fileName, r.output));
    if (!asString) return new ItemId(job.id);
    const result = await job.done;
    return result.output;
  }

  /**
   * `:retry command={…} delay=1 max=3 on-error={…}`: tries the command up to `max` times, `delay` seconds apart;
   * when every try failed, runs `on-error` (or fails with the last failure). Chosen without a source for the
   * defaults the manual does not give: delay 1 s, max 1.
   */
  private async retry(named: Map<string, Argument>, first: Argument | undefined, code: (arg: Argument | undefined) => Promise<ScriptValue>): Promise<ScriptValue> {
    const max = named.has('max') ? toNum(await code(named.get('max'))) : 1;
    const delayed = named.has('delay') ? await code(named.get('delay')) : 1;
    const delay = delayed instanceof Duration ? delayed.seconds : toNum(delayed);
    if (max === NIL || max < 1 || delay === NIL || delay < 0) throw new ScriptFailure('invalid value for argument');
    let failure: ScriptFailure | undefined;
    for (let attempt = 0; attempt < max; attempt++) {
      if (attempt > 0) await this.device.sleep(delay * 1000);
      try {
        return await code(named.get('command') ?? first);
      } catch (error) {
        if (!(error instanceof ScriptFailure)) throw error;
        failure = error;
      }
    }
    if (named.has('on-error')) return code(named.get('on-error'));
    throw failure ?? new ScriptFailure('failure');
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
        const name = this.device.itemOf(menu, toStr(named['number'] ?? positional[0] ?? ''));
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
      const key = this.device.itemOf(menu, Array.isArray(item) ? toStr(item[0] ?? '') : toStr(item ?? ''));
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

const listOf = elementsOf;

function compare(op: string, a: ScriptValue, b: ScriptValue): boolean {
  // Addresses compare as addresses (`10.0.0.9 < 10.0.0.10`).
  const [ipA, ipB] = [a, b].map((v) => (v instanceof IpValue ? ipNumber(v) : undefined));
  const x = ipA !== undefined && ipB !== undefined ? ipA : toNum(a);
  const y = ipA !== undefined && ipB !== undefined ? ipB : toNum(b);
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
