import { connectHttp, type Era, type EraClient } from '@routeros-mcp/testing';
import { httpAuthFor } from './http-auth';
import { HTTP_MAIN, RunningHttpServer, startHttpServer } from './http-server.harness';

/*
 * The stdio app's e2e scenarios run over HTTP with this module in place of their ./fleet-setup (jest.config.cjs
 * maps it): same exports, but a "connection" is an HTTP client of a routeros-mcp-http on that data directory,
 * with authentication on (see httpAuthFor).
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- test code reusing the stdio app's e2e fleet helpers, not a dependency
export { enrollSimulated, enrollWriters } from '../../stdio-server/test/fleet-setup';
// eslint-disable-next-line @nx/enforce-module-boundaries -- as above
export type { Enrolment, WriterEnrolment } from '../../stdio-server/test/fleet-setup';

export const TRANSPORT: 'stdio' | 'http' = 'http';
export const MAIN = HTTP_MAIN;

/**
 * 2025-era clients are served statelessly here: each POST is a fresh exchange, so there is no stream for
 * resources/subscribe notifications (refused with METHOD_NOT_FOUND naming subscriptions/listen: see
 * stateless-legacy.e2e-spec), no log level kept from logging/setLevel and no clientInfo after initialize.
 */
export const statelessLegacy = (era: Era): boolean => era === 'legacy';

interface Shared {
  server: Promise<RunningHttpServer>;
  token: Promise<string | undefined>;
  clients: number;
}

/**
 * The scenarios make many calls as one principal: the per-tier limits are lifted unless a scenario sets a limit,
 * and stdio's per-session limit means, over HTTP, the principal's limit on the tier the scenarios call (reads).
 */
const SCENARIO_LIMITS = { ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '100000', ROUTEROS_MCP_RATE_LIMIT_ADVANCED_PER_MINUTE: '100000', ROUTEROS_MCP_RATE_LIMIT_PROFESSIONAL_PER_MINUTE: '100000' };
function httpEnvOf(env: Record<string, string>): Record<string, string> {
  const { ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: perSession, ...rest } = env;
  return perSession ? { ...rest, ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: perSession } : rest;
}

/** The server each open client talks to (see serverStderr). */
const serverOf = new WeakMap<EraClient, RunningHttpServer>();

/** What the server behind `client` writes to stderr from now on: its log lines and Node's own warnings. */
export function serverStderr(client: EraClient): () => string {
  const server = serverOf.get(client);
  if (!server) throw new Error('not a client of a server this module started');
  const from = server.lines.length;
  return () => server.lines.slice(from).join('\n');
}

/** One server per data directory and environment, shared by the clients open at the same time. */
const servers = new Map<string, Shared>();
const children = new Set<RunningHttpServer>();
process.once('exit', () => children.forEach((s) => s.child.kill('SIGKILL')));

const keyOf = (dataDir: string, env: Record<string, string>) => JSON.stringify([dataDir, Object.entries(env).sort(([a], [b]) => a.localeCompare(b))]);

/**
 * Connects the client of `era` (2025-era by default, as over stdio) to a routeros-mcp-http serving `dataDir` with
 * `env`: started on first use, stopped (SIGTERM, drained, exit 0 checked) when its last client closes.
 */
export async function connectStdio(dataDir: string, env: Record<string, string> = {}, era: Era = 'legacy'): Promise<EraClient> {
  const key = keyOf(dataDir, env);
  let shared = servers.get(key);
  if (!shared) {
    const auth = httpAuthFor(dataDir);
    const server = auth.then((a) => startHttpServer({ ROUTEROS_MCP_DATA_DIR: dataDir, ...SCENARIO_LIMITS, ...a.env, ...httpEnvOf(env) }));
    shared = { server, token: auth.then((a) => a.token), clients: 0 };
    servers.set(key, shared);
  }
  shared.clients++;
  const release = async () => {
    if (--shared.clients > 0) return;
    servers.delete(key);
    const server = await shared.server.catch(() => undefined);
    if (!server) return;
    const code = await server.stop();
    children.delete(server);
    if (code !== 0) throw new Error(`routeros-mcp-http exited ${code} on SIGTERM; log:\n${server.lines.slice(-30).join('\n')}`);
  };
  let client: EraClient;
  try {
    const server = await shared.server;
    children.add(server);
    client = await connectHttp(era, server.url, { token: await shared.token });
    serverOf.set(client, server);
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
  const close = client.close.bind(client);
  client.close = async () => {
    try {
      await close();
    } finally {
      await release();
    }
  };
  return client;
}
