import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

export interface PostgresServer {
  /** URL of the `postgres` database as superuser, on 127.0.0.1. */
  url: string;
  /** The server's data directory (tables, WAL): for specs that inspect what reached the disk. */
  dataDir: string;
  /** Creates a fresh, empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and keeps its data (an outage): `fast` ends sessions cleanly (57P01), `immediate` like a crash. */
  halt(mode?: 'fast' | 'immediate'): void;
  /** Starts a halted server again, on the same port and data. */
  resume(): void;
  stop(): void;
}

function findBinDir(): string {
  if (process.env['PG_BIN'] && existsSync(join(process.env['PG_BIN'], 'initdb'))) return process.env['PG_BIN'];
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql (or set PG_BIN)');
  return join(root, versions[0], 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL server: its own data directory in a temp dir, listening on a free loopback
 * port only, durability off for speed. Debian's initdb refuses to run as root, so as root it runs as `postgres`.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = findBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'routeros-mcp-pg-'));
  const isRoot = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const [c, a] = as(join(bin, cmd), args);
    const result = spawnSync(c, a, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  let running = false;
  const start = () => {
    run('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', options]);
    running = true;
  };
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let counter = 0;
  return {
    url,
    dataDir: data,
    async createDatabase(name = `t${process.pid}_${Date.now()}_${counter++}`) {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    halt(mode = 'fast') {
      run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w']);
      running = false;
    },
    resume: start,
    stop() {
      try {
        if (running) run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
