import type { DeviceState, DeviceUser } from '../model/device-state';
import { consoleText, RestError } from '../rest/rest-error';
import { handleRest } from '../rest/rest-handler';
import { parseConsole, ConsoleSyntaxError, ConsoleWord } from './console-parser';
import { ConsoleCommand, resolveConsole } from './console-resolve';
import { renderExport } from './export';
import { renderPrint } from './print';
import { PRINT_ARGUMENTS, PRINT_SWITCHES, printRequest } from './print-request';
import { ConsoleStream, printRepeat, repeatPrint } from './print-repeat';
import { isScriptInput, runConsoleScript } from '../script/console-script';
import { isConsoleTool, precheckTool, runConsoleTool } from './console-tools';
import { MENU_COMMANDS } from '../rest/menu-commands';
import { recursiveMenus } from '../rest/recursive-print';
import { ItemNumbers } from './item-numbers';

export interface ConsoleContext {
  /** The SSH connection (or scheduler run), which is what holds safe mode. */
  session: string;
  user: DeviceUser;
  /** The menu an interactive session is in. */
  cwd?: string[];
  /** Columns of the client's terminal (PTY size or the login's `w` option); `print detail` wraps at it. */
  width?: number;
  /**
   * Where a print that runs until stopped (`follow`, `interval=`) writes as it goes, and what stops it. Without one
   * (chosen: nothing could stop it) such a print prints once.
   */
  stream?: ConsoleStream;
  /** The session's item numbers (item-numbers.ts); a line without a session numbers afresh. */
  numbers?: ItemNumbers;
}

/** A context once runConsole has given it the session's numbering (or a fresh one). */
type Numbered = ConsoleContext & { numbers: ItemNumbers };

export interface ConsoleResult {
  output: string;
  ok: boolean;
  /** The failure text without the output before it (for the device log). */
  error?: string;
  isExport?: boolean;
  /** Where an interactive session is after a `/ip address` line. */
  cwd?: string[];
  quit?: boolean;
}

const EXPORT_FLAGS = new Set(['terse', 'verbose', 'compact', 'show-sensitive', 'hide-sensitive']);
/** Item commands whose first positional word names the items (`numbers`). */
const ITEM_COMMANDS = new Set(['set', 'unset', 'remove', 'move', 'enable', 'disable', 'comment', 'request-logout']);

class ConsoleFailure extends Error {}

const position = (c: { line: number }, column: number) => `(line ${c.line} column ${column})`;

/** `[find name=x]` → the matching items' ids, as `*1,*2`. */
function items(state: DeviceState, menu: string, word: ConsoleWord): string {
  if (!word.find) return word.text;
  const conditions = Object.entries(word.find);
  // Booleans are kept as true/false but written yes/no (`[ find default=yes ]`, as exports print it).
  const same = (stored: string, given: string) => stored === given || (stored === 'true' && given === 'yes') || (stored === 'false' && given === 'no');
  return state
    .list(menu)
    .filter((row) => conditions.every(([k, v]) => same(row[k] ?? '', v)))
    .map((row) => row['.id'])
    .join(',');
}

function checkArgs(c: ConsoleCommand, allowed: string[] | undefined): void {
  if (!allowed) return;
  const unknown = c.args.find((a) => !allowed.includes(a.text));
  if (unknown) throw new ConsoleSyntaxError('expected end of command', c.line, unknown.column);
}

/** Checks what can be checked before anything runs: a script with one bad line runs no line at all. */
function precheck(state: DeviceState, c: ConsoleCommand): void {
  if (c.command === undefined) return;
  if (isConsoleTool(c)) return precheckTool(state, c);
  const menu = state.tree[c.menu];
  switch (c.command) {
    case 'export': {
      const bad = c.positional.find((w) => !EXPORT_FLAGS.has(w.text)) ?? c.args.find((a) => a.text !== 'file');
      if (bad) throw new ConsoleSyntaxError('expected end of command', c.line, bad.column);
      return;
    }
    case 'print': {
      // What the simulator models, and only where the menu's tree lists it (`follow` on a table, not on a
      // singleton; `group-by` in 7.20 only), as RouterOS refuses a word its print does not take.
      const listed = (word: string) => menu?.print === undefined || menu.print.includes(word);
      const bad = c.positional.find((w) => !PRINT_SWITCHES.has(w.text) || !listed(w.text)) ?? c.args.find((a) => !PRINT_ARGUMENTS.has(a.text) || !listed(a.text));
      if (bad) throw new ConsoleSyntaxError('expected end of command', c.line, bad.column);
      return;
    }
    case 'add':
      checkArgs(c, menu?.add);
      if (c.positional[0]) throw new ConsoleSyntaxError('expected end of command', c.line, c.positional[0].column);
      return;
    case 'set':
      checkArgs(c, menu?.set);
      return;
    case 'unset':
      checkArgs(c, ['numbers', 'value-name']);
      return;
    case 'move':
      checkArgs(c, ['numbers', 'destination']);
      return;
    case 'comment':
      checkArgs(c, ['numbers', 'comment']);
      return;
    // `/user ssh-keys import user=… public-key-file=…` and other imports: the arguments the tree gives the command.
    case 'import':
      checkArgs(c, menu?.args['import'] ?? []);
      return;
    // `reset 0 comment`: every bare word after the item is a property the command takes.
    case 'reset': {
      checkArgs(c, menu?.args['reset']);
      const bad = c.positional.slice(state.menu(c.menu)?.kind === 'singleton' ? 0 : 1).find((w) => w.find || !(menu?.args['reset'] ?? []).includes(w.text) || w.text === 'numbers');
      if (bad) throw new ConsoleSyntaxError('expected end of command', c.line, bad.column);
      return;
    }
    default:
      // A menu's own command (`/certificate sign`) takes the arguments the tree lists for it.
      checkArgs(c, menu?.args[c.command] ?? ['numbers']);
  }
}

function exportText(state: DeviceState, c: ConsoleCommand): string {
  const flags = new Set(c.positional.map((w) => w.text));
  return renderExport(state, { verbose: flags.has('verbose'), terse: flags.has('terse'), compact: flags.has('compact'), showSensitive: flags.has('show-sensitive'), under: c.menu || undefined });
}

/** Item and singleton commands go through the REST layer, as RouterOS's REST wraps the console's commands. */
async function write(state: DeviceState, c: ConsoleCommand, ctx: Numbered): Promise<void> {
  const body: Record<string, string> = {};
  const singleton = state.menu(c.menu)?.kind === 'singleton';
  const [first, second] = c.positional;
  if (ITEM_COMMANDS.has(c.command!) && !singleton) {
    const numbers = c.args.find((a) => a.text === 'numbers')?.value ?? (first ? items(state, c.menu, first) : undefined);
    if (numbers === undefined) throw new ConsoleFailure(`missing value for numbers ${position(c, c.column)}`);
    // Nothing matched `[find …]`: the command has no items to act on and does nothing, as on a device.
    if (numbers === '') return;
    body['numbers'] = numbers;
    if (c.command === 'move' && second) body['destination'] = items(state, c.menu, second);
  } else if (!singleton) {
    // A menu's own command names its item first or by name, as `number` or `numbers` (`/certificate sign tmpl ca=myCa`).
    const item = ['number', 'numbers'].find((name) => state.tree[c.menu]?.args[c.command!]?.includes(name));
    const given = c.args.find((a) => a.text === item)?.value ?? (first ? items(state, c.menu, first) : undefined);
    if (item && given !== undefined) body[item] = given;
  }
  // `get ether1 mtu` (`/system identity get name`): the word after the item is the property.
  const property = singleton ? first : second;
  if ((c.command === 'get' || c.command === 'edit') && property) body['value-name'] = property.text;
  // `reset 0 comment mtu`: the words after the item name the properties to reset (rest/reset-edit-commands.ts).
  if (c.command === 'reset') for (const word of c.positional.slice(singleton ? 0 : 1)) body[word.text] = '';
  for (const arg of c.args) if (arg.text !== 'numbers') body[arg.text] = arg.value!;
  try {
    const numbered = ctx.numbers.resolveArgs(state, c.menu, c.command!, body);
    await handleRest(state, { method: 'POST', path: `${c.menu}/${c.command}`, query: new URLSearchParams(), body: numbered, user: ctx.user }, new AbortController().signal);
  } catch (error) {
    if (error instanceof RestError) throw new ConsoleFailure(consoleText(error));
    throw error;
  }
}

function safeMode(state: DeviceState, command: string, ctx: ConsoleContext): void {
  if (!state.policiesOf(ctx.user.name).includes('write')) throw new ConsoleFailure('not enough permissions (9)');
  try {
    if (command === 'take' || (command === 'toggle' && state.safeModeHolder !== ctx.session)) state.takeSafeMode(ctx.session);
    else if (command === 'release' || command === 'toggle') state.releaseSafeMode(ctx.session);
    else state.revertSafeMode(ctx.session, true);
  } catch (error) {
    if (error instanceof RestError) throw new ConsoleFailure(consoleText(error));
    throw error;
  }
}

async function run(state: DeviceState, c: ConsoleCommand, ctx: Numbered): Promise<string> {
  // 7.20's `recursive-print`: each menu's path, then its plain print (rest/recursive-print.ts).
  if (c.command === 'recursive-print') {
    if (!state.policiesOf(ctx.user.name).includes('read')) throw new ConsoleFailure('not enough permissions (9)');
    return recursiveMenus(state, c.menu)
      .map((menu) => `/${menu.replace(/\//g, ' ')}\r\n${renderPrint(state, menu, { width: ctx.width })}`)
      .join('');
  }
  // A menu's own command named like a safe-mode one (`/ip dhcp-client release`) is that menu's (rest/menu-commands.ts).
  // 7.20's `/safe-mode` menu is the console session's own (REST's version: rest/history-commands.ts).
  const own = c.menu !== 'safe-mode' && MENU_COMMANDS[`${c.menu}/${c.command}`] !== undefined;
  switch (own ? undefined : c.command) {
    case 'export':
      if (c.args.length > 0) {
        await handleRest(state, { method: 'POST', path: 'export', query: new URLSearchParams(), body: { file: c.args[0].value!, ...Object.fromEntries(c.positional.map((w) => [w.text, ''])) }, user: ctx.user }, new AbortController().signal);
        return '';
      }
      return exportText(state, c);
    case 'print': {
      const switches = c.positional.map((w) => w.text);
      const args = Object.fromEntries(c.args.map((a) => [a.text, a.value!]));
      const request = { ...printRequest(switches, args), width: ctx.width };
      let repeat;
      try {
        repeat = printRepeat(state, c.menu, switches, args);
      } catch (error) {
        if (error instanceof RestError) throw new ConsoleFailure(consoleText(error));
        throw error;
      }
      if (!request.countOnly && !request.asValue) ctx.numbers.assign(state, c.menu);
      if (repeat && ctx.stream) {
        await repeatPrint(state, c.menu, request, repeat, ctx.stream);
        return '';
      }
      return renderPrint(state, c.menu, request);
    }
    case 'take':
    case 'release':
    case 'unroll':
    case 'toggle':
      safeMode(state, c.command!, ctx);
      return '';
    default:
      if (isConsoleTool(c)) return runTool(state, c, ctx);
      await write(state, c, ctx);
      return '';
  }
}

async function runTool(state: DeviceState, c: ConsoleCommand, ctx: ConsoleContext): Promise<string> {
  try {
    return await runConsoleTool(state, c, ctx.user);
  } catch (error) {
    if (error instanceof RestError) throw new ConsoleFailure(consoleText(error));
    throw error;
  }
}

/**
 * Runs console input (one line, or a script of lines and `;`-separated commands) the way RouterOS does:
 * the whole input is read and resolved first, so a syntax error anywhere runs nothing; then the commands
 * run in order and the first failure stops the rest.
 */
export async function runConsole(state: DeviceState, input: string, session: ConsoleContext): Promise<ConsoleResult> {
  const ctx: Numbered = { ...session, numbers: session.numbers ?? new ItemNumbers() };
  if (isScriptInput(input)) return { ...(await runConsoleScript(state, input, ctx.user, ctx.cwd, ctx.numbers)), cwd: ctx.cwd };
  let commands: ConsoleCommand[];
  try {
    commands = resolveConsole(state.tree, parseConsole(input), ctx.cwd);
    for (const c of commands) precheck(state, c);
  } catch (error) {
    if (error instanceof ConsoleSyntaxError) return { output: `${error.message}\r\n`, ok: false, error: error.message };
    throw error;
  }
  let output = '';
  let cwd = ctx.cwd;
  for (const c of commands) {
    if (c.command === undefined) {
      cwd = c.menu ? c.menu.split('/') : [];
      continue;
    }
    if (c.command === 'quit') return { output, ok: true, cwd, quit: true };
    try {
      // A print that runs until stopped writes as it goes: what came before it goes out first.
      if (ctx.stream && c.command === 'print' && output) {
        ctx.stream.write(output);
        output = '';
      }
      output += await run(state, c, ctx);
    } catch (error) {
      if (!(error instanceof ConsoleFailure)) throw error;
      return { output: `${output}${error.message}\r\n`, ok: false, error: error.message, cwd };
    }
  }
  return { output, ok: true, cwd, isExport: commands.some((c) => c.command === 'export') };
}
