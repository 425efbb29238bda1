import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startChild, stopChild } from './child';
import { median } from './sim-process';

const req = createRequire(__filename);
const CURRENT = join(req.resolve('@routeros-mcp/routeros-sim/package.json'), '..', 'dist', 'main.js');

/** Resident memory of a process, from /proc (Linux), in KiB. */
function rssKib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? NaN);
}

interface Start {
  seconds: number;
  rssKib: number;
}

/** Starts `main` with N devices in its own process: seconds until it says ready, and its RSS then. */
async function start(main: string, devices: number, version: string): Promise<Start> {
  const started = performance.now();
  const { child } = await startChild(main, ['--devices', String(devices), '--profile', 'mixed', '--version', version, '--base-port', '0', '--ssh-base-port', '0', '--control-port', '0', '--users', 'admin:admin']);
  const seconds = (performance.now() - started) / 1000;
  const rss = rssKib(child.pid!);
  await stopChild(child);
  return { seconds, rssKib: rss };
}

/**
 * Fleet start-up time and memory per device of the simulator against a baseline build of it (issue 23: a
 * 200-device fleet within 2× the start time and 1.5× the memory per device of the code before the whole command
 * tree was served). The baseline is another checkout's built simulator, `BENCH_SIM_BASELINE=<its dist/main.js>`
 * (docs/development.md says how to build one from a commit). Rounds alternate baseline and current; medians.
 * Memory per device is (RSS with N devices − RSS with 1) / (N − 1): the process's own share is left out.
 * Prints figures and ratios; asserts nothing.
 */
export async function simFleetStart(devices = Number(process.env['BENCH_SIM_DEVICES'] ?? 200), rounds = 3): Promise<Record<string, unknown>[]> {
  const baseline = process.env['BENCH_SIM_BASELINE'];
  const builds: [string, string][] = [['current', CURRENT], ...(baseline ? [['baseline', baseline] as [string, string]] : [])];
  const rows: Record<string, unknown>[] = [];
  for (const version of ['7.20.5', '7.15.3']) {
    const figures = new Map<string, { seconds: number[]; perDevice: number[]; one: number[] }>(builds.map(([name]) => [name, { seconds: [], perDevice: [], one: [] }]));
    for (let round = 0; round < rounds; round++) {
      for (const [name, main] of round % 2 === 0 ? builds : [...builds].reverse()) {
        const one = await start(main, 1, version);
        const many = await start(main, devices, version);
        figures.get(name)!.seconds.push(many.seconds);
        figures.get(name)!.perDevice.push((many.rssKib - one.rssKib) / (devices - 1));
        figures.get(name)!.one.push(one.rssKib);
      }
    }
    const current = figures.get('current')!;
    const base = figures.get('baseline');
    rows.push({
      name: `simulator fleet start, ${devices} devices (mixed profiles), RouterOS ${version}`,
      startup_seconds: +median(current.seconds).toFixed(2),
      rss_kib_per_device: Math.round(median(current.perDevice)),
      rss_kib_one_device: median(current.one),
      ...(base
        ? {
            baseline_startup_seconds: +median(base.seconds).toFixed(2),
            baseline_rss_kib_per_device: Math.round(median(base.perDevice)),
            baseline_rss_kib_one_device: median(base.one),
            startup_ratio: +(median(current.seconds) / median(base.seconds)).toFixed(2),
            rss_per_device_ratio: +(median(current.perDevice) / median(base.perDevice)).toFixed(2),
            goal: 'startup ≤ 2×, memory per device ≤ 1.5× (issue 23)',
          }
        : { note: 'no baseline: set BENCH_SIM_BASELINE to a built baseline simulator (dist/main.js) to print ratios' }),
    });
  }
  return rows;
}
