import ipaddr from 'ipaddr.js';
import type { DeviceState, DeviceUser } from '../model/device-state';
import { consoleText, RestError } from '../rest/rest-error';
import { handleRest } from '../rest/rest-handler';
import { PrintRequest, printValues, renderPrint } from '../ssh/print';
import { printRequest } from '../ssh/print-request';
import type { Statement } from './ast';
import type { ExecutedJob, MenuStep, PrintOptions, ScriptDevice } from './device';
import { ScriptFailure, ScriptSyntaxError } from './errors';
import type { ItemNumbers } from '../ssh/item-numbers';

/** Commands the interpreter answers itself in every menu (RouterOS's trees list them under each menu). */
const OWN = ['find', 'get', 'print', 'export'];

/** What the script host gives a running script: its clock and the jobs `:execute` starts. */
export interface JobContext {
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  sources: (name: string) => string | undefined;
  execute: (script: string | Statement[]) => ExecutedJob;
  /** The `/system/script` entry the job runs, if any. */
  script?: string;
  /** The job's item numbers, or the console session's for a line it runs (ssh/item-numbers.ts). */
  numbers: ItemNumbers;
}

/** A script's view of a simulated device: the command tree, the REST layer's writes, the log and the clock. */
export class StateScriptDevice implements ScriptDevice {
  constructor(
    private readonly state: DeviceState,
    private readonly user: DeviceUser,
    private readonly job: JobContext,
  ) {}

  sleep(ms: number): Promise<void> {
    return this.job.sleep(ms);
  }

  now(): number {
    return this.job.now();
  }

  execute(script: string | Statement[]): ExecutedJob {
    return this.job.execute(script);
  }

  jobName(): string {
    return this.job.script ?? '';
  }

  /**
   * The names the device knows: enabled `/ip/dns/static` A records (by name or regexp, a CNAME followed) and the
   * DNS cache; anything else is RouterOS's `failure: dns name does not exist` (the simulator asks no server).
   */
  resolve(name: string, depth = 0): string {
    if (ipaddr.isValid(name)) return name;
    const ctx = this.state.readContext();
    const lower = name.toLowerCase();
    const matches = (r: Record<string, string>) => {
      if (r['regexp']) {
        try {
          return new RegExp(r['regexp']).test(name);
        } catch {
          return false;
        }
      }
      return (r['name'] ?? '').toLowerCase() === lower;
    };
    for (const r of ctx.rowsOf('ip/dns/static')) {
      if (r['disabled'] === 'true' || !matches(r)) continue;
      const type = r['type'] ?? 'A';
      if (type === 'A' && r['address']) return r['address'];
      if (type === 'CNAME' && r['cname'] && depth < 8) return this.resolve(r['cname'], depth + 1);
    }
    const cached = ctx.rowsOf('ip/dns/cache').find((r) => (r['name'] ?? '').toLowerCase() === lower && r['type'] === 'A');
    if (cached?.['data']) return cached['data'];
    throw new ScriptFailure('failure: dns name does not exist');
  }

  /** Chosen (docs/simulator.md): `file=NAME` without an extension is kept as NAME.txt, as `print file=` names it. */
  writeFile(name: string, contents: string): void {
    this.state.writeFile(/\.[A-Za-z0-9]+$/.test(name) ? name : `${name}.txt`, '.txt file', contents);
  }

  walk(cwd: string[], words: { text: string; line: number; column: number }[]): MenuStep {
    const tree = this.state.tree;
    // Every menu of the tree is a key (`path` nodes too); commands are listed by the menu they belong to ('' is the root).
    const isDir = (segments: string[]) => segments.length > 0 && tree[segments.join('/')] !== undefined;
    let segments = [...cwd];
    let command: string | undefined;
    let used = 0;
    for (const word of words) {
      let text = word.text;
      let offset = 0;
      if (command !== undefined) break;
      used++;
      if (text.startsWith('/')) {
        segments = [];
        text = text.slice(1);
        offset = 1;
      }
      for (const part of text.split('/')) {
        const column = word.column + offset;
        offset += part.length + 1;
        if (part === '') continue;
        if (command !== undefined) throw new ScriptSyntaxError(`bad command name ${part}`, word.line, column);
        const next = [...segments, part];
        const commands = [...(tree[segments.join('/')]?.commands ?? []), ...(segments.length === 0 ? [] : OWN)];
        if (part === '..') segments.pop();
        else if (isDir(next)) segments = next;
        else if (commands.includes(part)) command = part;
        else throw new ScriptSyntaxError(`bad command name ${part}`, word.line, column);
      }
    }
    return { menu: segments, command, used };
  }

  /** Argument names checked before a script runs (the tree's, for the commands whose arguments it lists). */
  argumentsOf(menu: string, command: string): string[] | undefined {
    const entry = this.state.tree[menu];
    // `:serialize` and the other builtins the root of the tree lists: their arguments as this version has them.
    if (menu === '' && command.startsWith(':')) return entry?.args[command.slice(1)];
    if (command === 'add') return entry?.add;
    if (command === 'set') return entry?.set;
    if (command === 'remove' || command === 'enable' || command === 'disable') return ['numbers'];
    return undefined;
  }

  isSingleton(menu: string): boolean {
    return this.state.menu(menu)?.kind === 'singleton';
  }

  rows(menu: string): Record<string, string>[] {
    if (!this.state.menu(menu)) throw new ScriptFailure('no such command prefix');
    return this.state.list(menu);
  }

  itemOf(menu: string, word: string): string {
    try {
      return this.job.numbers.resolve(this.state, menu, word);
    } catch (error) {
      if (error instanceof RestError) throw new ScriptFailure(consoleText(error));
      throw error;
    }
  }

  async command(menu: string, command: string, args: Record<string, string>): Promise<string | undefined> {
    const path = `${menu}/${command}`;
    try {
      const body = this.job.numbers.resolveArgs(this.state, menu, command, args);
      const res = await handleRest(this.state, { method: 'POST', path, query: new URLSearchParams(), body, user: this.user }, new AbortController().signal);
      const ret = (res.body as { ret?: unknown } | undefined)?.ret;
      return typeof ret === 'string' ? ret : undefined;
    } catch (error) {
      if (error instanceof RestError) throw new ScriptFailure(consoleText(error));
      throw error;
    }
  }

  print(menu: string, request?: PrintOptions): string {
    this.job.numbers.assign(this.state, menu);
    return renderPrint(this.state, menu, this.request(request)).replace(/\r\n/g, '\n');
  }

  printValues(menu: string, request?: PrintOptions): string[][] {
    return printValues(this.state, menu, this.request(request));
  }

  private request(options?: PrintOptions): PrintRequest {
    if (!options) return {};
    return { ...printRequest(options.switches, options.args), ...(options.ids ? { ids: options.ids } : {}) };
  }

  log(topic: string, message: string): void {
    this.state.log(topic, message);
  }

  scriptSource(name: string): string | undefined {
    return this.job.sources(name);
  }
}
