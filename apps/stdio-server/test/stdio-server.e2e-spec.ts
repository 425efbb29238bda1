import { PostgresServer, startPostgres, tempDir } from '@routeros-mcp/testing';
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { connectStdio, MAIN, TRANSPORT } from './fleet-setup';

/** About stdio itself (frames on stdout, exit on stdin EOF): not run over HTTP (apps/http-server has the counterparts). */
const stdioOnly = TRANSPORT === 'stdio' ? it : it.skip;
const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

function dataDir(): string {
  const dir = tempDir('stdio-e2e-');
  dirs.push(dir);
  return join(dir.path, 'data');
}

/**
 * Runs the server with raw frames on stdin; returns stdout lines, stderr and the exit code. Stdin is closed once every
 * request sent has its response on stdout (the event, never a fixed delay); with no request, the server is left to
 * end by itself (the fail-fast cases).
 */
function runRaw(frames: string[], env: Record<string, string>, args: string[] = []): Promise<{ stdout: string[]; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { PATH: process.env['PATH']!, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const awaited = new Set(frames.map((f) => JSON.parse(f) as { id?: number }).filter((f) => f.id !== undefined).map((f) => f.id));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      for (const line of stdout.split('\n').filter(Boolean)) {
        try {
          awaited.delete((JSON.parse(line) as { id?: number }).id);
        } catch {
          // a partial line: the rest comes with the next chunk
        }
      }
      if (awaited.size === 0) child.stdin.end();
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ stdout: stdout.split('\n').filter(Boolean), stderr, code }));
    for (const frame of frames) child.stdin.write(frame + '\n');
  });
}

const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
/** A call that opens the database (opened lazily, by the first request that needs it). */
const deviceList = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'device_list', arguments: {} } });

describe(`routeros-mcp over ${TRANSPORT}`, () => {
  it('answers initialize and ping to the SDK client, with its package name and version', async () => {
    const dir = dataDir();
    const client = await connectStdio(dir);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'routeros-mcp', version: '0.1.0' });
      expect(client.getInstructions()).toContain('lab environment');
      expect(await client.raw.ping()).toEqual({});
      // The database is opened by the first request that needs it (or once the client has been idle a moment).
      expect(await client.raw.callTool({ name: 'device_list', arguments: {} })).toMatchObject({ structuredContent: { total_count: 0 } });
    } finally {
      await client.close();
    }
    // It migrated its embedded database and created its keys, private to the user.
    expect(existsSync(join(dir, 'routeros-mcp.sqlite'))).toBe(true);
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  stdioOnly('prefers protocol 2025-11-25, writes only JSON-RPC frames to stdout, logs JSON to stderr, exits 0 on stdin close', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const { stdout, stderr, code } = await runRaw([initialize, initialized, ping, deviceList], { ROUTEROS_MCP_DATA_DIR: dataDir(), ROUTEROS_MCP_LOG_LEVEL: 'debug' });
    expect(code).toBe(0);
    const frames = stdout.map((line) => JSON.parse(line));
    expect(frames.every((f) => f.jsonrpc === '2.0')).toBe(true);
    expect(frames[0].result.protocolVersion).toBe('2025-11-25');
    expect(frames[1]).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(frames[2]).toMatchObject({ id: 9, result: { structuredContent: { total_count: 0 } } });
    const logs = stderr.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(logs.map((l) => l.message)).toEqual(expect.arrayContaining(['database migrated', 'stdio server ready', 'stdio server stopping']));
  });

  stdioOnly('runs on PostgreSQL, and two servers starting at once on a fresh database both come up', async () => {
    let pg: PostgresServer | undefined;
    try {
      pg = await startPostgres();
      const url = await pg.createDatabase('stdio_e2e');
      const runs = await Promise.all([1, 2].map(() => runRaw([initialize, initialized, deviceList], { ROUTEROS_MCP_DATA_DIR: dataDir(), ROUTEROS_MCP_DATABASE_URL: url })));
      for (const { stdout, stderr, code } of runs) {
        expect(code).toBe(0);
        expect(JSON.parse(stdout[0]).result.serverInfo.name).toBe('routeros-mcp');
        expect(stderr).toContain('"engine":"postgres"');
      }
      // Exactly one of them applied the migration; the other found nothing pending.
      expect(runs.filter((r) => r.stderr.includes('database migrated'))).toHaveLength(1);
    } finally {
      pg?.stop();
    }
  });

  it.each([
    ['a bad environment variable', { ROUTEROS_MCP_ENVIRONMENT: 'production' }, [], 'ROUTEROS_MCP_ENVIRONMENT (environment): must be one of lab, staging, prod (got "production")'],
    ['an unknown flag', {}, ['--colour'], "Unknown option '--colour'"],
    ['a missing config file', {}, ['--config', '/nonexistent/x.yaml'], 'config file /nonexistent/x.yaml: does not exist'],
    ['an unknown tool set', { ROUTEROS_MCP_TOOLSETS: 'device,sytem' }, [], "ROUTEROS_MCP_TOOLSETS: unknown tool sets 'sytem' (did you mean 'system'?)"],
  ])('fails fast on %s with exit 1, a clear message and nothing on stdout', async (_label, env, args, message) => {
    const { stdout, stderr, code } = await runRaw([], { ROUTEROS_MCP_DATA_DIR: dataDir(), ...env }, args as string[]);
    expect(code).toBe(1);
    expect(stdout).toEqual([]);
    expect(stderr).toContain(message);
  });
});
