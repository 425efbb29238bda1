import type { TreeSchema } from '../schema/menu-schema';
import { ConsoleLine, ConsoleSyntaxError, ConsoleWord } from './console-parser';
import { MENU_COMMANDS } from '../rest/menu-commands';

/** A console line resolved against the device's command tree: which menu, which command, its arguments. */
export interface ConsoleCommand {
  line: number;
  /** Menu path without slashes at the ends (`ip/address`, `` for the root). */
  menu: string;
  /** Undefined when the line only moves to another menu (`/ip address`). */
  command?: string;
  /** Column of the command word, for errors found later. */
  column: number;
  /** `name=value` arguments, in order. */
  args: ConsoleWord[];
  /** Words without `=` after the command (item numbers, `[find …]`, flags such as `terse`). */
  positional: ConsoleWord[];
}

/** Commands every menu level has, beyond what the tree lists. */
const EVERYWHERE = ['export'];
const ROOT = ['export', 'quit'];
/**
 * What this console runs; other commands of the tree the simulator does not model (`/tool fetch`…) are refused as
 * unknown (`bad command name x`), as before the console served the whole tree: scheduler scripts and the product's
 * SSH adapter rely on that refusal, so it stays until those commands are modelled.
 */
const SUPPORTED = new Set(['print', 'export', 'quit', 'add', 'set', 'unset', 'remove', 'move', 'enable', 'disable', 'comment', 'take', 'release', 'unroll', 'toggle', 'get', 'find', 'reset', 'edit']);

/** Menu-specific commands this console runs (model/backup.ts, rest/diagnostics.ts): by full path, since the same word names other, unmodelled commands elsewhere. */
const SUPPORTED_AT = new Set(['system/reboot', 'system/backup/save', 'system/backup/load', 'ping', 'tool/ping', 'tool/traceroute', 'tool/torch', 'interface/monitor-traffic', 'file/read', 'user/ssh-keys/import', 'user/active/request-logout', 'password', 'import', 'undo', 'redo', 'recursive-print']);

const bad = (name: string, line: number, column: number) => new ConsoleSyntaxError(`bad command name ${name}`, line, column);

/** The tree lists every menu, the ones between (`ip`, `ip/firewall`) included. */
function isDir(tree: TreeSchema, segments: string[]): boolean {
  return tree[segments.join('/')] !== undefined;
}

function commandsAt(tree: TreeSchema, segments: string[]): string[] {
  if (segments.length === 0) return [...ROOT, ...(tree['']?.commands ?? []).filter((c) => SUPPORTED_AT.has(c))];
  return [...(tree[segments.join('/')]?.commands ?? []), ...EVERYWHERE];
}

/** Where a path word leads: `/ip/address/print`, `/ip`, `address`, `..`. */
interface Walk {
  segments: string[];
  command?: string;
  column: number;
}

function walk(tree: TreeSchema, walkState: Walk, word: ConsoleWord, line: number): void {
  let offset = 0;
  let text = word.text;
  if (text.startsWith('/')) {
    walkState.segments = [];
    offset = 1;
    text = text.slice(1);
  }
  const parts = text.split('/');
  for (const part of parts) {
    const column = word.column + offset;
    offset += part.length + 1;
    if (part === '') continue;
    if (walkState.command !== undefined) throw bad(part, line, column);
    const next = [...walkState.segments, part];
    const isCommand = !isDir(tree, next) && commandsAt(tree, walkState.segments).includes(part);
    if (part === '..') walkState.segments.pop();
    // Menu-specific commands the simulator models (`/certificate sign`, rest/menu-commands.ts; backups, diagnostics) run too.
    else if (isCommand && (SUPPORTED.has(part) || SUPPORTED_AT.has([...walkState.segments, part].join('/')) || MENU_COMMANDS[[...walkState.segments, part].join('/')])) Object.assign(walkState, { command: part, column });
    else if (!isCommand && isDir(tree, next)) walkState.segments = next;
    else throw bad(part, line, column);
  }
}

/** Resolves each parsed line against the tree from the menu `cwd`; the first unknown word is a syntax error. */
export function resolveConsole(tree: TreeSchema, lines: ConsoleLine[], cwd: string[] = []): ConsoleCommand[] {
  return lines.map(({ line, words }) => {
    const state: Walk = { segments: [...cwd], column: words[0]?.column ?? 1 };
    let i = 0;
    for (; i < words.length && state.command === undefined; i++) {
      const word = words[i];
      if (word.value !== undefined || word.find) throw new ConsoleSyntaxError('expected command name', line, word.column);
      walk(tree, state, word, line);
    }
    const rest = words.slice(i);
    return {
      line,
      menu: state.segments.join('/'),
      command: state.command,
      column: state.column,
      args: rest.filter((w) => w.value !== undefined),
      positional: rest.filter((w) => w.value === undefined),
    };
  });
}
