import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const ADMIN_MAIN = join(__dirname, '..', '..', 'admin-cli', 'dist', 'main.js');

const run = promisify(execFile);

export type Role = 'read_only' | 'ops_rw' | 'admin' | 'approver';

let named = 0;

/** `routeros-mcp-admin token create --name N --role R --json [extra]` on `dataDir`: the token, shown once. */
export async function createToken(dataDir: string, role: Role, name = `e2e-${role}-${process.pid}-${++named}`, env: Record<string, string> = {}, extra: string[] = []): Promise<string> {
  const { stdout } = await run(process.execPath, [ADMIN_MAIN, 'token', 'create', '--name', name, '--role', role, '--json', ...extra], {
    env: { PATH: process.env['PATH']!, ...env, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' },
  });
  const token = (JSON.parse(stdout) as { token?: unknown }).token;
  if (typeof token !== 'string' || !token) throw new Error(`token create printed no token: ${stdout.slice(0, 200)}`);
  return token;
}

export interface HttpAuthSetup {
  mode: 'tokens';
  /** What the server is started with. */
  env: Record<string, string>;
  /** The admin bearer token the clients send (tokens mode). */
  token?: string;
}

const setups = new Map<string, Promise<HttpAuthSetup>>();

/**
 * THE one place that decides how the e2e HTTP servers authenticate their clients: API tokens, with an admin token
 * made by the admin CLI. One admin token per data directory.
 */
export function httpAuthFor(dataDir: string): Promise<HttpAuthSetup> {
  let setup = setups.get(dataDir);
  if (!setup) {
    setup = createToken(dataDir, 'admin').then((token) => ({ mode: 'tokens' as const, env: { ROUTEROS_MCP_AUTH: 'tokens' }, token }));
    setups.set(dataDir, setup);
    setup.catch(() => setups.delete(dataDir));
  }
  return setup;
}
