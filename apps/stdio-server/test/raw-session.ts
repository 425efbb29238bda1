import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { MAIN } from './fleet-setup';

/**
 * A server process driven with raw lines, for the protocol edge cases an SDK client would never send. Frames are
 * collected as they arrive; tests wait for the frames they need (by id or count) or for the exit, never for time.
 */
export class RawSession {
  private static readonly running = new Set<ChildProcessWithoutNullStreams>();

  /** Kills every server still running (after a failed test, which never reached its close). */
  static killAll(): void {
    for (const child of RawSession.running) child.kill('SIGKILL');
    RawSession.running.clear();
  }

  readonly frames: any[] = [];
  stderr = '';
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;
  private stdout = '';

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, [MAIN], { env: { PATH: process.env['PATH']!, ROUTEROS_MCP_TOOLSETS: 'all', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (d: Buffer) => {
      this.stdout += d.toString();
      const lines = this.stdout.split('\n');
      this.stdout = lines.pop()!;
      for (const line of lines.filter(Boolean)) this.frames.push(JSON.parse(line));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    RawSession.running.add(this.child);
    this.exited = new Promise((resolve) =>
      this.child.on('close', (code) => {
        RawSession.running.delete(this.child);
        resolve(code);
      }),
    );
  }

  send(...lines: (string | object)[]): void {
    for (const line of lines) this.child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
  }

  /** Writes the lines and closes stdin in the same breath, as `printf … | routeros-mcp` does. */
  sendAndClose(...lines: (string | object)[]): void {
    this.child.stdin.end(lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  }

  close(): void {
    this.child.stdin.end();
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  /** Resolves once `done(frames)` holds; rejects after `withinMs` (a generous bound, not a speed check). */
  until(done: (frames: any[]) => boolean, withinMs = 30_000): Promise<any[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`frames so far: ${JSON.stringify(this.frames).slice(0, 2000)}\nstderr: ${this.stderr.slice(-2000)}`)), withinMs);
      const check = () => {
        if (done(this.frames)) {
          clearTimeout(timer);
          resolve(this.frames);
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }

  byId(id: unknown): any {
    return this.frames.find((f) => !Array.isArray(f) && f.id === id);
  }

  /** Lines written to stderr as JSON log entries. */
  logLines(): any[] {
    return this.stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  }
}

export const initialize = (id: number | string, version = '2025-11-25') => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
export const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
export const request = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

/** The 2026-07-28 envelope a modern client puts in every request's `_meta`. */
export const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/**
 * Requests as a client of `era` writes them: on modern connections every object `params` carries the envelope
 * (merged into any `_meta` given), and there is no initialize.
 */
export function requestFor(era: 'legacy' | 'modern') {
  return (id: unknown, method: string, params?: unknown) => {
    if (era === 'legacy' || Array.isArray(params) || (params !== undefined && (typeof params !== 'object' || params === null))) return request(id, method, params);
    const given = (params ?? {}) as { _meta?: Record<string, unknown> };
    return request(id, method, { ...given, _meta: { ...ENVELOPE, ...given._meta } });
  };
}
