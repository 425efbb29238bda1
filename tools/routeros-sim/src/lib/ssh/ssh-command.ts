import type { DeviceState, DeviceUser } from '../model/device-state';
import { RestError } from '../rest/rest-error';
import { renderExport } from './export';
import { renderPrint } from './print';

const EXPORT_FLAGS = new Set(['terse', 'verbose', 'compact', 'show-sensitive', 'hide-sensitive']);

export interface SshContext {
  /** The SSH connection, which is what holds safe mode. */
  session: string;
  user: DeviceUser;
}

export interface SshResult {
  output: string;
  exitCode: number;
  isExport?: boolean;
}

const badCommand = (target: string): SshResult => ({ output: `bad command name ${target.replace(/^\//, '').split(/[/ ]/)[0]} (line 1 column 2)\r\n`, exitCode: 1 });

/** `/safe-mode/take` or `/safe-mode take`: RouterOS 7.18 and later. */
function safeMode(state: DeviceState, verb: string, ctx: SshContext): SshResult {
  if (!state.tree['safe-mode']) return badCommand('/safe-mode');
  if (ctx.user.group === 'read') return { output: 'not enough permissions (9)\r\n', exitCode: 1 };
  try {
    switch (verb) {
      case 'take':
        state.takeSafeMode(ctx.session);
        return { output: '', exitCode: 0 };
      case 'release':
        state.releaseSafeMode(ctx.session);
        return { output: '', exitCode: 0 };
      case 'unroll':
        state.revertSafeMode(ctx.session, true);
        return { output: '', exitCode: 0 };
      default:
        return { output: `bad command name ${verb} (line 1 column 12)\r\n`, exitCode: 1 };
    }
  } catch (error) {
    if (error instanceof RestError) return { output: `${error.detail}\r\n`, exitCode: 1 };
    throw error;
  }
}

/** Runs one console command sent over SSH exec; unknown input gets RouterOS's console error. */
export function runSshCommand(state: DeviceState, command: string, ctx: SshContext): SshResult {
  const words = command.trim().split(/\s+/);
  const target = words[0] ?? '';
  const safe = /^\/safe-mode(?:\/([a-z]+))?$/.exec(target);
  if (safe) return safeMode(state, safe[1] ?? words[1] ?? '', ctx);
  if (target === '/export' || target.endsWith('/export')) {
    const flags = words.slice(1);
    const bad = flags.find((f) => !EXPORT_FLAGS.has(f));
    if (bad) return { output: `expected end of command (line 1 column ${command.indexOf(bad) + 1})\r\n`, exitCode: 1 };
    const output = renderExport(state, { verbose: flags.includes('verbose'), terse: flags.includes('terse'), compact: flags.includes('compact'), showSensitive: flags.includes('show-sensitive') });
    return { output, exitCode: 0, isExport: true };
  }
  const print = /^\/([a-z/-]+)\/print$/.exec(target);
  if (print && words.slice(1).every((w) => w === 'without-paging')) {
    const output = renderPrint(state, print[1]);
    if (output !== undefined) return { output, exitCode: 0 };
  }
  return badCommand(target);
}
