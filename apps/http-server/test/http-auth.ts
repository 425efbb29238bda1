import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const ADMIN_MAIN = join(__dirname, '..', '..', 'admin-cli', 'dist', 'main.js');

const run = promisify(execFile);

/**
 * Whether the built routeros-mcp-admin has `token create` (API tokens). Checked synchronously, once, so specs can
 * decide at collection time which tests run. A missing build is an error, never a silent fallback to no auth.
 */
export const TOKENS_AVAILABLE: boolean = (() => {
  if (!existsSync(ADMIN_MAIN)) throw new Error(`${ADMIN_MAIN} is missing: build admin-cli first (npx nx run admin-cli:build)`);
  const help = execFileSync(process.execPath, [ADMIN_MAIN, '--help'], { encoding: 'utf8', env: { PATH: process.env['PATH']! } });
  return /^\s+token\b/m.test(help);
})();

export type Role = 'read_only' | 'ops_rw' | 'admin' | 'approver';

let named = 0;

/** `routeros-mcp-admin token create --name N --role R --json` on `dataDir`: the token, shown once. */
export async function createToken(dataDir: string, role: Role, name = `e2e-${role}-${process.pid}-${++named}`): Promise<string> {
  const { stdout } = await run(process.execPath, [ADMIN_MAIN, 'token', 'create', '--name', name, '--role', role, '--json'], {
    env: { PATH: process.env['PATH']!, ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' },
  });
  const token = (JSON.parse(stdout) as { token?: unknown }).token;
  if (typeof token !== 'string' || !token) throw new Error(`token create printed no token: ${stdout.slice(0, 200)}`);
  return token;
}

export interface HttpAuthSetup {
  mode: 'tokens' | 'none';
  /** What the server is started with. */
  env: Record<string, string>;
  /** The admin bearer token the clients send (tokens mode). */
  token?: string;
}

const setups = new Map<string, Promise<HttpAuthSetup>>();

/**
 * THE one place that decides how the e2e HTTP servers authenticate their clients: API tokens with an admin token
 * made by the admin CLI once it has `token create`; until then (the command not built yet) ROUTEROS_MCP_AUTH=none,
 * which the server allows on loopback only. One admin token per data directory.
 */
export function httpAuthFor(dataDir: string): Promise<HttpAuthSetup> {
  let setup = setups.get(dataDir);
  if (!setup) {
    setup = TOKENS_AVAILABLE
      ? createToken(dataDir, 'admin').then((token) => ({ mode: 'tokens' as const, env: { ROUTEROS_MCP_AUTH: 'tokens' }, token }))
      : Promise.resolve({ mode: 'none' as const, env: { ROUTEROS_MCP_AUTH: 'none' } });
    setups.set(dataDir, setup);
    setup.catch(() => setups.delete(dataDir));
  }
  return setup;
}
