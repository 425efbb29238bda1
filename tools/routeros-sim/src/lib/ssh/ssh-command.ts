import type { DeviceState } from '../model/device-state';
import { renderExport } from './export';
import { renderPrint } from './print';

const EXPORT_FLAGS = new Set(['terse', 'verbose', 'compact', 'show-sensitive', 'hide-sensitive']);

/** Runs one console command sent over SSH exec; unknown input gets RouterOS's console error. */
export function runSshCommand(state: DeviceState, command: string): { output: string; exitCode: number } {
  const words = command.trim().split(/\s+/);
  const target = words[0] ?? '';
  if (target === '/export' || target.endsWith('/export')) {
    const flags = words.slice(1);
    const bad = flags.find((f) => !EXPORT_FLAGS.has(f));
    if (bad) return { output: `expected end of command (line 1 column ${command.indexOf(bad) + 1})\r\n`, exitCode: 1 };
    return { output: renderExport(state, { verbose: flags.includes('verbose'), terse: flags.includes('terse'), compact: flags.includes('compact'), showSensitive: flags.includes('show-sensitive') }), exitCode: 0 };
  }
  const print = /^\/([a-z/-]+)\/print$/.exec(target);
  if (print && words.slice(1).every((w) => w === 'without-paging')) {
    const output = renderPrint(state, print[1]);
    if (output !== undefined) return { output, exitCode: 0 };
  }
  return { output: `bad command name ${target.replace(/^\//, '').split('/')[0]} (line 1 column 2)\r\n`, exitCode: 1 };
}
