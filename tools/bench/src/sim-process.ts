import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:https';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startChild } from './child';

const req = createRequire(__filename);
const SIM_MAIN = join(req.resolve('@routeros-mcp/routeros-sim/package.json'), '..', 'dist', 'main.js');

/** One device line the simulator prints when ready. */
export interface SimLine {
  rest_url: string;
  ssh_port: number;
  tls_fingerprint_sha256: string;
  ssh_host_key_sha256: string;
}

/** The simulator in its own process (so it never shares the measured side's event loop), every port free. */
export async function startSim(devices: number, extraArgs: string[] = []): Promise<{ child: ChildProcess; lines: SimLine[]; control: string }> {
  const sim = await startChild(SIM_MAIN, ['--devices', String(devices), '--base-port', '0', '--ssh-base-port', '0', '--control-port', '0', '--users', 'admin:admin', ...extraArgs]);
  return { child: sim.child, lines: sim.lines.filter((l) => l['rest_url']) as unknown as SimLine[], control: sim.lines.at(-1)!['control_url'] as string };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The baseline: one bare keep-alive GET as admin:admin, nothing else. */
export function bareGet(agent: Agent, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const r = request(url, { agent, rejectUnauthorized: false, headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    r.on('error', reject);
    r.end();
  });
}
