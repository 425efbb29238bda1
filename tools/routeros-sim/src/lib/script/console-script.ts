import type { DeviceState, DeviceUser } from '../model/device-state';
import { parseConsole } from '../ssh/console-parser';
import { scriptHostOf } from './script-host';
import type { ItemNumbers } from '../ssh/item-numbers';

/** Console input the line grammar does not read: the scripting language, and `/system script run`. */
export function isScriptInput(input: string): boolean {
  if (/^\s*[:{]/.test(input) || /(^|[\s/;])script([\s/]+)run(\s|$)/.test(input)) return true;
  try {
    // `print where …` (and any `where`) takes the language's expressions, which only the interpreter evaluates.
    return parseConsole(input).some((line) => line.words.some((w) => w.text === 'where' && w.value === undefined && !w.find));
  } catch {
    // `where`, `$var`, `[/menu get …]`… the console's own reader stops at: the interpreter reads the full language.
    return true;
  }
}

/** Runs console input through the device's script host; `:put` and `print` output comes back with CRLF. */
export async function runConsoleScript(state: DeviceState, input: string, user: DeviceUser, cwd: string[] = [], numbers?: ItemNumbers): Promise<{ output: string; ok: boolean; error?: string }> {
  const host = scriptHostOf(state);
  if (!host) return { output: 'failure: scripting unavailable\r\n', ok: false, error: 'failure: scripting unavailable' };
  const result = await host.run(input, user, 'command', undefined, cwd, numbers);
  const output = result.output.replace(/\r?\n/g, '\r\n');
  if (result.error === undefined) return { output, ok: true };
  return { output: `${output}${result.error}\r\n`, ok: false, error: result.error };
}
