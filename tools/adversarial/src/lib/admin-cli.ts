import { execFile } from 'node:child_process';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the built admin CLI, as its own e2e specs run it
import { ADMIN_MAIN } from '../../../../apps/http-server/test/http-auth';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `routeros-mcp-admin ARGS` on `dataDir`, stdin given (or closed), as an operator at a shell runs it. */
export function runAdmin(dataDir: string, args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<AdminRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [ADMIN_MAIN, ...args], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ...options.env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(options.stdin ?? '');
  });
}
