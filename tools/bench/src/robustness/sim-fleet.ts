import { enrollSimLines } from '../enroll-sim';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from '../child';
import { SimLine, startSim } from '../sim-process';

export interface SimFleet {
  dataDir: string;
  lines: SimLine[];
  /** PUT/DELETE/GET on the simulator's control API. */
  control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** Simulated devices dev-0… in their own process, enrolled (pinned, admin:admin) into a fresh data directory. */
export async function startSimFleet(devices: number, profile: string, capabilities: Record<string, boolean> = {}): Promise<SimFleet> {
  const sim = await startSim(devices, ['--profile', profile]);
  const dir = mkdtempSync(join(tmpdir(), 'bench-robustness-'));
  const dataDir = join(dir, 'data');
  await enrollSimLines(dataDir, sim.lines, 'robustness', process.env['BENCH_DATABASE_URL'], capabilities);
  return {
    dataDir,
    lines: sim.lines,
    async control(method, path, body) {
      const res = await fetch(`${sim.control}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`simulator ${method} ${path}: ${JSON.stringify(json)}`);
      return json;
    },
    async stop() {
      await stopChild(sim.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
