import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './toolchain';

export const HTTP_SERVER_MAIN = join(REPO_ROOT, 'apps', 'http-server', 'dist', 'main.js');

export interface RunningServer {
  /** The MCP endpoint, from the server's "listening" log line. */
  url: string;
  /** Every stderr line so far (JSON log lines), for a failure report. */
  log: string[];
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built routeros-mcp-http on a free loopback port and waits for its "listening" line (up to 60 s). */
export async function startHttpServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(HTTP_SERVER_MAIN)) throw new Error(`${HTTP_SERVER_MAIN} is missing: run \`npx nx run http-server:build\` first`);
  const child = spawn(process.execPath, [HTTP_SERVER_MAIN, '--host', '127.0.0.1', '--port', '0'], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`routeros-mcp-http did not log "listening" within 60 s:\n${log.join('\n')}`)), 60_000);
    let buffered = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        log.push(line);
        if (line.includes('routeros-mcp-http listening')) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        }
      }
    });
    void exited.then((code) => (clearTimeout(timer), reject(new Error(`routeros-mcp-http exited (${code}) before listening:\n${log.join('\n')}`))));
  });
  return {
    url,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
