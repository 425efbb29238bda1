import type { ScriptDevice } from './device';
import { ScriptFailure, ScriptSyntaxError } from './errors';
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
export async function runScript(device: ScriptDevice, source: string, globals: Map<string, ScriptValue>, cwd: string[] = []): Promise<ScriptResult> {
  let output = '';
  try {
    const body = parseScript(source);
    precheck(device, body, cwd);
    await new Interpreter(device, { globals, output: (text) => (output += text) }).run(body, cwd);
    return { output };
  } catch (error) {
    if (error instanceof ScriptSyntaxError || error instanceof ScriptFailure) return { output, error: error.message };
    throw error;
  }
}
