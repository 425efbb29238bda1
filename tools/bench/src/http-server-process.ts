import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startChild } from './child';
import { HEAP_PROBE_ARGS, memoryAfterGcOf } from './robustness/memory-watch';

const ROOT = join(__dirname, '..', '..', '..');
const HTTP_SERVER = join(ROOT, 'apps', 'http-server', 'bin', 'routeros-mcp-http.js');
const ADMIN_CLI = join(ROOT, 'apps', 'admin-cli', 'bin', 'routeros-mcp-admin.js');
/** Preload that reports memory after GC on SIGUSR2 (see heap-probe.ts). */
const HEAP_PROBE = HEAP_PROBE_ARGS;
/** The bare SDK v2 HTTP server (this project's dist). */
const BARE_HTTP_SERVER = join(__dirname, 'bare-http-mcp-server.js');

/**
 * How the benchmark authenticates to routeros-mcp-http: `tokens` (a bearer API token from
 * `routeros-mcp-admin token create --json`, checked on every request, as deployed) or `none`.
 */
export const BENCH_AUTH: 'tokens' | 'none' = 'tokens';

/** BENCH_DATABASE_URL (`postgres://…`, an empty database) measures the product on PostgreSQL instead of SQLite. */
export const BENCH_DATABASE_URL = process.env['BENCH_DATABASE_URL'] ?? '';
/** BENCH_SERVER_NODE_ARGS go to the measured server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const NODE_ARGS = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
/** BENCH_SERVER_ENV (a JSON object) adds to the measured server's environment, e.g. `{"MALLOC_ARENA_MAX":"2"}`. */
const EXTRA_ENV: Record<string, string> = JSON.parse(process.env['BENCH_SERVER_ENV'] ?? '{}');

export interface BenchHttpServer {
  url: string;
  pid: number;
  /** `Bearer …` when the server checks tokens. */
  authorization?: string;
  /** Where the server writes its memory after GC when sent SIGUSR2. */
  heapFile: string;
  stop(): Promise<void>;
  /** What the server wrote to stdout (routeros-mcp-http logs to stderr: anything here is pollution), up to 64 kB. */
  stdout?: () => string;
  /** The exit code (or signal) once stopped. */
  exit?: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

/** Environment for the measured server: limits out of the way (rate limits are not what is measured), logs quiet. */
const productEnv = (dataDir: string, databaseUrl = BENCH_DATABASE_URL): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '',
  ROUTEROS_MCP_DATA_DIR: dataDir,
  ...(databaseUrl ? { ROUTEROS_MCP_DATABASE_URL: databaseUrl } : {}),
  ROUTEROS_MCP_AUTH: BENCH_AUTH,
  ROUTEROS_MCP_LOG_LEVEL: 'info', // as deployed; the "listening" line is info
  ROUTEROS_MCP_READ_ONLY: 'true',
  ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000',
  ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '1000000',
  ROUTEROS_MCP_HTTP_MAX_LISTEN_STREAMS: '100000',
  ...EXTRA_ENV,
});

let tokens = 0;
async function createToken(dataDir: string, databaseUrl: string): Promise<string> {
  // Token names are never reused in a data directory: one per server started over it.
  const name = `bench-${process.pid}-${++tokens}`;
  const { stdout } = await promisify(execFile)(process.execPath, [ADMIN_CLI, 'token', 'create', '--name', name, '--role', 'read_only', '--json'], { env: productEnv(dataDir, databaseUrl) });
  return (JSON.parse(stdout) as { token: string }).token;
}

/**
 * routeros-mcp-http on a free loopback port over `dataDir` (enrolled already), with a token when it checks them; on
 * `databaseUrl` (PostgreSQL) when given, so several replicas can share one database.
 */
export async function startProductHttp(dataDir: string, databaseUrl = BENCH_DATABASE_URL): Promise<BenchHttpServer> {
  const authorization = BENCH_AUTH === 'tokens' ? `Bearer ${await createToken(dataDir, databaseUrl)}` : undefined;
  const heapFile = join(dataDir, '..', 'heap.json');
  const child = spawn(process.execPath, [...NODE_ARGS, ...HEAP_PROBE, HTTP_SERVER, '--host', '127.0.0.1', '--port', '0'], {
    env: { ...productEnv(dataDir, databaseUrl), BENCH_HEAP_FILE: heapFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout = (stdout + chunk).slice(0, 65_536)));
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => resolve(void (exit = { code, signal }))));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.includes('routeros-mcp-http listening'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
      else if (buffered.length > 1_000_000) buffered = buffered.slice(-10_000);
    });
    void exited.then(() => reject(new Error(`routeros-mcp-http exited before listening:\n${buffered}`)));
  });
  child.stderr.resume();
  return { url, pid: child.pid!, authorization, heapFile, stop: async () => void (child.kill('SIGTERM'), await exited), stdout: () => stdout, exit: () => exit };
}

/** A bare SDK v2 HTTP server of this project's dist (by default the one-tool one), with the heap probe. */
/**
 * BENCH_BARE_SERVER_ENV (JSON) and BENCH_BARE_NODE_ARGS start the bare server the same way, e.g. with the deployed
 * `MALLOC_ARENA_MAX=1` and `--v8-pool-size=1` the measured server is given, so a memory ratio compares like with like.
 */
const BARE_ENV: Record<string, string> = JSON.parse(process.env['BENCH_BARE_SERVER_ENV'] ?? '{}');
const BARE_NODE_ARGS = (process.env['BENCH_BARE_NODE_ARGS'] ?? '').split(' ').filter(Boolean);

export async function startBareHttp(script = BARE_HTTP_SERVER, env: Record<string, string> = {}): Promise<BenchHttpServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-http-'));
  const heapFile = join(dir, 'heap.json');
  const { child, lines } = await startChild(script, [], { PATH: process.env['PATH'] ?? '', BENCH_HEAP_FILE: heapFile, ...BARE_ENV, ...env }, [...BARE_NODE_ARGS, ...HEAP_PROBE]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: lines.at(-1)!['url'] as string,
    pid: child.pid!,
    heapFile,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's own memory after a full GC (heap-probe.ts), read through SIGUSR2 and its file. */
export const memoryAfterGc = (server: BenchHttpServer): Promise<NodeJS.MemoryUsage> => memoryAfterGcOf(server.pid, server.heapFile);
