import { writeFileSync } from 'node:fs';
import { faultViolations, runFaults } from './faults.robustness';
import { runWriteFaults, WRITE_CAPABILITIES, writeFaultTable, writeFaultViolations } from './write-faults.robustness';
import { figuresTable, fuzzTable } from './figures-table';
import { fuzzViolations, runFuzz, type FuzzFigures } from './fuzz.robustness';
import { runHttpFuzz, type Revision } from './http-fuzz.robustness';
import { seedFromEnv } from './seeded-random';
import { shutdownViolations, runShutdown } from './shutdown.robustness';
import { SimFleet, startSimFleet } from './sim-fleet';

async function withFleet<T>(run: (fleet: SimFleet) => Promise<T>, capabilities: Record<string, boolean> = {}): Promise<T> {
  const fleet = await startSimFleet(1, 'home', capabilities);
  try {
    return await run(fleet);
  } finally {
    await fleet.stop();
  }
}

/**
 * `run-all robustness`: seeded fuzz (stdio and HTTP, 2025-11-25 and 2026-07-28), every device fault and shutdown under load, each against its own simulated
 * device and data directory. Prints tables, then the figures as JSON (last line, or the file ROBUSTNESS_OUT);
 * sets a failing exit code when an invariant is broken.
 */
export async function robustness(): Promise<void> {
  const seed = seedFromEnv();
  const frames = Number(process.env['ROBUSTNESS_FRAMES'] ?? 10_000);
  process.stdout.write(`robustness: seed ${seed} (repeat with ROBUSTNESS_SEED=${seed}), ${frames} frames\n`);
  const fuzz: FuzzFigures[] = [];
  // Each transport × revision against a fresh device and data directory, each with `frames` frames.
  for (const revision of (process.env['ROBUSTNESS_PARTS'] ?? 'fuzz').includes('fuzz') ? (['2025-11-25', '2026-07-28'] as Revision[]) : []) {
    // ROBUSTNESS_TRANSPORTS=stdio or http runs one transport only (both by default).
    const transports = (process.env['ROBUSTNESS_TRANSPORTS'] ?? 'stdio,http').split(',');
    if (transports.includes('stdio')) fuzz.push(await withFleet((fleet) => runFuzz(fleet, seed, frames, revision)));
    if (transports.includes('http')) fuzz.push(await withFleet((fleet) => runHttpFuzz(fleet, seed, frames, revision)));
    // Each row as it is measured (a full run takes long; an interrupted one still leaves its figures).
    process.stderr.write(`${fuzzTable(fuzz)}\n`);
  }
  // ROBUSTNESS_PARTS=fuzz (comma-separated: fuzz, faults, write-faults, shutdown) runs only those; all by default.
  const parts = (process.env['ROBUSTNESS_PARTS'] ?? 'fuzz,faults,write-faults,shutdown').split(',');
  const faults = parts.includes('faults') ? await withFleet(runFaults) : undefined;
  const writeFaults = parts.includes('write-faults') ? await withFleet((fleet) => runWriteFaults(fleet), WRITE_CAPABILITIES) : undefined;
  if (writeFaults) process.stdout.write(`write paths under every device fault:\n${writeFaultTable(writeFaults)}\n`);
  const shutdown = parts.includes('shutdown') ? await withFleet(runShutdown) : undefined;
  const violations = [...fuzz.flatMap(fuzzViolations), ...(faults ? faultViolations(faults) : []), ...(writeFaults ? writeFaultViolations(writeFaults) : []), ...(shutdown ? shutdownViolations(shutdown) : [])];
  process.stdout.write(`${figuresTable(fuzz, faults, shutdown, violations)}\n`);
  const json = JSON.stringify({ name: 'robustness: fuzz, device faults (reads and writes), shutdown', fuzz, faults, write_faults: writeFaults, shutdown, violations });
  const out = process.env['ROBUSTNESS_OUT'];
  if (out) writeFileSync(out, `${json}\n`);
  else process.stdout.write(`${json}\n`);
  if (violations.length) process.exitCode = 1;
}
