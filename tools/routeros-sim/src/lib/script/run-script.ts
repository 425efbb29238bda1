import type { Statement } from './ast';
import type { ScriptDevice } from './device';
import { JobStopped, ScriptFailure, ScriptSyntaxError } from './errors';
import { Interpreter } from './interpreter';
import { parseScript } from './parser';
import { precheck } from './precheck';
import type { ScriptValue } from './values';

export interface ScriptResult {
  output: string;
  /** RouterOS's text for what stopped the script (`no such item`, `syntax error (line 1 column 5)`). */
  error?: string;
}

/**
 * Parses, checks and runs a script: a syntax error runs nothing; a failing command stops the script there
 * (what ran before it stays done), unless an `on-error` catches it.
 */
export async function runScript(device: ScriptDevice, source: string | Statement[], globals: Map<string, ScriptValue>, cwd: string[] = [], signal?: AbortSignal): Promise<ScriptResult> {
  let output = '';
  try {
    // A parsed block (`:execute {…}`) was read and checked with the script it came from.
    const body = typeof source === 'string' ? parseScript(source) : source;
    if (typeof source === 'string') precheck(device, body, cwd);
    await new Interpreter(device, { globals, output: (text) => (output += text), signal }).run(body, cwd);
    return { output };
  } catch (error) {
    // Chosen (docs/simulator.md): a removed job ends with `interrupted`, the console's word for a stopped command.
    if (error instanceof ScriptSyntaxError || error instanceof ScriptFailure || error instanceof JobStopped) return { output, error: error.message };
    throw error;
  }
}
