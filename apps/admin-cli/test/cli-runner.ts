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
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { PATH: process.env['PATH']!, HOME: process.env['HOME'] ?? '/tmp', ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
