import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HEAP_PROBE_ARGS } from './memory-watch';

export const SERVER_MAIN = join(__dirname, '..', '..', '..', '..', 'apps', 'stdio-server', 'dist', 'main.js');

/** Every stdout line is sorted as it arrives: a JSON-RPC frame, JSON that is no JSON-RPC, or not JSON at all. */
export interface StdoutTally {
  frames: unknown[];
  notJson: string[];
  notJsonRpc: string[];
}

const isJsonRpc = (frame: unknown): boolean => {
  const one = (f: unknown) => typeof f === 'object' && f !== null && (f as Record<string, unknown>)['jsonrpc'] === '2.0' && ('method' in f || 'result' in f || 'error' in f);
  return Array.isArray(frame) ? frame.length > 0 && frame.every(one) : one(frame);
};

/**
 * The built stdio server driven with raw lines. Waiting is always for a condition on the frames (or the exit),
 * each with a generous upper bound, never for a fixed time.
 */
export class StdioProcess {
  readonly out: StdoutTally = { frames: [], notJson: [], notJsonRpc: [] };
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiters = new Set<() => void>();
  private partial = '';
  /** Where the server writes its memory after GC on SIGUSR2 (with `heapProbe`). */
  readonly heapFile?: string;

  constructor(env: Record<string, string>, options: { heapProbe?: boolean } = {}) {
    this.heapFile = options.heapProbe ? join(mkdtempSync(join(tmpdir(), 'robustness-heap-')), 'heap.json') : undefined;
    const probe = this.heapFile ? { args: HEAP_PROBE_ARGS, env: { BENCH_HEAP_FILE: this.heapFile } } : { args: [], env: {} };
    this.child = spawn(process.execPath, [...probe.args, SERVER_MAIN], { env: { PATH: process.env['PATH'] ?? '', ROUTEROS_MCP_LOG_LEVEL: 'error', ...probe.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (this.partial + chunk).split('\n');
      this.partial = lines.pop()!;
      for (const line of lines) this.take(line);
      this.wake();
    });
    if (process.env['ROBUSTNESS_DEBUG']) this.child.stderr.pipe(process.stderr);
    else this.child.stderr.resume(); // JSON log lines; not measured here
    this.child.stdin.on('error', () => undefined); // a server that exits early must not crash the bench
    this.exited = new Promise((resolve) => this.child.on('close', (code, signal) => {
      if (this.partial) this.take(this.partial);
      this.wake();
      if (this.heapFile) rmSync(dirname(this.heapFile), { recursive: true, force: true });
      resolve({ code, signal });
    }));
  }

  /** Whether the process has ended (waits stop there: nothing more can arrive). */
  get gone(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  get pid(): number {
    return this.child.pid!;
  }

  private take(line: string): void {
    if (line === '') return;
    let frame: unknown;
    try {
      frame = JSON.parse(line);
    } catch {
      this.out.notJson.push(line.slice(0, 200));
      return;
    }
    if (isJsonRpc(frame)) this.out.frames.push(frame);
    else this.out.notJsonRpc.push(line.slice(0, 200));
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Writes the lines, resolving once the pipe has taken them (so that megabyte lines keep memory bounded) or the server is gone. */
  async send(lines: string[]): Promise<void> {
    for (const line of lines) {
      if (this.gone) return;
      if (!this.child.stdin.write(`${line}\n`)) await Promise.race([new Promise<void>((resolve) => this.child.stdin.once('drain', resolve)), this.exited]);
    }
  }

  close(): void {
    this.child.stdin.end();
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  /** Resolves true once `done()` holds, false after `withinMs`. */
  until(done: () => boolean, withinMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (!done() && !this.gone) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        resolve(false);
      }, withinMs);
      this.waiters.add(check);
      check();
    });
  }

  /** The answer frames (arrays flattened) with an id or id null, in arrival order. */
  answers(): Record<string, unknown>[] {
    return this.out.frames.flatMap((f) => (Array.isArray(f) ? f : [f])).filter((f) => 'id' in f && !('method' in f)) as Record<string, unknown>[];
  }
}

export const initialize = (id: string | number, version: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'robustness', version: '1' } } });
export const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
