import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/*
 * A server process for the rollout specs that kill or race processes: the built libraries' composition running every
 * plan it can lead, with periodic crash recovery of changes; its stderr log kept for the waits.
 */
const WORKSPACE = join(__dirname, '..', '..', '..');

const CHILD = `
const { buildContainer, ServerServices } = require('@routeros-mcp/composition');
const { loadConfig } = require('@routeros-mcp/config');
(async () => {
  const services = (await buildContainer(loadConfig({ env: process.env, homeDir: '/nonexistent' }), { changeRecovery: 'periodic', runPlans: process.env.RUNNER_SPEC_PLANS !== 'off' })).get(ServerServices);
  // Alive until told to stop, as a server is (its listener or stdin): the service's own timers do not hold a process.
  const alive = setInterval(() => undefined, 60_000);
  process.on('SIGTERM', () => services.close().then(() => (clearInterval(alive), process.exit(0))));
  process.stderr.write('runner child ready\\n');
})().catch((e) => process.stderr.write('runner child failed: ' + e.message + '\\n'));
`;

export interface RunnerProcess {
  child: ChildProcess;
  /** Its stderr so far. */
  log: () => string;
  exited: Promise<unknown>;
}

/** Starts a runner process with `env` (short change-lock leases, so a dead one's locks are soon taken over). */
export function startRunnerProcess(env: Record<string, string>): RunnerProcess {
  const child = spawn(process.execPath, ['-e', CHILD], {
    cwd: WORKSPACE,
    env: { PATH: process.env['PATH']!, ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000', ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  return { child, log: () => log, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

/** Reads until `read` answers something, within a generous bound (the event, never a fixed sleep, ends the wait). */
export async function pollUntil<T>(read: () => Promise<T | undefined>, what: () => string, timeoutMs = 150_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what()}`);
    await new Promise((next) => setTimeout(next, everyMs));
  }
}
