import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const MAIN = join(__dirname, '..', 'dist', 'main.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs routeros-mcp-admin as a separate process, the way an operator or a script would. */
export function runAdmin(args: string[], options: { env: Record<string, string>; stdin?: string }): Promise<CliResult> {
  return startAdmin(args, options).done;
}

export interface RunningAdmin {
  pid: number;
  /** Its stderr so far (log lines at the level asked for, errors). */
  stderr: () => string;
  done: Promise<CliResult>;
}

/** Starts routeros-mcp-admin as a separate process; its stderr can be read while it runs. */
export function startAdmin(args: string[], options: { env: Record<string, string>; stdin?: string }): RunningAdmin {
  const child = spawn(process.execPath, [MAIN, ...args], { env: { PATH: process.env['PATH']!, HOME: process.env['HOME'] ?? '/tmp', ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  child.stdin.end(options.stdin ?? '');
  return { pid: child.pid!, stderr: () => stderr, done };
}

/**
 * Runs the CLI on a real pseudo-terminal (util-linux `script`), answering each prompt as it appears,
 * the way an operator at a terminal would.
 */
export function onTerminal(args: string[], env: Record<string, string>, answers: [RegExp, string][]): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, MAIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { PATH: process.env['PATH']!, HOME: '/tmp', TERM: 'dumb', ...env } });
    let screen = '';
    const pending = [...answers];
    child.stdout.on('data', (d: Buffer) => {
      screen += d.toString();
      if (pending.length > 0 && pending[0][0].test(screen)) child.stdin.write(pending.shift()![1]);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen }));
  });
}
