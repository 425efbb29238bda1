import type { Principal } from '@routeros-mcp/application-ports';
import { loadConfig } from '@routeros-mcp/config';
import type { Plan, PlanStatus } from '@routeros-mcp/domain-plans';
import { executionLogOf } from '@routeros-mcp/domain-plans';
import { enrollmentOf, Fleet, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, ServerServices } from '../src/index';

/*
 * What the plan integration specs share: simulated devices enrolled on one SQLite data directory, the admin
 * services a person uses and the server services a model reaches, and waits on a plan's committed state.
 */
export const SIM_USER = { name: 'admin', password: 'sim-pw' };
export const operator: Principal = { id: 'spec-operator', via: 'admin-cli' };
/** The assistant: creates and applies plans, can never approve one. */
export const model: Principal = { id: 'model', via: 'stdio' };
export const approver: Principal = { id: 'os:alice', via: 'admin-cli' };
export const TERMINAL: readonly PlanStatus[] = ['completed', 'failed', 'cancelled', 'rejected', 'rolled_back'];

export interface PlanRigOptions {
  fleet: Omit<Parameters<typeof startFleet>[0], 'users'>;
  logLevel: 'debug' | 'info';
  /** Capability flags per device index; undefined leaves the device out of the registry. */
  capabilities: (index: number) => Record<string, boolean> | undefined;
  /** false: plans applied here are not rolled out (nothing is written to a device). */
  runPlans?: boolean;
  /** More configuration (e.g. `ROUTEROS_MCP_DATABASE_URL` for PostgreSQL instead of the data directory's SQLite). */
  env?: Record<string, string>;
  /**
   * true: the server sweeps for changes left unsettled (revert_pending, needs_attention…) as a server does; it then
   * opens the database as a server does, migrations checked (the admin services applied them already).
   */
  recovery?: boolean;
}

export interface PlanRig {
  fleet: Fleet;
  dataDir: string;
  config: ReturnType<typeof loadConfig>;
  admin: AdminServices;
  server: ServerServices;
  /** Every log line both containers wrote. */
  logs: string[];
  close(): Promise<void>;
}

export async function startPlanRig(options: PlanRigOptions): Promise<PlanRig> {
  const fleet = await startFleet({ ...options.fleet, users: [{ ...SIM_USER, group: 'full' }] });
  const dir = tempDir();
  const dataDir = join(dir.path, 'data');
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  const config = loadConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: options.logLevel, ...options.env }, homeDir: '/nonexistent' });
  const admin = (await buildContainer(config, { logStream })).get(AdminServices);
  const server = (await buildContainer(config, { logStream, ...(options.recovery ? {} : { migrate: false }), ...(options.runPlans === false ? { runPlans: false } : {}) })).get(ServerServices);
  for (const device of fleet.devices) {
    const capabilities = options.capabilities(device.index);
    if (capabilities) await admin.devices.enroll(operator, ...enrollmentOf(device, `r${device.index}`, SIM_USER, { capabilities }));
  }
  return {
    fleet,
    dataDir,
    config,
    admin,
    server,
    logs,
    async close() {
      await server.close();
      await admin.close();
      await fleet.stop();
      dir.remove();
    },
  };
}

/** Waits for a committed state of the plan (read from the database), with a generous bound. */
export async function planWhere(server: ServerServices, planId: string, done: (plan: Plan) => boolean, boundMs = 150_000): Promise<Plan> {
  const until = Date.now() + boundMs;
  for (;;) {
    const plan = await server.plans.get(planId);
    if (done(plan)) return plan;
    if (Date.now() > until) throw new Error(`plan ${planId} is still ${plan.status}: ${JSON.stringify(executionLogOf({ transitions: plan.transitions, executionLog: plan.executionLog }).map((l) => l.message))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The plan at its end, once the runner let go of it (on SQLite one connection serves every query, so a read made
 * while the runner's last save is under way could see the plan row before its step rows).
 */
export async function planEnded(server: ServerServices, planId: string): Promise<Plan> {
  await planWhere(server, planId, (p) => TERMINAL.includes(p.status) && !server.rollouts.isRunning(planId));
  return server.plans.get(planId);
}
