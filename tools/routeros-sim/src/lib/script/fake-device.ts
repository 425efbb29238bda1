import type { Statement } from './ast';
import type { ExecutedJob, MenuStep, PrintOptions, ScriptDevice } from './device';
import { ScriptFailure, ScriptSyntaxError } from './errors';

/** An in-memory device for the interpreter's unit specs: a few menus, commands that write rows, a log. */
export class FakeDevice implements ScriptDevice {
  readonly logs: string[] = [];
  readonly tables: Record<string, Record<string, string>[]> = {
    'system/identity': [{ name: 'r1' }],
    interface: [
      { '.id': '*1', name: 'ether1', disabled: 'false', mtu: '1500' },
      { '.id': '*2', name: 'ether2', disabled: 'true', mtu: '1500' },
    ],
    'ip/address': [],
    'ip/firewall/filter': [
      { '.id': '*A', chain: 'input', comment: 'mcp x rule', disabled: 'false' },
      { '.id': '*B', chain: 'forward', comment: 'other', disabled: 'false' },
    ],
  };
  slept = 0;
  /** Scripts `:execute` started, in order; each runs when the spec calls `runExecuted`. */
  readonly executed: (string | Statement[])[] = [];
  readonly files: Record<string, string> = {};
  /** Names `:resolve` knows. */
  readonly hosts: Record<string, string> = { 'router.lan': '192.168.88.1' };
  private nextId = 0x10;

  walk(cwd: string[], words: { text: string; line: number; column: number }[]): MenuStep {
    let menu = [...cwd];
    let used = 0;
    for (const word of words) {
      used++;
      const parts = word.text.startsWith('/') ? ((menu = []), word.text.slice(1).split('/')) : word.text.split('/');
      for (const part of parts.filter(Boolean)) {
        if (['add', 'set', 'remove', 'find', 'get', 'print', 'disable', 'enable'].includes(part) && menu.length > 0) return { menu, command: part, used };
        const next = [...menu, part].join('/');
        if (!Object.keys(this.tables).some((k) => k === next || k.startsWith(`${next}/`))) throw new ScriptSyntaxError(`bad command name ${part}`, word.line, word.column);
        menu = [...menu, part];
      }
    }
    return { menu, used };
  }

  argumentsOf(menu: string, command: string): string[] | undefined {
    return command === 'add' && menu === 'ip/firewall/filter' ? ['chain', 'comment', 'disabled', 'action'] : undefined;
  }

  isSingleton(menu: string): boolean {
    return menu === 'system/identity';
  }

  rows(menu: string): Record<string, string>[] {
    return this.tables[menu] ?? [];
  }

  /** Numbers are positions in the table (the fake keeps no print's numbering). */
  itemOf(menu: string, word: string): string {
    return /^\d+$/.test(word) ? (this.rows(menu)[Number(word)]?.['.id'] ?? word) : word;
  }

  async command(menu: string, command: string, args: Record<string, string>): Promise<string | undefined> {
    const rows = this.tables[menu];
    if (command === 'add') {
      if (menu === 'ip/address' || !rows) throw new ScriptFailure('failure: invalid value for argument address');
      const id = `*${(this.nextId++).toString(16).toUpperCase()}`;
      rows.push({ '.id': id, ...args });
      return id;
    }
    if (this.isSingleton(menu)) return void Object.assign(rows[0], args);
    const { numbers, ...props } = args;
    for (const id of numbers.split(',')) {
      const row = rows.find((r) => r['.id'] === id || r['name'] === id);
      if (!row) throw new ScriptFailure('no such item');
      if (command === 'remove') rows.splice(rows.indexOf(row), 1);
      else if (command === 'set') Object.assign(row, Object.fromEntries(Object.entries(props).map(([k, v]) => [k, v === 'yes' ? 'true' : v === 'no' ? 'false' : v])));
      else row['disabled'] = String(command === 'disable');
    }
    return undefined;
  }

  print(menu: string, request?: PrintOptions): string {
    return this.shown(menu, request).map((r) => JSON.stringify(r)).join('\n') + '\n';
  }

  printValues(menu: string, request?: PrintOptions): string[][] {
    return this.shown(menu, request).map((r) => Object.entries(r).map(([k, v]) => `${k}=${v}`));
  }

  private shown(menu: string, request?: PrintOptions): Record<string, string>[] {
    return this.rows(menu).filter((r) => !request?.ids || request.ids.has(r['.id']));
  }

  log(topic: string, message: string): void {
    this.logs.push(`${topic}: ${message}`);
  }

  scriptSource(): string | undefined {
    return undefined;
  }

  async sleep(ms: number): Promise<void> {
    this.slept += ms;
  }

  now(): number {
    return this.slept;
  }

  execute(script: string | Statement[]): ExecutedJob {
    this.executed.push(script);
    const output = typeof script === 'string' ? `ran ${script}\n` : `ran ${script.length} statements\n`;
    return { id: `*${(0x100 + this.executed.length).toString(16).toUpperCase()}`, done: Promise.resolve({ output }) };
  }

  resolve(name: string): string {
    if (/^\d+(\.\d+){3}$/.test(name)) return name;
    const address = this.hosts[name];
    if (!address) throw new ScriptFailure('failure: dns name does not exist');
    return address;
  }

  jobName(): string {
    return 'fake-script';
  }

  writeFile(name: string, contents: string): void {
    this.files[name] = contents;
  }
}
