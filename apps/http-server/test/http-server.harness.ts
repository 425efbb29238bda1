import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export const HTTP_MAIN = join(__dirname, '..', 'dist', 'main.js');

export interface RunningHttpServer {
  url: string;
  /** Origin only (http://127.0.0.1:port), for the health and metadata routes. */
  base: string;
  /** The metrics listener's /metrics, when ROUTEROS_MCP_METRICS_PORT turned it on. */
  metricsUrl?: string;
  child: ChildProcess;
  /** Every stderr line so far (JSON log lines). */
  lines: string[];
  /** Resolves with the first line (already seen or coming) that matches. */
  waitForLine(match: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once `holds(lines)` is true, checked now and on every new line. */
  waitUntil(holds: (lines: string[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** SIGTERM and the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** The exit code, once the process has exited (for specs that send their own signal). */
  exited: Promise<number | null>;
}

/** Starts the built routeros-mcp-http on a free loopback port and waits for its "listening" log line. */
export async function startHttpServer(env: Record<string, string>, args: string[] = []): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [HTTP_MAIN, '--port', '0', ...args], {
    env: { PATH: process.env['PATH']!, ROUTEROS_MCP_TOOLSETS: 'all', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { match: RegExp; resolve: (line: string) => void }[] = [];
  const conditions = new Set<() => void>();
  let buffered = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.match.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
    for (const check of [...conditions]) check();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForLine = (match: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((line) => match.test(line));
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no log line matching ${match} within ${timeoutMs} ms; log:\n${lines.join('\n')}`)), timeoutMs);
      waiters.push({ match, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      void exited.then((code) => reject(new Error(`server exited (${code}) before a line matching ${match}; log:\n${lines.join('\n')}`)));
    });
  const waitUntil = (holds: (lines: string[]) => boolean, what: string, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      if (holds(lines)) return resolve();
      const timer = setTimeout(() => (conditions.delete(check), reject(new Error(`not within ${timeoutMs} ms: ${what}; log:\n${lines.slice(-40).join('\n')}`))), timeoutMs);
      const check = () => {
        if (!holds(lines)) return;
        conditions.delete(check);
        clearTimeout(timer);
        resolve();
      };
      conditions.add(check);
    });
  const ready = JSON.parse(await waitForLine(/routeros-mcp-http listening/)) as { url: string; metrics_url?: string };
  return {
    url: ready.url,
    base: new URL(ready.url).origin,
    ...(ready.metrics_url && ready.metrics_url !== 'off' ? { metricsUrl: ready.metrics_url } : {}),
    child,
    lines,
    waitForLine,
    waitUntil,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
